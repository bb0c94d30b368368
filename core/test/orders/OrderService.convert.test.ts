import { describe, expect, it } from "vitest"
import { CONVERT_LOCK_MS, Durations } from "../../src/shared/Constants.ts"
import type { UnitType } from "../../src/shared/Enums.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { ADMIN, defaultLand, makeHarness, START, standing, unitPrice } from "../support/OrderHarness.ts"
import { balance, bought, buy, sell } from "../support/OrderSteps.ts"

const alice = MemberId.make("alice")
const bob = MemberId.make("bob")

const convert = (
  h: ReturnType<typeof makeHarness>,
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
  it("converting needs KYC Verified", () => {
    const h = makeHarness({ members: [standing("alice", "Details Saved")] })
    expect(h.fail(convert(h, 10)).message).toBe(
      "Converting Units needs a verified identity: complete your KYC verification first",
    )
  })

  it("Units of A become Units of B at the day's exchange rate and prices, locked in convertLocked (Locked)", () => {
    const h = makeHarness()
    bought(h, alice, 100)
    h.priceBook.current = {
      ...h.priceBook.current,
      prices: { ...h.priceBook.current.prices, LAND_USD: unitPrice("LAND_USD", 12_345) },
    }
    const order = h.run(convert(h, 100))
    // 100 × 12.345 USD × 0.9 = 1,111.05 EUR = 111 Units at 10.000 EUR (floored); the 1.05 EUR left is
    // 1.1666… USD, paid back as $1.17.
    const payouts = h.run(h.orders.payouts(alice))
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
    expect(balance(h, alice, "LAND_USD", "owned")).toBe(0)
    expect(balance(h, alice, "LAND_EUR", "convertLocked")).toBe(111)
  })

  it("the remainder (the source value that buys no whole target Unit) is a payout owed to the member, never kept", () => {
    // The convert: 10 Unit (€) at €10.549 into Unit (£) at £8.967, 1 EUR = 0.85 GBP: 9.9996 Units (£).
    const h = makeHarness()
    h.priceBook.current = {
      ...h.priceBook.current,
      prices: {
        ...h.priceBook.current.prices,
        LAND_EUR: unitPrice("LAND_EUR", 10_549),
        LAND_POUND: unitPrice("LAND_POUND", 8_967),
      },
    }
    h.rates.set("EUR->GBP", 850_000)
    bought(h, alice, 10, "LAND_EUR")
    const request = {
      memberId: alice,
      idempotencyKey: h.key("convert-once"),
      fromUnitType: "LAND_EUR",
      toUnitType: "LAND_POUND",
      numberOfUnits: 10,
    } as const
    const order = h.run(h.orders.createConvert(request))
    expect(order.convert).toMatchObject({
      numberOfUnits: 9,
      remainderInCents: 1_055,
      remainderCurrency: "EUR",
    })
    const payouts = h.run(h.orders.payouts(alice))
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
    expect(balance(h, alice, "LAND_EUR", "owned")).toBe(0)
    expect(balance(h, alice, "LAND_POUND", "convertLocked")).toBe(9)
    // A repeat under the same key answers the first order and owes nothing more.
    expect(h.run(h.orders.createConvert(request))).toEqual(order)
    expect(h.run(h.orders.payouts(alice))).toHaveLength(1)
  })

  it("the admin pays a remainder like a sale's payout (AUD: ready first); the convert's status stays its Units'", () => {
    const h = makeHarness()
    h.priceBook.current = {
      ...h.priceBook.current,
      prices: { ...h.priceBook.current.prices, LAND_AUD: unitPrice("LAND_AUD", 10_001) },
    }
    bought(h, alice, 10, "LAND_AUD")
    // 10 × 10.001 AUD = 100.01 AUD = 10 Units (A$1 = $1 in the harness) at 10.000 USD and 1 cent left.
    const order = h.run(convert(h, 10, "LAND_AUD", "LAND_USD"))
    expect(order.convert).toMatchObject({ numberOfUnits: 10, remainderInCents: 1, remainderCurrency: "AUD" })
    const payoutId = order.convert!.remainderPayoutId!
    const pay = () => h.orders.markPayoutPaid({ actor: ADMIN, idempotencyKey: h.key(), payoutId })
    expect(h.fail(pay())._tag).toBe("InvalidPayoutTransition")
    h.run(h.orders.markPayoutReady({ actor: ADMIN, idempotencyKey: h.key(), payoutId }))
    expect(h.run(pay())).toMatchObject({ status: "Completed", amountCents: 1, currency: "AUD" })
    expect(h.run(h.orders.getOrder(alice, order.orderId)).orderStatus).toBe("Locked")
  })

  it("a convert that buys whole target Units leaves no remainder and owes no payout; its fee is shown in money", () => {
    const h = makeHarness()
    h.priceBook.current = {
      ...h.priceBook.current,
      prices: {
        ...h.priceBook.current.prices,
        LAND_USD: unitPrice("LAND_USD", 10_000, { convertOrderTransactionFeeInUnits: 2 }),
      },
    }
    bought(h, alice, 12)
    // 10 × 10.000 USD × 0.9 = 90.00 EUR = 9 Units at 10.000 EUR exactly; the fee of 2 Units is $20.00.
    const order = h.run(convert(h, 10))
    expect(order.convert).toMatchObject({
      numberOfUnits: 9,
      remainderInCents: 0,
      remainderCurrency: "USD",
      convertOrderTransactionFeeInCents: 2_000,
    })
    expect(order.convert?.remainderPayoutId).toBeUndefined()
    expect(h.run(h.orders.payouts(alice))).toEqual([])
  })

  it("the convert fee is paid in Units of A on top of the Units converted", () => {
    const h = makeHarness()
    h.priceBook.current = {
      ...h.priceBook.current,
      prices: {
        ...h.priceBook.current.prices,
        LAND_USD: unitPrice("LAND_USD", 10_000, { convertOrderTransactionFeeInUnits: 2 }),
      },
    }
    bought(h, alice, 50)
    const refused = h.fail(convert(h, 49))
    expect(refused._tag).toBe("ConvertLimitExceeded")
    expect(refused.message).toBe("You can only convert up to 48 Unit ($)")
    h.run(convert(h, 48))
    expect(balance(h, alice, "LAND_USD", "owned")).toBe(0)
  })

  it("converted Units unlock exactly 30 days after the convert, to owned (Completed)", () => {
    const h = makeHarness()
    bought(h, alice, 10)
    const order = h.run(convert(h, 10, "LAND_USD", "LAND_POUND"))
    h.clock.advance(CONVERT_LOCK_MS - 1)
    expect(h.run(h.orders.unlockDue({ idempotencyKey: h.key() }))).toEqual([])
    h.clock.advance(1)
    const unlocked = h.run(h.orders.unlockDue({ idempotencyKey: h.key() }))
    expect(unlocked.map((o) => [o.orderId, o.orderStatus])).toEqual([[order.orderId, "Completed"]])
    expect(balance(h, alice, "LAND_POUND", "convertLocked")).toBe(0)
    expect(balance(h, alice, "LAND_POUND", "owned")).toBe(10)
  })

  it("a convert needs two different unit types, and must give at least one Unit", () => {
    const h = makeHarness()
    bought(h, alice, 10)
    expect(h.fail(convert(h, 1, "LAND_USD", "LAND_USD")).message).toBe(
      "Choose two different unit types to convert between",
    )
    h.priceBook.current = {
      ...h.priceBook.current,
      prices: { ...h.priceBook.current.prices, LAND_EUR: unitPrice("LAND_EUR", 2_000_000) },
    }
    expect(h.fail(convert(h, 1)).message).toBe("1 Unit ($) are worth less than one Unit (€) today")
  })

  it("a convert never takes the target type beyond its land capacity", () => {
    const h = makeHarness()
    h.priceBook.current = {
      ...h.priceBook.current,
      landLimits: {
        ...h.priceBook.current.landLimits,
        LAND_EUR: defaultLand({ totalProjectLandValueInCents: 20_000 }),
      },
    }
    bought(h, alice, 50)
    // 20 EUR Units of room; 1 USD Unit gives 0.9 EUR Units: at most 23 USD Units (→ 20 EUR Units).
    expect(h.fail(convert(h, 30)).message).toBe("You can only convert up to 23 Unit ($)")
    expect(h.run(convert(h, 23)).convert?.numberOfUnits).toBe(20)
  })

  it("an exchange rate missing today is a typed refusal", () => {
    const h = makeHarness()
    bought(h, alice, 10)
    h.rates.delete("USD->EUR")
    expect(h.fail(convert(h, 10))._tag).toBe("ExchangeRateUnavailable")
  })
})

describe("LU2X vesting through the engine", () => {
  it("LU2X Units can be sold or transferred only from 6 months after purchase, 10% of the total per month", () => {
    const h = makeHarness()
    const order = h.run(buy(h, alice, 200, { isDoubleLand: true }))
    h.run(h.orders.confirmPayment({ actor: ADMIN, idempotencyKey: h.key(), orderId: order.orderId }))
    h.clock.set(Date.UTC(2026, 6, 15) - 1)
    const early = h.fail(sell(h, alice, 20, "LAND_USD", true))
    expect(early._tag).toBe("DoubleLandUnitsLocked")
    expect(early.message).toBe(
      "Only 0 of your LU2X Unit ($) can be sold or transferred now: LU2X Units unlock from 6 months after purchase, 10% of the purchase each month",
    )
    h.clock.set(Date.UTC(2026, 6, 15))
    const sold = h.run(sell(h, alice, 20, "LAND_USD", true))
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
    expect(h.fail(transfer(1))._tag).toBe("DoubleLandUnitsLocked")
    h.clock.set(Date.UTC(2026, 7, 15))
    h.run(transfer(20))
    expect(balance(h, bob, "LAND_USD", "owned")).toBe(20)
    expect(balance(h, alice, "LAND_USD", "owned_DOUBLE_LAND")).toBe(160)
    // The unsold rest of an LU2X sell goes back to owned_DOUBLE_LAND and may be moved again.
    h.run(h.orders.cancelSellRest({ memberId: alice, idempotencyKey: h.key(), orderId: sold.orderId }))
    expect(balance(h, alice, "LAND_USD", "owned_DOUBLE_LAND")).toBe(170)
    h.run(transfer(10))
    h.clock.set(Date.UTC(2027, 3, 15))
    h.run(transfer(150))
    expect(balance(h, alice, "LAND_USD", "owned_DOUBLE_LAND")).toBe(10)
  })

  it("owned Units are not LU2X Units: a plain sell never touches owned_DOUBLE_LAND", () => {
    const h = makeHarness()
    h.run(
      h.orders.confirmPayment({
        actor: ADMIN,
        idempotencyKey: h.key(),
        orderId: h.run(buy(h, alice, 50, { isDoubleLand: true })).orderId,
      }),
    )
    h.clock.advance(400 * Durations.DAY)
    expect(h.fail(sell(h, alice, 20))._tag).toBe("InsufficientUnits")
  })
})
