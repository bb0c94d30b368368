/**
 * The SquareGateway port over the real `square` SDK.
 *
 * Square charges a card token (source_id) that its Web Payments SDK makes in the member's browser, so the
 * payment cannot be created before the member has typed the card. At startPayment the gateway therefore
 * reserves the charge's idempotency key (paymentId, at most 45 characters as Square requires); the charge
 * itself is SquareCharges.charge, which calls CreatePayment with that key, the order's amount (bigint minor
 * units), currency and reference_id = orderId. Square's webhook settles the order. Cancelling uses Square's
 * CancelPaymentByIdempotencyKey, which voids the payment if it was made and otherwise blocks it.
 */
import { createHash } from "node:crypto"
import { PaymentProviderError } from "@landunits/core/orders/PaymentProviders.ts"
import { SquareGateway } from "@landunits/core/orders/ports/SquareGateway.ts"
import { Effect, Layer, Redacted } from "effect"
import { CardDeclined, declineMessage, SQUARE_DECLINE_REASONS } from "./CardDeclined.ts"
import type { SquareSettings } from "./PaymentsConfig.ts"
import { type SquareSdk, squareSdk } from "./SquareSdk.ts"

/** Square allows idempotency keys of at most 45 characters: "lu-" and 40 hex digits of a hash of ours. */
export const squareIdempotencyKey = (key: string) =>
  `lu-${createHash("sha256").update(key).digest("hex").slice(0, 40)}`

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
    message: declineMessage(SQUARE_DECLINE_REASONS[decline.code] ?? "the bank did not approve the payment"),
    provider: "square",
    code: decline.code,
  })
}

export const PaymentGatewaySquare = (settings: SquareSettings) =>
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
          Effect.withSpan("PaymentGatewaySquare.cancelPayment", {
            kind: "client",
            attributes: { "peer.service": "square" },
          }),
        ),
    }),
  )
