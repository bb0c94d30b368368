/**
 * Card payments' own routes (issue 7).
 *
 * `paymentWebhooks`: the providers' webhooks. They come from Stripe and Square, not from a member's browser,
 * so they carry no session and no anti-forgery token: they are authenticated by the provider's signature
 * over the raw body instead (400 when it does not verify, and nothing is written). They are the only
 * routes exempt from the anti-forgery check, by name (WEBHOOK_ROUTES, used by the server and pinned by the
 * route-walk test).
 *
 * `payments`: the member's payment page: how each card method runs here (live or built-in test mode) and
 * its public keys, the tax words of each currency (the buy's review), paying with a test card in test mode, and charging a Square card token.
 */
import { InvalidOrderRequest, OrderConflict, OrderNotFound } from "@landunits/core/orders/OrderErrors.ts"
import { PaymentProviderError } from "@landunits/core/orders/PaymentProviders.ts"
import { ProviderEventOutcome } from "@landunits/core/orders/ProviderPaymentEvents.ts"
import { CurrencyType, OrderStatus } from "@landunits/core/shared/Enums.ts"
import { OrderId } from "@landunits/core/shared/Ids.ts"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { CardDeclined } from "../../payments/CardDeclined.ts"
import { WebhookPayloadInvalid, WebhookSignatureInvalid } from "../../payments/WebhookErrors.ts"
import { Authentication } from "./Authentication.ts"

/** The webhook routes, exempt from anti-forgery because the provider's signature authenticates them. */
export const WEBHOOK_ROUTES = [
  { name: "paymentWebhooks.stripe", method: "POST", path: "/api/payments/stripe/webhook" },
  { name: "paymentWebhooks.square", method: "POST", path: "/api/payments/square/webhook" },
] as const

export const WebhookReceipt = Schema.Struct({
  received: Schema.Boolean,
  /** The event id was processed before: acknowledged, nothing done. */
  duplicate: Schema.Boolean,
  outcome: ProviderEventOutcome,
})
export type WebhookReceipt = typeof WebhookReceipt.Type

const WebhookErrors = [WebhookSignatureInvalid, WebhookPayloadInvalid] as const

export class PaymentWebhooksApi extends HttpApiGroup.make("paymentWebhooks").add(
  HttpApiEndpoint.post("stripe", "/payments/stripe/webhook", {
    success: WebhookReceipt,
    error: WebhookErrors,
  }),
  HttpApiEndpoint.post("square", "/payments/square/webhook", {
    success: WebhookReceipt,
    error: WebhookErrors,
  }),
) {}

const CardModeName = Schema.Literals(["live", "test", "unavailable"])

const CoinOfferSchema = Schema.Struct({ mode: CardModeName, pricedIn: Schema.Array(CurrencyType) })

export const PaymentPageSettings = Schema.Struct({
  stripe: Schema.Struct({ mode: CardModeName, publishableKey: Schema.optionalKey(Schema.String) }),
  square: Schema.Struct({
    mode: CardModeName,
    applicationId: Schema.optionalKey(Schema.String),
    locationId: Schema.optionalKey(Schema.String),
  }),
  /**
   * Each coin: live (a configured receiving address), test (the built-in test mode's example address) or
   * unavailable, and the currencies it has a current price in (core's CryptoOffers.ts says what that offers).
   */
  crypto: Schema.Struct({ BITCOIN: CoinOfferSchema, ETHER: CoinOfferSchema }),
  /** The test cards of the built-in test mode and what each does. */
  testCards: Schema.Array(Schema.Struct({ number: Schema.String, outcome: Schema.String })),
  /**
   * What the buy's review says about tax, per currency: the admin's tax treatment's words, else the terms' "Prices
   * shown exclude tax." (core's invoices/TaxWords.ts).
   */
  taxWords: Schema.Array(Schema.Struct({ currency: CurrencyType, words: Schema.String })),
})
export type PaymentPageSettings = typeof PaymentPageSettings.Type

export const TestPaymentAnswer = Schema.Struct({
  testMode: Schema.Literal(true),
  outcome: Schema.Literals(["succeeded", "declined", "pending"]),
  orderId: OrderId,
  orderStatus: OrderStatus,
  /** Declined: what the member reads (the reason, and whether the order waits for another card). */
  message: Schema.optionalKey(Schema.String),
})
export type TestPaymentAnswer = typeof TestPaymentAnswer.Type

export class PaymentsApi extends HttpApiGroup.make("payments")
  .add(
    HttpApiEndpoint.get("settings", "/payments/settings", { success: PaymentPageSettings }),
    HttpApiEndpoint.post("testModePay", "/payments/test-mode/pay", {
      payload: Schema.Struct({
        orderId: OrderId,
        cardNumber: Schema.String.check(
          Schema.isMaxLength(30, { message: "The card number must be at most 30 characters" }),
        ),
      }),
      success: TestPaymentAnswer,
      error: [InvalidOrderRequest, OrderConflict, OrderNotFound],
    }),
    HttpApiEndpoint.post("squareCharge", "/payments/square/charge", {
      payload: Schema.Struct({
        orderId: OrderId,
        sourceId: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(500)),
        verificationToken: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(2000))),
      }),
      success: Schema.Struct({ paymentId: Schema.String, status: Schema.String }),
      // 402: the member's card was declined; 502: Square failed or could not be reached.
      error: [CardDeclined, OrderConflict, OrderNotFound, PaymentProviderError],
    }),
  )
  .middleware(Authentication) {}
