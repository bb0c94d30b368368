/**
 * Crypto amounts in the coin's smallest unit with integers only, from the CoinPrices port's current price;
 * the refusal without a receiving address or without a current price; and the payment settings: a half-configured provider stops the app, production never falls back to test
 * mode silently.
 */

import { describe, expect, it } from "@effect/vitest"
import { CryptoPayments } from "@landunits/core/orders/ports/CryptoPayments.ts"
import { COIN_PRICE_MAX_AGE_MS, CoinPrices } from "@landunits/core/pricing/ports/CoinPrices.ts"
import type { CryptoCoin } from "@landunits/core/shared/Enums.ts"
import { Cause, ConfigProvider, Effect, Exit, Layer } from "effect"
import { TestClock } from "effect/testing"
import {
  CryptoPaymentsConfigured,
  coinSmallestUnits,
  formatCoinAmount,
} from "../../src/payments/CryptoPaymentsConfigured.ts"
import {
  type CoinMode,
  readPaymentsSettings,
  TEST_MODE_COIN_ADDRESSES,
} from "../../src/payments/PaymentsConfig.ts"

describe("crypto amounts", () => {
  it("are whole satoshi and wei, rounded up so the member never sends less than the order", () => {
    // €100.00 at €65,000.00 per BTC = 0.00153846153… BTC → 153,847 satoshi.
    expect(coinSmallestUnits(10_000, 6_500_000n, "BITCOIN")).toBe(153_847n)
    expect(formatCoinAmount(153_847n, "BITCOIN")).toBe("0.00153847")
    // $100.00 at $3,000.00 per ETH = 0.0333… ETH → 33,333,333,333,333,334 wei.
    expect(coinSmallestUnits(10_000, 300_000n, "ETHER")).toBe(33_333_333_333_333_334n)
    expect(formatCoinAmount(33_333_333_333_333_334n, "ETHER")).toBe("0.033333333333333334")
    // An exact division is not rounded.
    expect(coinSmallestUnits(6_500_000, 6_500_000n, "BITCOIN")).toBe(100_000_000n)
    expect(formatCoinAmount(100_000_000n, "BITCOIN")).toBe("1.00000000")
  })

  it("stay exact far beyond floating point (a large order in wei)", () => {
    const units = coinSmallestUnits(250_000_000, 123_457n, "ETHER")
    expect(units * 123_457n >= 250_000_000n * 10n ** 18n).toBe(true)
    expect((units - 1n) * 123_457n < 250_000_000n * 10n ** 18n).toBe(true)
  })

  const NOW = Date.UTC(2027, 0, 1, 12)
  /** Asks the configured adapter for `coin` at `now`, after the given prices were set. */
  const requestAt = (
    now: number,
    coin: CryptoCoin,
    prices: ReadonlyArray<{ coin: CryptoCoin; centsPerCoin: number; asOf: number }>,
    coins: Readonly<Record<CryptoCoin, CoinMode>> = {
      BITCOIN: { _tag: "Live", address: "bc1qlandunits" },
      ETHER: { _tag: "Live", address: "0xabc" },
    },
  ) =>
    Effect.exit(
      Effect.gen(function* () {
        yield* TestClock.setTime(now)
        const coinPrices = yield* CoinPrices
        for (const p of prices) yield* coinPrices.set({ ...p, currency: "EUR" })
        return yield* (yield* CryptoPayments).requestPayment({
          orderId: "o1",
          amountCents: 10_000,
          currency: "EUR",
          coin,
          idempotencyKey: "o1:payment",
        })
      }).pipe(Effect.provide(Layer.provideMerge(CryptoPaymentsConfigured(coins), CoinPrices.layerMemory))),
    )

  it.effect("are refused without a receiving address for the coin, with a message that says so", () =>
    Effect.gen(function* () {
      const exit = yield* requestAt(
        NOW,
        "BITCOIN",
        [{ coin: "BITCOIN", centsPerCoin: 6_500_000, asOf: NOW }],
        {
          BITCOIN: { _tag: "Refused" },
          ETHER: { _tag: "Live", address: "0xabc" },
        },
      )
      expect(Exit.isFailure(exit)).toBe(true)
      expect(JSON.stringify(exit)).toContain("no receiving address is configured")
    }),
  )

  it.effect(
    "are computed from the newest current price of the CoinPrices port, in the order's currency",
    () =>
      Effect.gen(function* () {
        const exit = yield* requestAt(NOW, "BITCOIN", [
          { coin: "BITCOIN", centsPerCoin: 6_000_000, asOf: NOW - 3_600_000 },
          { coin: "BITCOIN", centsPerCoin: 6_500_000, asOf: NOW - 60_000 },
          { coin: "ETHER", centsPerCoin: 300_000, asOf: NOW - 60_000 },
        ])
        // €100.00 at €65,000.00 per BTC → 153,847 satoshi, rounded up.
        expect(Exit.isSuccess(exit) && exit.value).toEqual({
          address: "bc1qlandunits",
          coin: "BITCOIN",
          coinAmount: "0.00153847",
          centsPerCoin: 6_500_000,
          testMode: false,
        })
      }),
  )

  it.effect(
    "are refused, not charged at an old rate, when the newest price is COIN_PRICE_MAX_AGE_MS (24 hours) old",
    () =>
      Effect.gen(function* () {
        const exit = yield* requestAt(NOW, "ETHER", [
          { coin: "ETHER", centsPerCoin: 300_000, asOf: NOW - COIN_PRICE_MAX_AGE_MS },
        ])
        expect(Exit.isFailure(exit) && Cause.squash(exit.cause)).toMatchObject({
          _tag: "PaymentProviderError",
          provider: "crypto",
          message:
            "Payment in ETHER is not available: there is no current ETHER price in EUR. Please try again later or choose another payment method.",
        })
      }),
  )
})

describe("coins offered", () => {
  const NOW = Date.UTC(2027, 0, 1, 12)
  const offersAt = (
    coins: Readonly<Record<CryptoCoin, CoinMode>>,
    prices: ReadonlyArray<{ coin: CryptoCoin; currency: "EUR" | "USD"; centsPerCoin: number; asOf: number }>,
  ) =>
    Effect.gen(function* () {
      yield* TestClock.setTime(NOW)
      const coinPrices = yield* CoinPrices
      for (const p of prices) yield* coinPrices.set(p)
      return yield* (yield* CryptoPayments).offers
    }).pipe(Effect.provide(Layer.provideMerge(CryptoPaymentsConfigured(coins), CoinPrices.layerMemory)))

  it.effect(
    "a coin is offered in the currencies it has a current price in, and not at all without an address",
    () =>
      Effect.gen(function* () {
        const offers = yield* offersAt(
          { BITCOIN: { _tag: "Live", address: "bc1qx" }, ETHER: { _tag: "Refused" } },
          [
            { coin: "BITCOIN", currency: "EUR", centsPerCoin: 6_500_000, asOf: NOW - 60_000 },
            { coin: "BITCOIN", currency: "USD", centsPerCoin: 7_000_000, asOf: NOW - COIN_PRICE_MAX_AGE_MS },
            { coin: "ETHER", currency: "EUR", centsPerCoin: 300_000, asOf: NOW - 60_000 },
          ],
        )
        expect(offers).toEqual({
          BITCOIN: { mode: "live", pricedIn: ["EUR"] },
          ETHER: { mode: "unavailable", pricedIn: [] },
        })
      }),
  )

  it.effect(
    "a production start without addresses or coin prices offers no coin; development offers both in test mode once priced",
    () =>
      Effect.gen(function* () {
        const production = yield* settingsWith({ NODE_ENV: "production" })
        expect(Exit.isSuccess(production) && production.value.crypto).toEqual({
          BITCOIN: { _tag: "Refused" },
          ETHER: { _tag: "Refused" },
        })
        if (!Exit.isSuccess(production)) return
        expect(yield* offersAt(production.value.crypto, [])).toEqual({
          BITCOIN: { mode: "unavailable", pricedIn: [] },
          ETHER: { mode: "unavailable", pricedIn: [] },
        })
        // Addresses but no price: still not offered.
        const addressed = yield* settingsWith({
          NODE_ENV: "production",
          CRYPTO_BTC_ADDRESS: "bc1qlive",
          CRYPTO_ETH_ADDRESS: "0xlive",
        })
        if (!Exit.isSuccess(addressed)) throw new Error("settings refused")
        expect(yield* offersAt(addressed.value.crypto, [])).toEqual({
          BITCOIN: { mode: "live", pricedIn: [] },
          ETHER: { mode: "live", pricedIn: [] },
        })
        const development = yield* settingsWith({})
        if (!Exit.isSuccess(development)) throw new Error("settings refused")
        expect(development.value.crypto).toEqual({
          BITCOIN: { _tag: "TestMode", address: TEST_MODE_COIN_ADDRESSES.BITCOIN },
          ETHER: { _tag: "TestMode", address: TEST_MODE_COIN_ADDRESSES.ETHER },
        })
        const priced = yield* offersAt(development.value.crypto, [
          { coin: "ETHER", currency: "USD", centsPerCoin: 330_000, asOf: NOW },
        ])
        expect(priced.ETHER).toEqual({ mode: "test", pricedIn: ["USD"] })
      }),
  )
})

const settingsWith = (env: Record<string, string>) =>
  Effect.exit(
    readPaymentsSettings.pipe(Effect.provide(ConfigProvider.layer(ConfigProvider.fromEnvRecord(env)))),
  )

describe("payment settings", () => {
  it.effect("run both card methods in test mode when no key is set (development)", () =>
    Effect.gen(function* () {
      const exit = yield* settingsWith({})
      expect(Exit.isSuccess(exit) && [exit.value.stripe._tag, exit.value.square._tag]).toEqual([
        "TestMode",
        "TestMode",
      ])
    }),
  )

  it.effect("refuse card methods without keys in production unless PAYMENTS_TEST_MODE=true", () =>
    Effect.gen(function* () {
      const refused = yield* settingsWith({ NODE_ENV: "production" })
      expect(Exit.isSuccess(refused) && refused.value.stripe._tag).toBe("Refused")
      const allowed = yield* settingsWith({ NODE_ENV: "production", PAYMENTS_TEST_MODE: "true" })
      expect(Exit.isSuccess(allowed) && allowed.value.square._tag).toBe("TestMode")
    }),
  )

  it.effect("stop the app when a provider is half configured", () =>
    Effect.gen(function* () {
      const stripe = yield* settingsWith({ STRIPE_SECRET_KEY: "sk_live_x" })
      expect(Exit.isFailure(stripe) && JSON.stringify(stripe)).toContain("STRIPE_WEBHOOK_SECRET")
      const square = yield* settingsWith({ SQUARE_ACCESS_TOKEN: "t", SQUARE_WEBHOOK_SIGNATURE_KEY: "k" })
      expect(Exit.isFailure(square) && JSON.stringify(square)).toContain("SQUARE_LOCATION_ID")
    }),
  )
})
