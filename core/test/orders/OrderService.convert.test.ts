import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { CONVERT_LOCK_MS, Durations } from "../../src/shared/Constants.ts"
import type { UnitType } from "../../src/shared/Enums.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import {
  ADMIN,
  makeOrderHarness,
  type OrderHarness,
  START,
  setLand,
  standing,
  unitPrice,
} from "../support/OrderHarness.ts"
import { balance, bought, buy, sell } from "../support/OrderSteps.ts"

const alice = MemberId.make("alice")
const bob = MemberId.make("bob")

const convert = (
  h: OrderHarness,
  numberOfUnits: number,
  from: UnitType = "LAND_USD",
  to: UnitType = "LAND_EUR",
) =>
  h.orders.createConvert({
    memberId: alice,
    idempotencyKey: h.key(),
    fromUnitType: from,
    toUnitType: to,
    numberOfUnits,
  })

describe("converting", () => {
  it.effect("converting needs KYC Verified", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness({ members: [standing("alice", "Details Saved")] })
      expect((yield* h.fail(convert(h, 10))).message).toBe(
        "Converting Units needs a verified identity: complete your KYC verification first",
      )
    }),
  )

  it.effect(
    "Units of A become Units of B at the day's exchange rate and prices, locked in convertLocked (Locked)",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        yield* bought(h, alice, 100)
        h.priceBook.current = {
          ...h.priceBook.current,
          prices: { ...h.priceBook.current.prices, LAND_USD: unitPrice("LAND_USD", 12_345) },
        }
        const order = yield* h.run(convert(h, 100))
        // 100 × 12.345 USD × 0.9 = 1,111.05 EUR = 111 Units at 10.000 EUR (floored); the 1.05 EUR left is
        // 1.1666… USD, paid back as $1.17.
        const payouts = yield* h.run(h.orders.payouts(alice))
        expect(order.convert).toEqual({
          numberOfUnits: 111,
          unitType: "LAND_EUR",
          pricePerUnit: 10_000,
          exchangeRate: 900_000,
          remainderInCents: 117,
          remainderCurrency: "USD",
          remainderPayoutId: payouts[0]!.payoutId,
          convertOrderTransactionFeeInCents: 0,
        })
        expect(order.timeline.map((e) => e.to)).toEqual(["Initiated", "Locked"])
        expect(order.unlockAt).toBe(START + CONVERT_LOCK_MS)
        expect(yield* balance(h, alice, "LAND_USD", "owned")).toBe(0)
        expect(yield* balance(h, alice, "LAND_EUR", "convertLocked")).toBe(111)
      }),
  )

  it.effect(
    "the remainder (the source value that buys no whole target Unit) is a payout owed to the member, never kept",
    () =>
      Effect.gen(function* () {
        // The convert: 10 Unit (€) at €10.549 into Unit (£) at £8.967, 1 EUR = 0.85 GBP: 9.9996 Units (£).
        const h = yield* makeOrderHarness()
        h.priceBook.current = {
          ...h.priceBook.current,
          prices: {
            ...h.priceBook.current.prices,
            LAND_EUR: unitPrice("LAND_EUR", 10_549),
            LAND_POUND: unitPrice("LAND_POUND", 8_967),
          },
        }
        h.rates.set("EUR->GBP", 850_000)
        yield* bought(h, alice, 10, "LAND_EUR")
        const request = {
          memberId: alice,
          idempotencyKey: h.key("convert-once"),
          fromUnitType: "LAND_EUR",
          toUnitType: "LAND_POUND",
          numberOfUnits: 10,
        } as const
        const order = yield* h.run(h.orders.createConvert(request))
        expect(order.convert).toMatchObject({
          numberOfUnits: 9,
          remainderInCents: 1_055,
          remainderCurrency: "EUR",
        })
        const payouts = yield* h.run(h.orders.payouts(alice))
        expect(payouts).toEqual([
          {
            payoutId: order.convert?.remainderPayoutId,
            memberId: alice,
            kind: "convertRemainder",
            sellOrderId: order.orderId,
            buyOrderId: order.orderId,
            unitType: "LAND_EUR",
            units: 0,
            pricePerUnit: 10_549,
            amountCents: 1_055,
            currency: "EUR",
            status: "Initiated",
            statusHistory: [{ status: "Initiated", at: START }],
            createdAt: START,
          },
        ])
        // The ledger moves whole Units only, and balances: 10 Units (€) retired, 9 Units (£) issued, locked.
        expect(yield* balance(h, alice, "LAND_EUR", "owned")).toBe(0)
        expect(yield* balance(h, alice, "LAND_POUND", "convertLocked")).toBe(9)
        // A repeat under the same key answers the first order and owes nothing more.
        expect(yield* h.run(h.orders.createConvert(request))).toEqual(order)
        expect(yield* h.run(h.orders.payouts(alice))).toHaveLength(1)
      }),
  )

  it.effect(
    "the admin pays a remainder like a sale's payout (AUD: ready first); the convert's status stays its Units'",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        h.priceBook.current = {
          ...h.priceBook.current,
          prices: { ...h.priceBook.current.prices, LAND_AUD: unitPrice("LAND_AUD", 10_001) },
        }
        yield* bought(h, alice, 10, "LAND_AUD")
        // 10 × 10.001 AUD = 100.01 AUD = 10 Units (A$1 = $1 in the harness) at 10.000 USD and 1 cent left.
        const order = yield* h.run(convert(h, 10, "LAND_AUD", "LAND_USD"))
        expect(order.convert).toMatchObject({
          numberOfUnits: 10,
          remainderInCents: 1,
          remainderCurrency: "AUD",
        })
        const payoutId = order.convert!.remainderPayoutId!
        const pay = () => h.orders.markPayoutPaid({ actor: ADMIN, idempotencyKey: h.key(), payoutId })
        expect((yield* h.fail(pay()))._tag).toBe("InvalidPayoutTransition")
        yield* h.run(h.orders.markPayoutReady({ actor: ADMIN, idempotencyKey: h.key(), payoutId }))
        expect(yield* h.run(pay())).toMatchObject({ status: "Completed", amountCents: 1, currency: "AUD" })
        expect((yield* h.run(h.orders.getOrder(alice, order.orderId))).orderStatus).toBe("Locked")
      }),
  )

  it.effect(
    "a convert that buys whole target Units leaves no remainder and owes no payout; its fee is shown in money",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        h.priceBook.current = {
          ...h.priceBook.current,
          prices: {
            ...h.priceBook.current.prices,
            LAND_USD: unitPrice("LAND_USD", 10_000, { convertOrderTransactionFeeInUnits: 2 }),
          },
        }
        yield* bought(h, alice, 12)
        // 10 × 10.000 USD × 0.9 = 90.00 EUR = 9 Units at 10.000 EUR exactly; the fee of 2 Units is $20.00.
        const order = yield* h.run(convert(h, 10))
        expect(order.convert).toMatchObject({
          numberOfUnits: 9,
          remainderInCents: 0,
          remainderCurrency: "USD",
          convertOrderTransactionFeeInCents: 2_000,
        })
        expect(order.convert?.remainderPayoutId).toBeUndefined()
        expect(yield* h.run(h.orders.payouts(alice))).toEqual([])
      }),
  )

  it.effect("the convert fee is paid in Units of A on top of the Units converted", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      h.priceBook.current = {
        ...h.priceBook.current,
        prices: {
          ...h.priceBook.current.prices,
          LAND_USD: unitPrice("LAND_USD", 10_000, { convertOrderTransactionFeeInUnits: 2 }),
        },
      }
      yield* bought(h, alice, 50)
      const refused = yield* h.fail(convert(h, 49))
      expect(refused._tag).toBe("ConvertLimitExceeded")
      expect(refused.message).toBe("You can only convert up to 48 Unit ($)")
      yield* h.run(convert(h, 48))
      expect(yield* balance(h, alice, "LAND_USD", "owned")).toBe(0)
    }),
  )

  it.effect("converted Units unlock exactly 30 days after the convert, to owned (Completed)", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      yield* bought(h, alice, 10)
      const order = yield* h.run(convert(h, 10, "LAND_USD", "LAND_POUND"))
      yield* TestClock.adjust(CONVERT_LOCK_MS - 1)
      expect(yield* h.run(h.orders.unlockDue({ idempotencyKey: h.key() }))).toEqual([])
      yield* TestClock.adjust(1)
      const unlocked = yield* h.run(h.orders.unlockDue({ idempotencyKey: h.key() }))
      expect(unlocked.map((o) => [o.orderId, o.orderStatus])).toEqual([[order.orderId, "Completed"]])
      expect(yield* balance(h, alice, "LAND_POUND", "convertLocked")).toBe(0)
      expect(yield* balance(h, alice, "LAND_POUND", "owned")).toBe(10)
    }),
  )

  it.effect("a convert needs two different unit types, and must give at least one Unit", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      yield* bought(h, alice, 10)
      expect((yield* h.fail(convert(h, 1, "LAND_USD", "LAND_USD"))).message).toBe(
        "Choose two different unit types to convert between",
      )
      h.priceBook.current = {
        ...h.priceBook.current,
        prices: { ...h.priceBook.current.prices, LAND_EUR: unitPrice("LAND_EUR", 2_000_000) },
      }
      expect((yield* h.fail(convert(h, 1))).message).toBe("1 Unit ($) are worth less than one Unit (€) today")
    }),
  )

  it.effect("a convert never takes the target type beyond its land capacity", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      setLand(h, "LAND_EUR", { totalProjectLandValueInCents: 20_000 })
      yield* bought(h, alice, 50)
      // 20 EUR Units of room; 1 USD Unit gives 0.9 EUR Units: at most 23 USD Units (→ 20 EUR Units).
      expect((yield* h.fail(convert(h, 30))).message).toBe("You can only convert up to 23 Unit ($)")
      expect((yield* h.run(convert(h, 23))).convert?.numberOfUnits).toBe(20)
    }),
  )

  it.effect("an exchange rate missing today is a typed refusal", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      yield* bought(h, alice, 10)
      h.rates.delete("USD->EUR")
      expect((yield* h.fail(convert(h, 10)))._tag).toBe("ExchangeRateUnavailable")
    }),
  )
})

describe("LU2X vesting through the engine", () => {
  it.effect(
    "LU2X Units can be sold or transferred only from 6 months after purchase, 10% of the total per month",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        const order = yield* h.run(buy(h, alice, 200, { isDoubleLand: true }))
        yield* h.run(
          h.orders.confirmPayment({ actor: ADMIN, idempotencyKey: h.key(), orderId: order.orderId }),
        )
        yield* TestClock.setTime(Date.UTC(2026, 6, 15) - 1)
        const early = yield* h.fail(sell(h, alice, 20, "LAND_USD", true))
        expect(early._tag).toBe("DoubleLandUnitsLocked")
        expect(early.message).toBe(
          "Only 0 of your LU2X Unit ($) can be sold or transferred now: LU2X Units unlock from 6 months after purchase, 10% of the purchase each month",
        )
        yield* TestClock.setTime(Date.UTC(2026, 6, 15))
        const sold = yield* h.run(sell(h, alice, 20, "LAND_USD", true))
        expect(sold.sell?.source).toBe("owned_DOUBLE_LAND")
        expect(sold.currencyUnit.isDoubleLand).toBe(true)
        const transfer = (n: number) =>
          h.orders.createTransfer({
            memberId: alice,
            idempotencyKey: h.key(),
            unitType: "LAND_USD",
            numberOfUnits: n,
            recipientEmail: "bob@example.com",
            isDoubleLand: true,
          })
        expect((yield* h.fail(transfer(1)))._tag).toBe("DoubleLandUnitsLocked")
        yield* TestClock.setTime(Date.UTC(2026, 7, 15))
        yield* h.run(transfer(20))
        expect(yield* balance(h, bob, "LAND_USD", "owned")).toBe(20)
        expect(yield* balance(h, alice, "LAND_USD", "owned_DOUBLE_LAND")).toBe(160)
        // The unsold rest of an LU2X sell goes back to owned_DOUBLE_LAND and may be moved again.
        yield* h.run(
          h.orders.cancelSellRest({ memberId: alice, idempotencyKey: h.key(), orderId: sold.orderId }),
        )
        expect(yield* balance(h, alice, "LAND_USD", "owned_DOUBLE_LAND")).toBe(170)
        yield* h.run(transfer(10))
        yield* TestClock.setTime(Date.UTC(2027, 3, 15))
        yield* h.run(transfer(150))
        expect(yield* balance(h, alice, "LAND_USD", "owned_DOUBLE_LAND")).toBe(10)
      }),
  )

  it.effect("owned Units are not LU2X Units: a plain sell never touches owned_DOUBLE_LAND", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      yield* h.run(
        h.orders.confirmPayment({
          actor: ADMIN,
          idempotencyKey: h.key(),
          orderId: (yield* h.run(buy(h, alice, 50, { isDoubleLand: true }))).orderId,
        }),
      )
      yield* TestClock.adjust(400 * Durations.DAY)
      expect((yield* h.fail(sell(h, alice, 20)))._tag).toBe("InsufficientUnits")
    }),
  )
})
