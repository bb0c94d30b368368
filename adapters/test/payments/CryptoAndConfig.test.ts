/**
 * Crypto amounts in the coin's smallest unit with integers only, from the CoinPrices port's current price;
 * the refusal without a receiving address or without a current price; and the payment settings: a half-configured provider stops the app, production never falls back to test
 * mode silently.
 */
import { CryptoPayments } from "@landunits/core/orders/ports/CryptoPayments.ts"
import { COIN_PRICE_MAX_AGE_MS, CoinPrices } from "@landunits/core/pricing/ports/CoinPrices.ts"
import type { CryptoCoin } from "@landunits/core/shared/Enums.ts"
import { ManualClock } from "@landunits/core/test-support/ManualClock.ts"
import { Cause, ConfigProvider, Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import {
  CryptoPaymentsConfigured,
  coinSmallestUnits,
  formatCoinAmount,
} from "../../src/payments/CryptoPaymentsConfigured.ts"
import { readPaymentsSettings } from "../../src/payments/PaymentsConfig.ts"

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
    addresses = { BITCOIN: "bc1qlandunits", ETHER: "0xabc" } as {
      BITCOIN: string | undefined
      ETHER: string | undefined
    },
  ) =>
    Effect.runPromiseExit(
      Effect.gen(function* () {
        const coinPrices = yield* CoinPrices
        for (const p of prices) yield* coinPrices.set({ ...p, currency: "EUR" })
        return yield* (yield* CryptoPayments).requestPayment({
          orderId: "o1",
          amountCents: 10_000,
          currency: "EUR",
          coin,
          idempotencyKey: "o1:payment",
        })
      }).pipe(
        Effect.provide(Layer.provideMerge(CryptoPaymentsConfigured(addresses), CoinPrices.layerMemory)),
        ManualClock.provide(ManualClock.make(now)),
      ),
    )

  it("are refused without a receiving address for the coin, with a message that says so", async () => {
    const exit = await requestAt(NOW, "BITCOIN", [{ coin: "BITCOIN", centsPerCoin: 6_500_000, asOf: NOW }], {
      BITCOIN: undefined,
      ETHER: "0xabc",
    })
    expect(Exit.isFailure(exit)).toBe(true)
    expect(JSON.stringify(exit)).toContain("no receiving address is configured")
  })

  it("are computed from the newest current price of the CoinPrices port, in the order's currency", async () => {
    const exit = await requestAt(NOW, "BITCOIN", [
      { coin: "BITCOIN", centsPerCoin: 6_000_000, asOf: NOW - 3_600_000 },
      { coin: "BITCOIN", centsPerCoin: 6_500_000, asOf: NOW - 60_000 },
      { coin: "ETHER", centsPerCoin: 300_000, asOf: NOW - 60_000 },
    ])
    // €100.00 at €65,000.00 per BTC → 153,847 satoshi, rounded up.
    expect(Exit.isSuccess(exit) && exit.value).toEqual({
      address: "bc1qlandunits",
      coin: "BITCOIN",
      coinAmount: "0.00153847",
    })
  })

  it("are refused, not charged at an old rate, when the newest price is COIN_PRICE_MAX_AGE_MS (24 hours) old", async () => {
    const exit = await requestAt(NOW, "ETHER", [
      { coin: "ETHER", centsPerCoin: 300_000, asOf: NOW - COIN_PRICE_MAX_AGE_MS },
    ])
    expect(Exit.isFailure(exit) && Cause.squash(exit.cause)).toMatchObject({
      _tag: "PaymentProviderError",
      provider: "crypto",
      message:
        "Payment in ETHER is not available: there is no current ETHER price in EUR. Please try again later or choose another payment method.",
    })
  })
})

const settingsWith = (env: Record<string, string>) =>
  Effect.runPromiseExit(
    readPaymentsSettings.pipe(Effect.provide(ConfigProvider.layer(ConfigProvider.fromEnvRecord(env)))),
  )

describe("payment settings", () => {
  it("run both card methods in test mode when no key is set (development)", async () => {
    const exit = await settingsWith({})
    expect(Exit.isSuccess(exit) && [exit.value.stripe._tag, exit.value.square._tag]).toEqual([
      "TestMode",
      "TestMode",
    ])
  })

  it("refuse card methods without keys in production unless PAYMENTS_TEST_MODE=true", async () => {
    const refused = await settingsWith({ NODE_ENV: "production" })
    expect(Exit.isSuccess(refused) && refused.value.stripe._tag).toBe("Refused")
    const allowed = await settingsWith({ NODE_ENV: "production", PAYMENTS_TEST_MODE: "true" })
    expect(Exit.isSuccess(allowed) && allowed.value.square._tag).toBe("TestMode")
  })

  it("stop the app when a provider is half configured", async () => {
    const stripe = await settingsWith({ STRIPE_SECRET_KEY: "sk_live_x" })
    expect(Exit.isFailure(stripe) && JSON.stringify(stripe)).toContain("STRIPE_WEBHOOK_SECRET")
    const square = await settingsWith({ SQUARE_ACCESS_TOKEN: "t", SQUARE_WEBHOOK_SIGNATURE_KEY: "k" })
    expect(Exit.isFailure(square) && JSON.stringify(square)).toContain("SQUARE_LOCATION_ID")
  })
})
