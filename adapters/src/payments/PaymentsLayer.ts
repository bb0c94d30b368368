/**
 * Which payment adapters play core's payment ports, decided once from the settings (PaymentsConfig.ts):
 * each card method live against its provider, in the built-in test mode, or refused; crypto from the
 * configured addresses. Also the adapter services the HTTP API uses (webhooks, test-mode cards, Square
 * charges, what the payment page shows).
 */

import { guardedLayer } from "@landunits/core/orders/OutsideTransaction.ts"
import type { PaymentProvider } from "@landunits/core/orders/PaymentProviders.ts"
import { ProviderPaymentService } from "@landunits/core/orders/ProviderPaymentService.ts"
import { CryptoPayments } from "@landunits/core/orders/ports/CryptoPayments.ts"
import { SquareGateway } from "@landunits/core/orders/ports/SquareGateway.ts"
import { StripeGateway } from "@landunits/core/orders/ports/StripeGateway.ts"
import { Config, Context, type Duration, Effect, Layer, Redacted } from "effect"
import { ProviderEventLogPg } from "../postgres/ProviderEventLogPg.ts"
import { CryptoPaymentsConfigured } from "./CryptoPaymentsConfigured.ts"
import { type CardMode, type PaymentsSettings, readPaymentsSettings } from "./PaymentsConfig.ts"
import { refusedCardGateway } from "./PaymentsNotConfigured.ts"
import { PaymentWebhooks, type WebhookKeys } from "./PaymentWebhooks.ts"
import { SquareCharges } from "./SquareCharges.ts"
import { SquareGatewaySdk } from "./SquareGatewaySdk.ts"
import { StripeGatewaySdk } from "./StripeGatewaySdk.ts"
import {
  makeTestModeKeys,
  TEST_CARD_LIST,
  TestModeCards,
  type TestModeKeys,
  testModeGateway,
} from "./TestModeProvider.ts"

export type CardModeName = "live" | "test" | "unavailable"

/**
 * What the payment page needs to know of the cards: how each card method runs, and its public keys. (Which coins
 * are offered changes with the coin prices: GET /api/payments/settings asks CryptoPayments each time.)
 */
export interface PaymentPageInfo {
  readonly stripe: { readonly mode: CardModeName; readonly publishableKey?: string }
  readonly square: {
    readonly mode: CardModeName
    readonly applicationId?: string
    readonly locationId?: string
  }
  readonly testCards: typeof TEST_CARD_LIST
}

export class PaymentPage extends Context.Service<PaymentPage, PaymentPageInfo>()(
  "@landunits/adapters/payments/PaymentPage",
) {}

const modeName = (mode: CardMode<unknown>): CardModeName =>
  mode._tag === "Live" ? "live" : mode._tag === "TestMode" ? "test" : "unavailable"

export const pageInfo = (settings: PaymentsSettings): PaymentPageInfo => ({
  stripe: {
    mode: modeName(settings.stripe),
    ...(settings.stripe._tag === "Live" && settings.stripe.settings.publishableKey !== undefined
      ? { publishableKey: settings.stripe.settings.publishableKey }
      : {}),
  },
  square: {
    mode: modeName(settings.square),
    ...(settings.square._tag === "Live"
      ? {
          locationId: settings.square.settings.locationId,
          ...(settings.square.settings.applicationId === undefined
            ? {}
            : { applicationId: settings.square.settings.applicationId }),
        }
      : {}),
  },
  testCards: TEST_CARD_LIST,
})

const testModeProviders = (settings: PaymentsSettings): ReadonlyArray<PaymentProvider> => [
  ...(settings.stripe._tag === "TestMode" ? (["stripe"] as const) : []),
  ...(settings.square._tag === "TestMode" ? (["square"] as const) : []),
]

export const webhookKeys = (settings: PaymentsSettings, keys: TestModeKeys): WebhookKeys => ({
  stripe:
    settings.stripe._tag === "Live"
      ? { secret: Redacted.value(settings.stripe.settings.webhookSecret), testMode: false }
      : settings.stripe._tag === "TestMode"
        ? { secret: keys.stripeWebhookSecret, testMode: true }
        : undefined,
  square:
    settings.square._tag === "Live"
      ? {
          signatureKey: Redacted.value(settings.square.settings.webhookSignatureKey),
          notificationUrl: settings.square.settings.webhookUrl,
          testMode: false,
        }
      : settings.square._tag === "TestMode"
        ? {
            signatureKey: keys.squareSignatureKey,
            notificationUrl: keys.squareNotificationUrl,
            testMode: true,
          }
        : undefined,
})

/** The gateways core's OrderService needs (StripeGateway, SquareGateway, CryptoPayments). */
export const layerPaymentGateways = (settings: PaymentsSettings) =>
  // Each provider is called outside any transaction (core's OutsideTransaction.ts).
  Layer.mergeAll(
    guardedLayer(
      StripeGateway,
      settings.stripe._tag === "Live"
        ? StripeGatewaySdk(settings.stripe.settings)
        : Layer.succeed(StripeGateway)(
            settings.stripe._tag === "TestMode"
              ? testModeGateway("stripe")
              : refusedCardGateway("card (Stripe)"),
          ),
    ),
    guardedLayer(
      SquareGateway,
      settings.square._tag === "Live"
        ? SquareGatewaySdk(settings.square.settings)
        : Layer.succeed(SquareGateway)(
            settings.square._tag === "TestMode"
              ? testModeGateway("square")
              : refusedCardGateway("card (Square)"),
          ),
    ),
    guardedLayer(CryptoPayments, CryptoPaymentsConfigured(settings.crypto)),
  )

export interface PaymentServicesOptions {
  readonly keys: TestModeKeys
  /** How long the test-mode 3-D Secure-like card waits before it succeeds. */
  readonly testModeDelay: Duration.Input
}

/** The services the HTTP API uses, over OrderService and the database. */
export const layerPaymentServices = (settings: PaymentsSettings, options: PaymentServicesOptions) => {
  const webhooks = PaymentWebhooks.layer(webhookKeys(settings, options.keys)).pipe(
    Layer.provideMerge(ProviderPaymentService.layer),
    Layer.provideMerge(ProviderEventLogPg),
  )
  return Layer.mergeAll(
    TestModeCards.layer({
      keys: options.keys,
      providers: testModeProviders(settings),
      delay: options.testModeDelay,
    }),
    settings.square._tag === "Live"
      ? SquareCharges.layer(settings.square.settings)
      : SquareCharges.layerUnavailable(
          settings.square._tag === "TestMode"
            ? "Card (Square) runs in test mode here: pay with a test card"
            : "Payment by card (Square) is not available",
        ),
    Layer.succeed(PaymentPage)(pageInfo(settings)),
  ).pipe(Layer.provideMerge(webhooks))
}

/** The settings from the environment, and a fresh pair of test-mode signing keys for this process. */
export const readPayments = Effect.gen(function* () {
  const settings = yield* readPaymentsSettings
  const delayMs = yield* Config.Int("PAYMENTS_TEST_MODE_DELAY_MS").pipe(Config.withDefault(3000))
  return {
    settings,
    options: { keys: makeTestModeKeys(), testModeDelay: delayMs } satisfies PaymentServicesOptions,
  }
})
