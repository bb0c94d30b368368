import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { convertedUnits, maxUnitsConvertingInto } from "../../src/orders/Convert.ts"
import {
  addMonthsUtc,
  fullMonthsBetween,
  lockedDoubleLandUnits,
  movableDoubleLandUnits,
  vestedPercent,
  vestedUnits,
} from "../../src/orders/DoubleLandVesting.ts"
import type { OrderRecord, Payout } from "../../src/orders/OrderModel.ts"
import { byJob, byMember } from "../../src/orders/OrderTimeline.ts"
import {
  canPayoutTransition,
  canTransition,
  isTerminal,
  movePayout,
  moveTo,
  ORDER_TRANSITIONS,
} from "../../src/orders/OrderTransitions.ts"
import { checkCardMinimum, expiryWindowMs, isCardMethod } from "../../src/orders/PaymentRules.ts"
import { canonicalJson, requestHash, sha256Hex } from "../../src/orders/RequestHash.ts"
import { fillFromQueue, remainingInQueue } from "../../src/orders/SalesQueue.ts"
import { Durations } from "../../src/shared/Constants.ts"
import { MemberId, OrderId, PayoutId } from "../../src/shared/Ids.ts"
import { ADMIN } from "../support/OrderHarness.ts"

const at = (iso: string) => Date.parse(iso)

describe("LU2X vesting", () => {
  it("counts full calendar months, clamping to the end of shorter months", () => {
    expect(addMonthsUtc(at("2026-01-31T10:00:00Z"), 1)).toBe(at("2026-02-28T10:00:00Z"))
    expect(fullMonthsBetween(at("2026-01-31T10:00:00Z"), at("2026-02-28T10:00:00Z"))).toBe(1)
    expect(fullMonthsBetween(at("2026-01-15T00:00:00Z"), at("2026-07-14T23:59:59Z"))).toBe(5)
    expect(fullMonthsBetween(at("2026-01-15T00:00:00Z"), at("2026-07-15T00:00:00Z"))).toBe(6)
    expect(fullMonthsBetween(at("2026-07-15T00:00:00Z"), at("2026-01-15T00:00:00Z"))).toBe(0)
  })

  it("nothing vests before 6 months, 10% at 6 months, 10% more each month, all at 15 months", () => {
    expect([0, 5, 6, 7, 14, 15, 40].map(vestedPercent)).toEqual([0, 0, 10, 20, 90, 100, 100])
  })

  it("LU2X Units can be sold or transferred only as they vest, per purchase lot", () => {
    const bought = at("2026-01-15T00:00:00Z")
    const lot = { units: 105, at: bought }
    expect(vestedUnits(lot, at("2026-07-14T23:59:59Z"))).toBe(0)
    expect(vestedUnits(lot, at("2026-07-15T00:00:00Z"))).toBe(10)
    expect(vestedUnits(lot, at("2026-08-15T00:00:00Z"))).toBe(21)
    const later = { units: 50, at: at("2026-03-01T00:00:00Z") }
    expect(lockedDoubleLandUnits([lot, later], at("2026-08-15T00:00:00Z"))).toBe(84 + 50)
    expect(movableDoubleLandUnits(155, [lot, later], at("2026-08-15T00:00:00Z"))).toBe(21)
    // After 11 of them were sold, 10 more may move; Units back from a cancelled sell count again.
    expect(movableDoubleLandUnits(144, [lot, later], at("2026-08-15T00:00:00Z"))).toBe(10)
    expect(movableDoubleLandUnits(100, [lot, later], at("2026-08-15T00:00:00Z"))).toBe(0)
  })

  it("the vested share never decreases as time passes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 600 }), (units, days) => {
        const lot = { units, at: at("2026-01-31T12:00:00Z") }
        const t = lot.at + days * Durations.DAY
        expect(vestedUnits(lot, t + Durations.DAY)).toBeGreaterThanOrEqual(vestedUnits(lot, t))
        expect(vestedUnits(lot, t)).toBeLessThanOrEqual(units)
      }),
    )
  })
})

describe("the sales queue", () => {
  const sell = (orderId: string, sequence: number, remaining: number) => ({
    orderId: OrderId.make(orderId),
    memberId: MemberId.make(`m_${orderId}`),
    sequence,
    remaining,
  })

  it("a buy is filled from the oldest queued sells first, then from issuance", () => {
    const fill = fillFromQueue([sell("late", 9, 50), sell("old", 2, 30), sell("empty", 1, 0)], 100)
    expect(fill.slices.map((s) => [s.sell.orderId, s.units])).toEqual([
      ["old", 30],
      ["late", 50],
    ])
    expect(fill.fromIssuance).toBe(20)
  })

  it("takes only what the buy needs", () => {
    const fill = fillFromQueue([sell("a", 1, 30), sell("b", 2, 30)], 40)
    expect(fill.slices.map((s) => s.units)).toEqual([30, 10])
    expect(fill.fromIssuance).toBe(0)
  })

  it("what is left of a sell is queued − sold − cancelled", () => {
    expect(
      remainingInQueue({ source: "owned", feeUnits: 10, queuedUnits: 90, soldUnits: 30, cancelledUnits: 0 }),
    ).toBe(60)
  })
})

describe("convert", () => {
  it("converts at the day's prices and rate, floored to whole Units", () => {
    // 100 Units at 12.345 USD = 1,234.50 USD = 1,111.05 EUR at 0.9 = 111 Units at 10.000 EUR.
    expect(
      convertedUnits({ units: 100, fromPricePerUnit: 12_345, toPricePerUnit: 10_000, exchangeRate: 900_000 }),
    ).toBe(111)
    expect(() =>
      convertedUnits({ units: 1, fromPricePerUnit: 1, toPricePerUnit: 0, exchangeRate: 1 }),
    ).toThrow(RangeError)
  })

  it("the largest convert that fits in the target capacity is exact", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 2_500_000 }),
        fc.integer({ min: 1, max: 2_500_000 }),
        fc.integer({ min: 1, max: 5_000_000 }),
        (target, fromPricePerUnit, toPricePerUnit, exchangeRate) => {
          const input = { fromPricePerUnit, toPricePerUnit, exchangeRate }
          const most = maxUnitsConvertingInto(target, input)
          expect(convertedUnits({ units: most, ...input })).toBeLessThanOrEqual(target)
          expect(convertedUnits({ units: most + 1, ...input })).toBeGreaterThan(target)
        },
      ),
    )
    expect(() =>
      maxUnitsConvertingInto(1, { fromPricePerUnit: 0, toPricePerUnit: 1, exchangeRate: 1 }),
    ).toThrow(RangeError)
  })
})

describe("payment rules", () => {
  it("unpaid bank, crypto and method-less orders expire after 72 hours, card orders after 1 hour", () => {
    expect(expiryWindowMs("bank")).toBe(72 * Durations.HOUR)
    expect(expiryWindowMs("crypto")).toBe(72 * Durations.HOUR)
    expect(expiryWindowMs("None")).toBe(72 * Durations.HOUR)
    expect(expiryWindowMs("card-stripe")).toBe(Durations.HOUR)
    expect(expiryWindowMs("card-square")).toBe(Durations.HOUR)
    expect(isCardMethod("bank")).toBe(false)
  })

  it("a card payment below the provider minimum is refused with a message naming the minimum", () => {
    expect(checkCardMinimum(49, "EUR")).toBe("Card payments must be at least €0.50")
    expect(checkCardMinimum(50, "USD")).toBeUndefined()
    expect(checkCardMinimum(29, "GBP")).toBe("Card payments must be at least £0.30")
  })
})

describe("idempotency request hash", () => {
  it("is SHA-256 (FIPS 180-4 test vectors)", () => {
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    expect(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe(
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    )
  })

  it("does not depend on the order of keys, and leaves undefined out", () => {
    expect(canonicalJson({ b: 1, a: [1, undefined, { d: null, c: "x" }], z: undefined })).toBe(
      '{"a":[1,null,{"c":"x","d":null}],"b":1}',
    )
    expect(requestHash("createBuy", { a: 1, b: 2 })).toBe(requestHash("createBuy", { b: 2, a: 1 }))
    expect(requestHash("createBuy", { a: 1 })).not.toBe(requestHash("createSell", { a: 1 }))
  })
})

describe("the status transition table", () => {
  const order = (
    orderType: OrderRecord["orderType"],
    orderStatus: OrderRecord["orderStatus"],
  ): OrderRecord => ({
    orderId: OrderId.make("ord_1"),
    orderType,
    orderStatus,
    currencyUnit: { unitType: "LAND_USD", numberOfUnits: 1, pricePerUnit: 1, isDoubleLand: false },
    createdAt: "2026-01-15T00:00:00.000Z",
    updatedAt: "2026-01-15T00:00:00.000Z",
    memberId: MemberId.make("alice"),
    sequence: 1,
    timeline: [{ at: 0, to: orderStatus, actor: byMember(MemberId.make("alice")) }],
  })

  it("a buy goes Initiated → InProcess → PaymentSent → FundsWaitingApproval → Approved → Completed (bank)", () => {
    const path = [
      "Initiated",
      "InProcess",
      "PaymentSent",
      "FundsWaitingApproval",
      "Approved",
      "Completed",
    ] as const
    for (let i = 1; i < path.length; i++) expect(canTransition("BUY", path[i - 1]!, path[i]!)).toBe(true)
  })

  it("a buy goes InProcess → PaymentSent_FromUserCrypto → Approved (crypto) and InProcess → Approved (card)", () => {
    expect(canTransition("BUY", "InProcess", "PaymentSent_FromUserCrypto")).toBe(true)
    expect(canTransition("BUY", "PaymentSent_FromUserCrypto", "Approved")).toBe(true)
    expect(canTransition("BUY", "InProcess", "Approved")).toBe(true)
  })

  it("an admin may confirm a buy from any status before Approved, and a late payment after Expired", () => {
    for (const from of [
      "Initiated",
      "InProcess",
      "PaymentSent",
      "PaymentSent_FromUserCrypto",
      "FundsWaitingApproval",
      "Expired",
    ] as const) {
      expect(canTransition("BUY", from, "Approved")).toBe(true)
    }
    expect(canTransition("BUY", "Cancelled", "Approved")).toBe(false)
    expect(canTransition("BUY", "Failed", "Approved")).toBe(false)
  })

  it("a member cancels a buy only before payment", () => {
    expect(canTransition("BUY", "Initiated", "Cancelled")).toBe(true)
    expect(canTransition("BUY", "InProcess", "Cancelled")).toBe(true)
    expect(canTransition("BUY", "PaymentSent", "Cancelled")).toBe(false)
    expect(canTransition("BUY", "Approved", "Cancelled")).toBe(false)
  })

  it("a sell goes InProcess → PartialComplete → AllUnitSold → Completed", () => {
    expect(canTransition("SELL", "Initiated", "InProcess")).toBe(true)
    expect(canTransition("SELL", "InProcess", "PartialComplete")).toBe(true)
    expect(canTransition("SELL", "PartialComplete", "AllUnitSold")).toBe(true)
    expect(canTransition("SELL", "AllUnitSold", "Completed")).toBe(true)
    expect(canTransition("SELL", "AllUnitSold", "Cancelled")).toBe(false)
  })

  it("a transfer is Completed at once; a convert is Locked, then Completed", () => {
    expect(ORDER_TRANSITIONS.TRANSFER).toEqual({ Initiated: ["Completed"] })
    expect(ORDER_TRANSITIONS.CONVERT).toEqual({ Initiated: ["Locked"], Locked: ["Completed"] })
  })

  it("Completed, Cancelled and Failed are final", () => {
    for (const type of ["BUY", "SELL", "TRANSFER", "CONVERT"] as const)
      expect(isTerminal(type, "Completed")).toBe(true)
    expect(isTerminal("BUY", "Cancelled")).toBe(true)
    expect(isTerminal("BUY", "Failed")).toBe(true)
    expect(isTerminal("BUY", "Expired")).toBe(false)
  })

  it("any other move is refused with InvalidTransition naming from and to", () => {
    const refused = moveTo(order("BUY", "Completed"), "Cancelled", 5, {
      actor: byMember(MemberId.make("alice")),
    })
    expect(Result.isFailure(refused)).toBe(true)
    if (Result.isFailure(refused)) {
      expect(refused.failure._tag).toBe("InvalidTransition")
      expect(refused.failure.message).toBe("A BUY order cannot go from Completed to Cancelled")
      expect([refused.failure.from, refused.failure.to]).toEqual(["Completed", "Cancelled"])
    }
  })

  it("an allowed move appends one timeline entry (from, to, its time, who and why) and sets updatedAt", () => {
    const at = Date.parse("2026-02-01T00:00:00Z")
    const moved = moveTo(order("CONVERT", "Initiated"), "Locked", at, {
      actor: byJob("convertLock"),
      reason: "  a reason  ",
    })
    expect(Result.isSuccess(moved) && moved.success.timeline).toEqual([
      { at: 0, to: "Initiated", actor: byMember(MemberId.make("alice")) },
      { at, from: "Initiated", to: "Locked", actor: byJob("convertLock"), reason: "a reason" },
    ])
    expect(Result.isSuccess(moved) && moved.success.updatedAt).toBe("2026-02-01T00:00:00.000Z")
    const blank = moveTo(order("CONVERT", "Initiated"), "Locked", at, { actor: ADMIN, reason: " " })
    expect(Result.isSuccess(blank) && blank.success.timeline[1]).toEqual({
      at,
      from: "Initiated",
      to: "Locked",
      actor: ADMIN,
    })
  })

  it("an AUD payout passes AUDReadyToSendBetweenAccounts before Completed; other currencies go straight", () => {
    expect(canPayoutTransition(true, "Initiated", "AUDReadyToSendBetweenAccounts")).toBe(true)
    expect(canPayoutTransition(true, "Initiated", "Completed")).toBe(false)
    expect(canPayoutTransition(true, "AUDReadyToSendBetweenAccounts", "Completed")).toBe(true)
    expect(canPayoutTransition(false, "Initiated", "Completed")).toBe(true)
    expect(canPayoutTransition(false, "Initiated", "AUDReadyToSendBetweenAccounts")).toBe(false)
    expect(canPayoutTransition(false, "Completed", "Initiated")).toBe(false)
    const payout: Payout = {
      payoutId: PayoutId.make("pay_1"),
      memberId: MemberId.make("alice"),
      sellOrderId: OrderId.make("ord_s"),
      buyOrderId: OrderId.make("ord_b"),
      unitType: "LAND_AUD",
      units: 3,
      pricePerUnit: 10_000,
      amountCents: 3000,
      currency: "AUD",
      status: "Initiated",
      statusHistory: [{ status: "Initiated", at: 0 }],
      createdAt: 0,
    }
    const early = movePayout(payout, "Completed", 1)
    expect(Result.isFailure(early) && early.failure.message).toBe(
      "An AUD payout must be marked AUDReadyToSendBetweenAccounts before it is paid",
    )
    const usd = movePayout({ ...payout, currency: "USD" }, "AUDReadyToSendBetweenAccounts", 1)
    expect(Result.isFailure(usd) && usd.failure.message).toBe(
      "Only an AUD payout is marked AUDReadyToSendBetweenAccounts",
    )
    const back = movePayout({ ...payout, status: "Completed" }, "Initiated", 1)
    expect(Result.isFailure(back) && back.failure.message).toBe(
      "A payout cannot go from Completed to Initiated",
    )
  })
})
