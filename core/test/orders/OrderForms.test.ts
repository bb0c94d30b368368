/** The order forms' rules (core/src/orders/OrderForms.ts): what the web forms check before sending, in the API's words. */
import { describe, expect, it } from "vitest"
import { BUSINESS_PURPOSE_NOT_CONFIRMED } from "../../src/orders/BuyReview.ts"
import {
  BuyOrderForm,
  BuyReviewForm,
  ConvertOrderForm,
  CryptoPaymentForm,
  OrderFormMessage as M,
  SellOrderForm,
  TransferOrderForm,
  unitsOf,
} from "../../src/orders/OrderForms.ts"
import { tooManyUnitsMessage } from "../../src/orders/OrderSize.ts"
import { MAX_UNITS_PER_ORDER } from "../../src/shared/Constants.ts"
import { firstErrorByPath, validate } from "../../src/validation/Issues.ts"
import { SpecMessage } from "../../src/validation/Messages.ts"

const errorOf = (result: ReturnType<typeof validate>, path: string) =>
  result.ok ? undefined : firstErrorByPath(result.errors)[path]

describe("order forms", () => {
  it("the number of Units is required and a whole number above 0", () => {
    expect(errorOf(validate(SellOrderForm, { numberOfUnits: "  " }), "numberOfUnits")).toBe(M.unitsRequired)
    for (const bad of ["0", "000", "-3", "2.5", "1e3", "ten"]) {
      expect(errorOf(validate(SellOrderForm, { numberOfUnits: bad }), "numberOfUnits"), bad).toBe(
        M.unitsWhole,
      )
    }
    const ok = validate(SellOrderForm, { numberOfUnits: " 042 " })
    expect(ok.ok && unitsOf(ok.value.numberOfUnits)).toBe(42)
  })

  it("an order holds at most 1,000,000 Units, and the message names what the member is doing", () => {
    const max = String(MAX_UNITS_PER_ORDER)
    const over = String(MAX_UNITS_PER_ORDER + 1)
    expect(validate(BuyOrderForm, { numberOfUnits: max }).ok).toBe(true)
    expect(errorOf(validate(BuyOrderForm, { numberOfUnits: over }), "numberOfUnits")).toBe(
      "You can buy at most 1,000,000 Units in one order",
    )
    expect(errorOf(validate(SellOrderForm, { numberOfUnits: "1000000000000000" }), "numberOfUnits")).toBe(
      tooManyUnitsMessage("SELL"),
    )
    expect(errorOf(validate(ConvertOrderForm, { numberOfUnits: `000${over}` }), "numberOfUnits")).toBe(
      tooManyUnitsMessage("CONVERT"),
    )
    expect(
      errorOf(
        validate(TransferOrderForm, { numberOfUnits: over, recipientEmail: "rosa@example.com" }),
        "numberOfUnits",
      ),
    ).toBe(tooManyUnitsMessage("TRANSFER"))
  })

  it("a blank reference code is left out of the buy", () => {
    expect(validate(BuyOrderForm, { numberOfUnits: "5", referenceCode: "  " })).toEqual({
      ok: true,
      value: { numberOfUnits: "5" },
    })
    expect(
      errorOf(validate(BuyOrderForm, { numberOfUnits: "5", referenceCode: "x".repeat(65) }), "referenceCode"),
    ).toBe(M.referenceCodeMaxLength)
  })

  it("the buy's review: the business-purpose box must be ticked, the purchase-order reference is optional and trimmed", () => {
    expect(
      errorOf(validate(BuyReviewForm, { confirmsBusinessPurpose: false }), "confirmsBusinessPurpose"),
    ).toBe(BUSINESS_PURPOSE_NOT_CONFIRMED)
    expect(errorOf(validate(BuyReviewForm, {}), "confirmsBusinessPurpose")).toBe(
      BUSINESS_PURPOSE_NOT_CONFIRMED,
    )
    expect(validate(BuyReviewForm, { confirmsBusinessPurpose: true, purchaseOrderReference: "  " })).toEqual({
      ok: true,
      value: { confirmsBusinessPurpose: true },
    })
    expect(
      validate(BuyReviewForm, { confirmsBusinessPurpose: true, purchaseOrderReference: " PO-2026/118 " }),
    ).toEqual({ ok: true, value: { confirmsBusinessPurpose: true, purchaseOrderReference: "PO-2026/118" } })
  })

  it("a transfer needs the recipient's email, checked with the spec's email messages", () => {
    expect(
      errorOf(validate(TransferOrderForm, { numberOfUnits: "5", recipientEmail: "" }), "recipientEmail"),
    ).toBe(M.recipientEmailRequired)
    expect(
      errorOf(validate(TransferOrderForm, { numberOfUnits: "5", recipientEmail: "a@b" }), "recipientEmail"),
    ).toBe(SpecMessage.emailMinLength)
    expect(
      errorOf(
        validate(TransferOrderForm, { numberOfUnits: "5", recipientEmail: "rosa@example" }),
        "recipientEmail",
      ),
    ).toBe(SpecMessage.invalidEmailFormat)
    expect(validate(TransferOrderForm, { numberOfUnits: "5", recipientEmail: " rosa@example.com " }).ok).toBe(
      true,
    )
  })

  it("a crypto payment needs a plausible transaction hash", () => {
    expect(errorOf(validate(CryptoPaymentForm, { transactionHash: "" }), "transactionHash")).toBe(
      M.transactionHashRequired,
    )
    expect(errorOf(validate(CryptoPaymentForm, { transactionHash: "abc" }), "transactionHash")).toBe(
      M.transactionHashFormat,
    )
    expect(validate(CryptoPaymentForm, { transactionHash: `0x${"ab12".repeat(16)}` }).ok).toBe(true)
  })
})
