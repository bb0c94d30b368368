/**
 * spec §5's limits on a new buy, exactly at each limit and one Unit over, through OrderService: run on the
 * in-memory ports here and on PGlite and the PostgreSQL server by the adapters' tests. On PostgreSQL a buy is
 * checked once it is written (BuyJournal): each check must count the buy once, as the request, and never also as
 * what is already there. A buy that takes exactly what remains passes; one more Unit is refused in the spec's words.
 * Counting the buy twice would refuse the first buy of each test.
 */
import { Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import { OrderService } from "../../src/orders/OrderService.ts"
import type { PriceBookConfig } from "../../src/pricing/ports/PriceBook.ts"
import { IdempotencyKey, MemberId } from "../../src/shared/Ids.ts"
import { defaultLand, defaultPriceBook } from "./OrderHarness.ts"

/** The two members the suite buys as (both confirmed and verified in every engine it runs on). */
export const BUY_LIMITS_MEMBERS = ["m01", "m02"] as const

/** Runs one effect on a fresh engine whose price book is `priceBook`. */
export type OpenEngine = (
  priceBook: PriceBookConfig,
) => <A, E>(effect: Effect.Effect<A, E, OrderService>) => Promise<A>

const [m01, m02] = BUY_LIMITS_MEMBERS.map((id) => MemberId.make(id)) as [MemberId, MemberId]

/** Land of LAND_USD with these limits; the unit price is 10.000 (1,000 cents), the buy fee 1.00, by bank no fee. */
const withLand = (land: Parameters<typeof defaultLand>[0]): PriceBookConfig => {
  const book = defaultPriceBook()
  return { ...book, landLimits: { ...book.landLimits, LAND_USD: defaultLand(land) } }
}

/** Buys in order, each answered by its order's status or its refusal (`_tag: message`). */
const buys = (steps: ReadonlyArray<readonly [MemberId, number, boolean?]>) =>
  Effect.gen(function* () {
    const orders = yield* OrderService
    const outcomes: Array<string> = []
    for (const [i, [memberId, numberOfUnits, isDoubleLand]] of steps.entries()) {
      const result = yield* Effect.result(
        orders.createBuy({
          confirmsBusinessPurpose: true,
          memberId,
          idempotencyKey: IdempotencyKey.make(`limits-${i}`),
          unitType: "LAND_USD",
          numberOfUnits,
          paymentMethod: "bank",
          isDoubleLand: isDoubleLand ?? false,
        }),
      )
      outcomes.push(
        Result.isSuccess(result)
          ? result.success.orderStatus
          : `${result.failure._tag}: ${"message" in result.failure ? result.failure.message : ""}`,
      )
    }
    return outcomes
  })

export const buyLimitsContract = (name: string, open: OpenEngine) =>
  describe(`a new buy's limits, each at its edge (${name})`, () => {
    it("availability: a buy of every Unit still available passes, one Unit more is refused: 'You can only buy up to N Unit ($)'", async () => {
      // Land for 50 Units.
      const outcomes = await open(withLand({ totalProjectLandValueInCents: 50_000 }))(
        buys([
          [m01, 30],
          [m02, 21],
          [m02, 20],
          [m01, 1],
        ]),
      )
      expect(outcomes).toEqual([
        "Initiated",
        "UnitsUnavailable: You can only buy up to 20 Unit ($)",
        "Initiated",
        "UnitsUnavailable: You can only buy up to 0 Unit ($)",
      ])
    })

    it("the pending-purchase limit: a buy that brings the member's pending purchases exactly to the limit passes, one Unit more is refused, naming the pending amount", async () => {
      // A limit of 492.00: 30 Units (301.00) and then 19 Units (191.00) reach it exactly.
      const outcomes = await open(withLand({ maxPendingPurchaseCents: 49_200 }))(
        buys([
          [m01, 30],
          [m01, 20],
          [m01, 19],
          [m01, 1],
          [m02, 30],
        ]),
      )
      expect(outcomes).toEqual([
        "Initiated",
        "PendingPurchaseLimitExceeded: Your current pending purchases amount to $301.00. You can only buy up to $191.00 until your current transactions complete.",
        "Initiated",
        "PendingPurchaseLimitExceeded: Your current pending purchases amount to $492.00. You can only buy up to $0.00 until your current transactions complete.",
        "Initiated",
      ])
    })

    it("the LU2X cap: an LU2X buy of every Unit left in the offer passes, one Unit more is refused: 'Maximum remaining Unit ($) in the LU2X offer: N'", async () => {
      // An LU2X offer worth 500.00 at full price: 50 Units.
      const outcomes = await open(withLand({ maxDoubleLandUnitsBoughtValueInCents: 50_000 }))(
        buys([
          [m01, 30, true],
          [m02, 21, true],
          [m02, 20, true],
          [m01, 1, true],
          [m01, 1, false],
        ]),
      )
      expect(outcomes).toEqual([
        "Initiated",
        "DoubleLandCapExceeded: Maximum remaining Unit ($) in the LU2X offer: 20",
        "Initiated",
        "DoubleLandCapExceeded: Maximum remaining Unit ($) in the LU2X offer: 0",
        "Initiated",
      ])
    })
  })
