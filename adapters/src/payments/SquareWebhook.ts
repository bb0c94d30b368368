/**
 * Square's webhook: the `x-square-hmacsha256-signature` header is verified with the SDK
 * (`WebhooksHelper.verifySignature`: base64 HMAC-SHA256 of the notification URL + body under the
 * subscription's signature key), then the payment event is read into the engine's ProviderPaymentEvent.
 * A payment names its order, and its attempt after the first, in reference_id (set by SquareCharges).
 */
import type { PaymentEventKind, ProviderPaymentEvent } from "@landunits/core/orders/ProviderPaymentEvents.ts"
import { Effect } from "effect"
import { readSquareReference, squareAttemptKey } from "./SquareGatewaySdk.ts"
import { squareSdk } from "./SquareSdk.ts"
import { WebhookPayloadInvalid, WebhookSignatureInvalid } from "./WebhookErrors.ts"

export const SQUARE_SIGNATURE_HEADER = "x-square-hmacsha256-signature"

const KIND_OF: Readonly<Record<string, PaymentEventKind>> = {
  COMPLETED: "succeeded",
  FAILED: "failed",
  CANCELED: "canceled",
}

export const verifySquareSignature = (
  body: string,
  signature: string | undefined,
  signatureKey: string,
  notificationUrl: string,
) =>
  squareSdk.pipe(
    Effect.flatMap((sdk) =>
      Effect.tryPromise({
        try: () =>
          sdk.WebhooksHelper.verifySignature({
            requestBody: body,
            signatureHeader: signature ?? "",
            signatureKey,
            notificationUrl,
          }),
        catch: () => false,
      }),
    ),
    Effect.orElseSucceed(() => false),
    Effect.flatMap((valid) =>
      valid
        ? Effect.void
        : Effect.fail(
            new WebhookSignatureInvalid({
              message: `The ${SQUARE_SIGNATURE_HEADER} header does not match`,
              provider: "square",
            }),
          ),
    ),
  )

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined)

const invalid = (message: string) => new WebhookPayloadInvalid({ message, provider: "square" })

/** The engine's view of a verified Square notification. */
export const squarePaymentEvent = (body: string, testMode: boolean) =>
  Effect.gen(function* () {
    const parsed = record(
      yield* Effect.try({
        try: () => JSON.parse(body) as unknown,
        catch: () => invalid("The body is not JSON"),
      }),
    )
    const eventId = text(parsed?.event_id)
    const eventType = text(parsed?.type)
    if (parsed === undefined || eventId === undefined || eventType === undefined) {
      return yield* invalid("A Square notification has an event_id and a type")
    }
    const payment = record(record(record(parsed.data)?.object)?.payment)
    const paymentId = text(payment?.id) ?? text(record(parsed.data)?.id) ?? ""
    const kind = eventType.startsWith("payment.")
      ? (KIND_OF[text(payment?.status) ?? ""] ?? "other")
      : "other"
    if (payment === undefined || kind === "other") {
      return {
        provider: "square",
        eventId,
        eventType,
        kind: "other",
        testMode,
        paymentId,
      } satisfies ProviderPaymentEvent
    }
    const money = record(payment.amount_money)
    const amount = money?.amount
    const reference = text(payment.reference_id)
    // The reference names the order and the attempt (SquareGatewaySdk.ts): the attempt's key is the payment
    // the order holds while that attempt is current.
    const named = reference === undefined ? undefined : readSquareReference(reference)
    const currency = text(money?.currency)
    return {
      provider: "square",
      eventId,
      eventType,
      kind,
      testMode,
      paymentId,
      ...(named === undefined
        ? {}
        : { orderId: named.orderId, orderPaymentRef: squareAttemptKey(named.orderId, named.attempt) }),
      ...(typeof amount === "number" && Number.isSafeInteger(amount) ? { amountCents: amount } : {}),
      ...(currency === undefined ? {} : { currency: currency.toUpperCase() }),
      ...(kind === "failed" ? { failureReason: "Your card was declined" } : {}),
    } satisfies ProviderPaymentEvent
  })
