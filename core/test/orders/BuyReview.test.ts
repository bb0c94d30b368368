import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import fc from "fast-check"
import { priceBuyOrder } from "../../src/fees/Fees.ts"
import {
  BUSINESS_PURPOSE_NOT_CONFIRMED,
  explainBuyCharges,
  PurchaseOrderReferenceField,
  placedBuyCharges,
  requireBusinessPurpose,
} from "../../src/orders/BuyReview.ts"
import { BuyErrors } from "../../src/orders/OrderFamilyErrors.ts"
import { DEFAULT_EXTERNAL_FEES, type ExternalFee } from "../../src/shared/Constants.ts"
import { PaymentMethods } from "../../src/shared/Enums.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { HouseMessage } from "../../src/validation/Messages.ts"
import { makeOrderHarness, standing } from "../support/OrderHarness.ts"

const alice = MemberId.make("alice")
const Form = Schema.Struct({ purchaseOrderReference: PurchaseOrderReferenceField })
const decode = (value: unknown) => Schema.decodeUnknownResult(Form)({ purchaseOrderReference: value })

describe("the purchase-order reference", () => {
  it("is trimmed, and blank leaves it out", () => {
    expect(Schema.decodeUnknownSync(Form)({ purchaseOrderReference: "  PO-2026/118  " })).toEqual({
      purchaseOrderReference: "PO-2026/118",
    })
    expect(Schema.decodeUnknownSync(Form)({ purchaseOrderReference: "   " })).toEqual({})
    expect(Schema.decodeUnknownSync(Form)({})).toEqual({})
  })

  it("holds 1 to 64 printable characters, in the house's words", () => {
    expect(Schema.decodeUnknownSync(Form)({ purchaseOrderReference: "x".repeat(64) })).toEqual({
      purchaseOrderReference: "x".repeat(64),
    })
    expect(String(decode("x".repeat(65)))).toContain(HouseMessage.purchaseOrderReferenceMaxLength)
    expect(String(decode("PO\t118"))).toContain(HouseMessage.purchaseOrderReferencePrintable)
    expect(String(decode("PO\n118"))).toContain(HouseMessage.purchaseOrderReferencePrintable)
    expect(Schema.decodeUnknownSync(Form)({ purchaseOrderReference: "Bestellung Nr. 7 – Süd" })).toEqual({
      purchaseOrderReference: "Bestellung Nr. 7 – Süd",
    })
  })
})

describe("the business-purpose confirmation", () => {
  it.effect("the rule refuses a buy without it, with a tagged error of the buy family", () =>
    Effect.gen(function* () {
      yield* requireBusinessPurpose(true)
      const error = yield* Effect.flip(requireBusinessPurpose(false))
      expect(error._tag).toBe("BusinessPurposeNotConfirmed")
      expect(error.message).toBe(BUSINESS_PURPOSE_NOT_CONFIRMED)
      expect(BuyErrors.createBuy.map((e) => e.identifier)).toContain("BusinessPurposeNotConfirmed")
    }),
  )

  it.effect(
    "createBuy refuses every buyer without it, an individual as a business (the terms bind both)",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness({
          members: [
            { ...standing("alice"), userType: "USER" },
            { ...standing("acme"), userType: "BUSINESS" },
          ],
        })
        for (const memberId of [alice, MemberId.make("acme")]) {
          const request = {
            memberId,
            unitType: "LAND_USD" as const,
            numberOfUnits: 10,
            paymentMethod: "bank" as const,
            isDoubleLand: false,
          }
          const error = yield* h.fail(
            h.orders.createBuy({ ...request, idempotencyKey: h.key(), confirmsBusinessPurpose: false }),
          )
          expect(error._tag).toBe("BusinessPurposeNotConfirmed")
          const order = yield* h.run(
            h.orders.createBuy({ ...request, idempotencyKey: h.key(), confirmsBusinessPurpose: true }),
          )
          expect(order.orderStatus).toBe("Initiated")
        }
      }),
  )

  it.effect("createBuy keeps the reference, trimmed, on the order; refuses a malformed one", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const request = {
        memberId: alice,
        unitType: "LAND_USD" as const,
        numberOfUnits: 10,
        paymentMethod: "bank" as const,
        isDoubleLand: false,
        confirmsBusinessPurpose: true,
      }
      const order = yield* h.run(
        h.orders.createBuy({ ...request, idempotencyKey: h.key(), purchaseOrderReference: " PO-118 " }),
      )
      expect(order.buy?.purchaseOrderReference).toBe("PO-118")
      const without = yield* h.run(h.orders.createBuy({ ...request, idempotencyKey: h.key() }))
      expect(without.buy?.purchaseOrderReference).toBeUndefined()
      const error = yield* h.fail(
        h.orders.createBuy({ ...request, idempotencyKey: h.key(), purchaseOrderReference: "x".repeat(65) }),
      )
      expect(error._tag).toBe("InvalidOrderRequest")
      expect(error.message).toBe(HouseMessage.purchaseOrderReferenceMaxLength)
    }),
  )
})

describe("a buy's charges as named lines", () => {
  it("the spec's example: 30 Units at 10.000 by card (Stripe), buy fee 100, method fee 25 + 1.5%", () => {
    const charges = explainBuyCharges({
      numberOfUnits: 30,
      pricePerUnit: 10_000,
      isDoubleLand: false,
      buyFeeCents: 100,
      paymentMethod: "card-stripe",
      externalFee: DEFAULT_EXTERNAL_FEES["card-stripe"],
    })
    // subtotal 30,000; buy fee 100; card fee (30,100 × 1.5% = 451.5 → 452) + 25 = 477; total 30,577.
    expect(charges.lines.map((l) => [l.kind, l.name, l.amountCents])).toEqual([
      ["units", "30 Units", 30_000],
      ["buyFee", "Buy fee", 100],
      ["methodFee", "Card (Stripe) fee", 477],
    ])
    expect(charges).toMatchObject({ netCents: 30_000, feesCents: 577, totalCents: 30_577 })
    for (const line of charges.lines) expect(line.why).not.toBe("")
  })

  it("a bank transfer has no method fee line; a discount is a negative line", () => {
    const charges = explainBuyCharges({
      numberOfUnits: 30,
      pricePerUnit: 10_000,
      isDoubleLand: false,
      buyFeeCents: 100,
      paymentMethod: "bank",
      externalFee: DEFAULT_EXTERNAL_FEES.bank,
      discount: { isPercent: true, amount: 10 },
    })
    expect(charges.lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ["units", 30_000],
      ["buyFee", 100],
      ["discount", -3_010],
    ])
    expect(charges.totalCents).toBe(27_090)
  })

  const externalFee: fc.Arbitrary<ExternalFee> = fc.record({
    fixedCentsFees: fc.integer({ min: 0, max: 10_000 }),
    fixedPercentageFees: fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100),
  })
  const method = fc.constantFrom(...PaymentMethods)
  const discount = fc.option(
    fc.record({
      isPercent: fc.boolean(),
      amount: fc.integer({ min: 0, max: 10_000 }),
      minPaymentAmountInCents: fc.integer({ min: 0, max: 100_000 }),
    }),
    { nil: undefined },
  )

  it("the lines add up to what the order charges, for every method and amount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 2_500_000 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 10_000 }),
        method,
        externalFee,
        discount,
        (numberOfUnits, pricePerUnit, isDoubleLand, buyFeeCents, paymentMethod, fee, terms) => {
          const input = {
            numberOfUnits,
            pricePerUnit,
            isDoubleLand,
            buyFeeCents,
            paymentMethod,
            externalFee: fee,
            discount: terms,
          }
          const charges = explainBuyCharges(input)
          const priced = priceBuyOrder(input)
          const sum = charges.lines.reduce((total, line) => total + line.amountCents, 0)
          expect(sum).toBe(priced.paymentAmount)
          expect(charges.totalCents).toBe(priced.paymentAmount)
          expect(charges.netCents + charges.feesCents).toBe(priced.subTotal + priced.transactionFee)
          // Every line is a whole number of cents; only a discount is negative; no line is 0 but the Units'.
          for (const line of charges.lines) {
            expect(Number.isInteger(line.amountCents)).toBe(true)
            expect(line.amountCents < 0).toBe(line.kind === "discount")
            if (line.kind !== "units") expect(line.amountCents).not.toBe(0)
          }
          expect(charges.lines.filter((l) => l.kind === "buyFee").map((l) => l.amountCents)).toEqual(
            buyFeeCents > 0 ? [buyFeeCents] : [],
          )
          // The order page and the invoice name the placed order's stored amounts the same way.
          const placed = placedBuyCharges({
            currencyUnit: {
              unitType: "LAND_EUR",
              numberOfUnits,
              pricePerUnit,
              isDoubleLand,
              buyOrderTransactionFeeInCents: buyFeeCents,
            },
            paymentDetails: {
              paymentAmount: priced.paymentAmount,
              paymentMethod,
              paymentMethodFees: fee,
              currency: "EUR",
              subTotal: priced.subTotal,
              transactionFee: priced.transactionFee,
            },
            buy: {
              discount: {
                isPercent: terms?.isPercent ?? false,
                amount: terms?.amount ?? 0,
                minPaymentAmountInCents: terms?.minPaymentAmountInCents ?? 0,
                discountValue: priced.discountValue,
              },
            },
          })
          expect(placed).toEqual(charges)
        },
      ),
    )
  })
})
