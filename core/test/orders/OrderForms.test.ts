/** The order forms' rules (core/src/orders/OrderForms.ts): what the web forms check before sending, in the API's words. */
import { describe, expect, it } from "vitest"
import {
  BuyOrderForm,
  CryptoPaymentForm,
  OrderFormMessage as M,
  TransferOrderForm,
  UnitsOrderForm,
  unitsOf,
} from "../../src/orders/OrderForms.ts"
import { firstErrorByPath, validate } from "../../src/validation/Issues.ts"
import { SpecMessage } from "../../src/validation/Messages.ts"

const errorOf = (result: ReturnType<typeof validate>, path: string) =>
  result.ok ? undefined : firstErrorByPath(result.errors)[path]

describe("order forms", () => {
  it("the number of Units is required and a whole number above 0", () => {
    expect(errorOf(validate(UnitsOrderForm, { numberOfUnits: "  " }), "numberOfUnits")).toBe(M.unitsRequired)
    for (const bad of ["0", "000", "-3", "2.5", "1e3", "ten"]) {
      expect(errorOf(validate(UnitsOrderForm, { numberOfUnits: bad }), "numberOfUnits"), bad).toBe(
        M.unitsWhole,
      )
    }
    expect(errorOf(validate(UnitsOrderForm, { numberOfUnits: "1000000000" }), "numberOfUnits")).toBe(
      M.unitsTooMany,
    )
    const ok = validate(UnitsOrderForm, { numberOfUnits: " 042 " })
    expect(ok.ok && unitsOf(ok.value.numberOfUnits)).toBe(42)
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
