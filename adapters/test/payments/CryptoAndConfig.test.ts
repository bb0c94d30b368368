/**
 * Crypto amounts in the coin's smallest unit with integers only, the refusal without a receiving address,
 * and the payment settings: a half-configured provider stops the app, production never falls back to test
 * mode silently.
 */
import { CryptoPayments } from "@landunits/core/orders/ports/CryptoPayments.ts"
import { ConfigProvider, Effect, Exit, Layer } from "effect"
import { SqlClient } from "effect/sql"
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

  it("are refused without a receiving address for the coin, with a message that says so", async () => {
    const layer = CryptoPaymentsConfigured({ BITCOIN: undefined, ETHER: "0xabc" }).pipe(
      Layer.provide(Layer.succeed(SqlClient.SqlClient)({} as SqlClient.SqlClient)),
    )
    const exit = await Effect.runPromiseExit(
      Effect.flatMap(CryptoPayments, (crypto) =>
        crypto.requestPayment({
          orderId: "o1",
          amountCents: 1000,
          currency: "EUR",
          coin: "BITCOIN",
          idempotencyKey: "o1:payment",
        }),
      ).pipe(Effect.provide(layer)),
    )
    expect(Exit.isFailure(exit)).toBe(true)
    expect(JSON.stringify(exit)).toContain("no receiving address is configured")
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
