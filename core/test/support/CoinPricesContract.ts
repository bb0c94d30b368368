/**
 * The contract of the CoinPrices port (cents per whole coin, per order currency, as of an instant): run on
 * memory here, on PGlite and PostgreSQL by the adapters' tests.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { TestClock } from "effect/testing"
import {
  COIN_PRICE_MAX_AGE_MS,
  type CoinPrice,
  CoinPrices,
  currentCoinPrice,
} from "../../src/pricing/ports/CoinPrices.ts"

const NOW = Date.UTC(2027, 0, 1, 12)

const price = (over: Partial<CoinPrice> = {}): CoinPrice => ({
  coin: "BITCOIN",
  currency: "EUR",
  centsPerCoin: 6_500_000,
  asOf: NOW - 60_000,
  ...over,
})

export const coinPricesContract = (name: string, makeLayer: () => Layer.Layer<CoinPrices>) => {
  /** Runs `effect` over the adapter, the test clock set to `now`. */
  const at = <A, E>(effect: Effect.Effect<A, E, CoinPrices>, now = NOW) =>
    TestClock.setTime(now).pipe(Effect.andThen(effect), Effect.provide(makeLayer()))

  describe(`CoinPrices contract (${name})`, () => {
    it.effect("answers the newest price of a coin in a currency, not another coin's or currency's", () =>
      Effect.gen(function* () {
        const result = yield* at(
          Effect.gen(function* () {
            const prices = yield* CoinPrices
            yield* prices.set(price({ centsPerCoin: 6_400_000, asOf: NOW - 3_600_000 }))
            yield* prices.set(price({ centsPerCoin: 6_500_000, asOf: NOW - 60_000 }))
            yield* prices.set(price({ centsPerCoin: 6_300_000, asOf: NOW - 7_200_000 }))
            yield* prices.set(price({ currency: "USD", centsPerCoin: 7_000_000 }))
            yield* prices.set(price({ coin: "ETHER", centsPerCoin: 300_000 }))
            return {
              btcEur: yield* prices.latest("BITCOIN", "EUR"),
              btcUsd: yield* prices.latest("BITCOIN", "USD"),
              ethEur: yield* prices.latest("ETHER", "EUR"),
              ethGbp: yield* prices.latest("ETHER", "GBP"),
            }
          }),
        )
        expect(Option.getOrThrow(result.btcEur)).toStrictEqual(price({ centsPerCoin: 6_500_000 }))
        expect(Option.getOrThrow(result.btcUsd).centsPerCoin).toBe(7_000_000)
        expect(Option.getOrThrow(result.ethEur).centsPerCoin).toBe(300_000)
        expect(Option.isNone(result.ethGbp)).toBe(true)
      }),
    )

    it.effect("a price dated after now is not used before its time", () =>
      Effect.gen(function* () {
        const program = Effect.gen(function* () {
          const prices = yield* CoinPrices
          yield* prices.set(price({ centsPerCoin: 1_000_000, asOf: NOW - 1 }))
          yield* prices.set(price({ centsPerCoin: 2_000_000, asOf: NOW + 1 }))
          return yield* prices.latest("BITCOIN", "EUR")
        })
        expect(Option.getOrThrow(yield* at(program)).centsPerCoin).toBe(1_000_000)
      }),
    )

    it.effect("a second price for the same coin, currency and instant replaces the first", () =>
      Effect.gen(function* () {
        const result = yield* at(
          Effect.gen(function* () {
            const prices = yield* CoinPrices
            yield* prices.set(price({ centsPerCoin: 6_500_000 }))
            yield* prices.set(price({ centsPerCoin: 6_600_000 }))
            return yield* prices.latest("BITCOIN", "EUR")
          }),
        )
        expect(Option.getOrThrow(result).centsPerCoin).toBe(6_600_000)
      }),
    )

    it.effect("keeps a price of many digits exactly (integer cents, no float rounding)", () =>
      Effect.gen(function* () {
        const big = Number.MAX_SAFE_INTEGER
        const result = yield* at(
          Effect.gen(function* () {
            const prices = yield* CoinPrices
            yield* prices.set(price({ centsPerCoin: big, asOf: 1_700_000_000_123 }))
            return yield* prices.latest("BITCOIN", "EUR")
          }),
        )
        expect(Option.getOrThrow(result)).toStrictEqual(price({ centsPerCoin: big, asOf: 1_700_000_000_123 }))
      }),
    )

    it.effect(
      "a price is current for less than COIN_PRICE_MAX_AGE_MS (24 hours); older, the payment is refused with CoinPriceUnavailable",
      () =>
        Effect.gen(function* () {
          const setAt = NOW - COIN_PRICE_MAX_AGE_MS + 1
          const program = Effect.gen(function* () {
            yield* (yield* CoinPrices).set(price({ asOf: setAt }))
            return yield* Effect.result(currentCoinPrice("BITCOIN", "EUR"))
          })
          const fresh = yield* at(program)
          expect(fresh._tag === "Success" && fresh.success.centsPerCoin).toBe(6_500_000)
          const stale = yield* at(program, NOW + 1)
          expect(stale._tag === "Failure" && stale.failure).toMatchObject({
            _tag: "CoinPriceUnavailable",
            coin: "BITCOIN",
            currency: "EUR",
            staleAsOf: setAt,
            message:
              "Payment in BITCOIN is not available: there is no current BITCOIN price in EUR. Please try again later or choose another payment method.",
          })
        }),
    )

    it.effect("without any price the payment is refused, with no stale date", () =>
      Effect.gen(function* () {
        const result = yield* at(Effect.flip(currentCoinPrice("ETHER", "AUD")))
        expect(result._tag).toBe("CoinPriceUnavailable")
        expect(result.message).toContain("there is no current ETHER price in AUD")
        expect("staleAsOf" in result).toBe(false)
      }),
    )
  })
}
