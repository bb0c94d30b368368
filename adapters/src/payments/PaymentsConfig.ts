/**
 * The payment providers' settings, read once at start (docs/operations.md, "Payments").
 *
 * A card provider is live when its secret is set; then every setting it needs must be set too, or the app
 * refuses to start (a half-configured provider would take money it cannot confirm). Without its secret a
 * card method runs against the built-in test-mode provider, except in production (NODE_ENV=production),
 * where test mode needs PAYMENTS_TEST_MODE=true and the method is otherwise refused. A coin without its receiving
 * address (CRYPTO_BTC_ADDRESS, CRYPTO_ETH_ADDRESS) runs in test mode the same way, to an example address.
 */
import type { CryptoCoin } from "@landunits/core/shared/Enums.ts"
import { Config, Effect, Option, type Redacted, Schema } from "effect"

export class PaymentsMisconfigured extends Schema.TaggedError<PaymentsMisconfigured>()(
  "PaymentsMisconfigured",
  {
    message: Schema.String,
  },
) {}

export interface StripeSettings {
  readonly secretKey: Redacted.Redacted<string>
  readonly webhookSecret: Redacted.Redacted<string>
  readonly publishableKey: string | undefined
  /** Where the SDK sends its requests; Stripe's own API when absent (a local stand-in in tests). */
  readonly apiBase: URL | undefined
}

export interface SquareSettings {
  readonly accessToken: Redacted.Redacted<string>
  readonly webhookSignatureKey: Redacted.Redacted<string>
  /** The notification URL registered with Square: part of what its signature covers. */
  readonly webhookUrl: string
  /** "production", "sandbox", or a base URL (a local stand-in in tests). */
  readonly environment: string
  readonly applicationId: string | undefined
  readonly locationId: string
}

/** How a card method runs: live against its provider, in test mode, or refused. */
export type CardMode<S> =
  | { readonly _tag: "Live"; readonly settings: S }
  | { readonly _tag: "TestMode" }
  | { readonly _tag: "Refused" }

/**
 * How a coin runs: live to its configured receiving address, in the built-in test mode to an example address on a
 * test network (development, or PAYMENTS_TEST_MODE=true), or not at all (production without an address).
 */
export type CoinMode =
  | { readonly _tag: "Live"; readonly address: string }
  | { readonly _tag: "TestMode"; readonly address: string }
  | { readonly _tag: "Refused" }

/**
 * The test mode's receiving addresses: the documented example addresses of BIP-173 (a Bitcoin testnet address)
 * and EIP-55 (an Ethereum address), so nothing real is ever sent to anyone by following the demo.
 */
export const TEST_MODE_COIN_ADDRESSES: Readonly<Record<CryptoCoin, string>> = {
  BITCOIN: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx",
  ETHER: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
}

export interface PaymentsSettings {
  readonly stripe: CardMode<StripeSettings>
  readonly square: CardMode<SquareSettings>
  readonly crypto: Readonly<Record<CryptoCoin, CoinMode>>
}

const optionalString = (name: string) =>
  Config.option(Config.String(name)).pipe(
    Config.map(Option.filter((value) => value.trim() !== "")),
    Config.map(Option.getOrUndefined),
  )
const optionalRedacted = (name: string) =>
  Config.option(Config.Redacted(name)).pipe(Config.map(Option.getOrUndefined))

const missing = (provider: string, present: string, absent: ReadonlyArray<string>) =>
  new PaymentsMisconfigured({
    message: `${provider} is configured (${present} is set) but ${absent.join(", ")} ${absent.length === 1 ? "is" : "are"} not: set ${absent.length === 1 ? "it" : "them"} or unset ${present}`,
  })

export const readPaymentsSettings: Effect.Effect<
  PaymentsSettings,
  PaymentsMisconfigured | Config.ConfigError
> = Effect.gen(function* () {
  const production =
    (yield* Config.String("NODE_ENV").pipe(Config.withDefault("development"))) === "production"
  const testModeAllowed =
    !production || (yield* Config.Boolean("PAYMENTS_TEST_MODE").pipe(Config.withDefault(false)))
  const withoutKeys = testModeAllowed ? ({ _tag: "TestMode" } as const) : ({ _tag: "Refused" } as const)

  const stripeSecret = yield* optionalRedacted("STRIPE_SECRET_KEY")
  const stripeWebhookSecret = yield* optionalRedacted("STRIPE_WEBHOOK_SECRET")
  const stripeApiBase = yield* optionalString("STRIPE_API_BASE")
  let stripe: CardMode<StripeSettings> = withoutKeys
  if (stripeSecret !== undefined) {
    if (stripeWebhookSecret === undefined)
      return yield* missing("Stripe", "STRIPE_SECRET_KEY", ["STRIPE_WEBHOOK_SECRET"])
    stripe = {
      _tag: "Live",
      settings: {
        secretKey: stripeSecret,
        webhookSecret: stripeWebhookSecret,
        publishableKey: yield* optionalString("STRIPE_PUBLISHABLE_KEY"),
        apiBase: stripeApiBase === undefined ? undefined : new URL(stripeApiBase),
      },
    }
  }

  const squareToken = yield* optionalRedacted("SQUARE_ACCESS_TOKEN")
  let square: CardMode<SquareSettings> = withoutKeys
  if (squareToken !== undefined) {
    const signatureKey = yield* optionalRedacted("SQUARE_WEBHOOK_SIGNATURE_KEY")
    const locationId = yield* optionalString("SQUARE_LOCATION_ID")
    const appUrl = yield* optionalString("APP_URL")
    const webhookUrl =
      (yield* optionalString("SQUARE_WEBHOOK_URL")) ??
      (appUrl === undefined ? undefined : `${appUrl.replace(/\/+$/, "")}/api/payments/square/webhook`)
    const absent = [
      ...(signatureKey === undefined ? ["SQUARE_WEBHOOK_SIGNATURE_KEY"] : []),
      ...(locationId === undefined ? ["SQUARE_LOCATION_ID"] : []),
      ...(webhookUrl === undefined ? ["SQUARE_WEBHOOK_URL (or APP_URL)"] : []),
    ]
    if (signatureKey === undefined || locationId === undefined || webhookUrl === undefined) {
      return yield* missing("Square", "SQUARE_ACCESS_TOKEN", absent)
    }
    square = {
      _tag: "Live",
      settings: {
        accessToken: squareToken,
        webhookSignatureKey: signatureKey,
        webhookUrl,
        environment: (yield* optionalString("SQUARE_ENVIRONMENT")) ?? "sandbox",
        applicationId: yield* optionalString("SQUARE_APPLICATION_ID"),
        locationId,
      },
    }
  }

  const coin = (address: string | undefined, coin: CryptoCoin): CoinMode =>
    address !== undefined
      ? { _tag: "Live", address }
      : testModeAllowed
        ? { _tag: "TestMode", address: TEST_MODE_COIN_ADDRESSES[coin] }
        : { _tag: "Refused" }
  return {
    stripe,
    square,
    crypto: {
      BITCOIN: coin(yield* optionalString("CRYPTO_BTC_ADDRESS"), "BITCOIN"),
      ETHER: coin(yield* optionalString("CRYPTO_ETH_ADDRESS"), "ETHER"),
    },
  }
})
