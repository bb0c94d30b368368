/**
 * The SquareGateway port over the real `square` SDK.
 *
 * Square charges a card token (source_id) that its Web Payments SDK makes in the member's browser, so the
 * payment cannot be created before the member has typed the card. At startPayment the gateway therefore
 * reserves the charge's idempotency key (paymentId, at most 45 characters as Square requires); the charge
 * itself is SquareCharges.charge, which calls CreatePayment with that key, the order's amount (bigint minor
 * units), currency and reference_id = orderId (and the attempt after the first: `squareReferenceId`). Each payment
 * attempt of an order has its own key (core's `paymentAttemptKey`), so another card after a decline is a new charge. Square's webhook settles the order. Cancelling uses Square's
 * CancelPaymentByIdempotencyKey, which voids the payment if it was made and otherwise blocks it.
 */
import { createHash } from "node:crypto"
import { PaymentProviderError } from "@landunits/core/orders/PaymentProviders.ts"
import { paymentAttemptKey } from "@landunits/core/orders/PaymentRules.ts"
import { SquareGateway } from "@landunits/core/orders/ports/SquareGateway.ts"
import { Effect, Layer, Redacted } from "effect"
import { CardDeclined, declineReason, SQUARE_DECLINE_REASONS } from "./CardDeclined.ts"
import type { SquareSettings } from "./PaymentsConfig.ts"
import { type SquareSdk, squareSdk } from "./SquareSdk.ts"

/** Square allows idempotency keys of at most 45 characters: "lu-" and 40 hex digits of a hash of ours. */
export const squareIdempotencyKey = (key: string) =>
  `lu-${createHash("sha256").update(key).digest("hex").slice(0, 40)}`

/**
 * The reference_id a Square payment of an order's attempt carries (at most 40 characters: a 36-character order
 * id, "/" and the attempt): the order id alone for the first attempt, as before attempts existed, and
 * "<orderId>/<attempt>" after, so that a webhook says which attempt its payment was (SquareWebhook.ts).
 */
export const squareReferenceId = (orderId: string, attempt: number): string =>
  attempt <= 1 ? orderId : `${orderId}/${attempt}`

/** The order and attempt a reference_id names (the attempt 1 when it names none). */
export const readSquareReference = (reference: string): { orderId: string; attempt: number } => {
  const match = /^(.+)\/(\d{1,3})$/.exec(reference)
  return match === null
    ? { orderId: reference, attempt: 1 }
    : { orderId: match[1]!, attempt: Number(match[2]) }
}

/** The key an attempt's charge is made under (the order's buy.paymentId while that attempt is current). */
export const squareAttemptKey = (orderId: string, attempt: number): string =>
  squareIdempotencyKey(paymentAttemptKey(orderId, attempt))

/** A Square client for the settings, on the SDK once it is loaded (SquareSdk.ts). */
export const squareClient = (sdk: SquareSdk, settings: Pick<SquareSettings, "accessToken" | "environment">) =>
  new sdk.SquareClient({
    token: Redacted.value(settings.accessToken),
    environment:
      settings.environment === "production"
        ? sdk.SquareEnvironment.Production
        : settings.environment === "sandbox"
          ? sdk.SquareEnvironment.Sandbox
          : settings.environment,
    timeoutInSeconds: 20,
    maxRetries: 2,
  })

export const squareError = (action: string) => (cause: unknown) =>
  new PaymentProviderError({
    message: `Square could not ${action}: ${cause instanceof Error ? cause.message : String(cause)}`,
    provider: "square",
  })

/**
 * A Square API failure that is a decline (category PAYMENT_METHOD_ERROR: the card, not Square, refused),
 * as CardDeclined; undefined for anything else (authentication, rate limits, Square down…).
 */
export const squareDecline = (sdk: SquareSdk, cause: unknown): CardDeclined | undefined => {
  if (!(cause instanceof sdk.SquareError)) return undefined
  const decline = cause.errors.find((e) => e.category === "PAYMENT_METHOD_ERROR")
  if (decline === undefined) return undefined
  return new CardDeclined({
    message: declineReason(SQUARE_DECLINE_REASONS[decline.code] ?? "the bank did not approve the payment"),
    provider: "square",
    code: decline.code,
  })
}

export const SquareGatewaySdk = (settings: SquareSettings) =>
  Layer.sync(SquareGateway)(() =>
    SquareGateway.of({
      createPayment: (request) =>
        Effect.succeed({
          paymentId: squareIdempotencyKey(request.idempotencyKey),
          // Square has no client secret: the page's Web Payments SDK needs the location instead.
          clientSecret: settings.locationId,
        }),
      cancelPayment: (paymentId) =>
        squareSdk.pipe(
          Effect.flatMap((sdk) =>
            Effect.tryPromise({
              try: () =>
                squareClient(sdk, settings).payments.cancelByIdempotencyKey({ idempotencyKey: paymentId }),
              catch: squareError("cancel the card payment"),
            }),
          ),
          Effect.asVoid,
          Effect.withSpan("SquareGatewaySdk.cancelPayment", {
            kind: "client",
            attributes: { "peer.service": "square" },
          }),
        ),
    }),
  )
