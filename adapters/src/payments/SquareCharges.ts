/**
 * Charging a Square card token: the member's browser tokenizes the card with Square's Web Payments SDK, the
 * page posts the token here, and the server calls CreatePayment with the order's own amount and currency
 * (never the page's), reference_id = orderId and the idempotency key the order reserved at startPayment, so
 * a retried charge never takes the money twice. It moves no Units: Square's webhook settles the order.
 * A decline (the member's card refused) is CardDeclined (402), recorded as the attempt's decline at once (the
 * order waits for another card: core's declinePayment); Square itself failing is PaymentProviderError (502).
 */
import { OrderConflict, type OrderNotFound } from "@landunits/core/orders/OrderErrors.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { PaymentProviderError } from "@landunits/core/orders/PaymentProviders.ts"
import { declineMessage } from "@landunits/core/orders/PaymentRules.ts"
import { ProviderPaymentService } from "@landunits/core/orders/ProviderPaymentService.ts"
import type { MemberId, OrderId } from "@landunits/core/shared/Ids.ts"
import { Context, Effect, Layer } from "effect"
import { CardDeclined } from "./CardDeclined.ts"
import type { SquareSettings } from "./PaymentsConfig.ts"
import { squareClient, squareDecline, squareError, squareReferenceId } from "./SquareGatewaySdk.ts"
import { squareSdk } from "./SquareSdk.ts"

export interface SquareChargeRequest {
  readonly memberId: MemberId
  readonly orderId: OrderId
  /** The card token from Square's Web Payments SDK. */
  readonly sourceId: string
  /** Square's buyer verification (3-D Secure) token, when the SDK gave one. */
  readonly verificationToken?: string | undefined
}

export interface SquareCharge {
  readonly paymentId: string
  readonly status: string
}

export class SquareCharges extends Context.Service<
  SquareCharges,
  {
    readonly charge: (
      request: SquareChargeRequest,
    ) => Effect.Effect<SquareCharge, CardDeclined | OrderConflict | OrderNotFound | PaymentProviderError>
  }
>()("@landunits/adapters/payments/SquareCharges") {
  static readonly layer = (settings: SquareSettings) =>
    Layer.effect(SquareCharges)(
      Effect.gen(function* () {
        const orders = yield* OrderService
        const providerEvents = yield* ProviderPaymentService
        return SquareCharges.of({
          charge: (request) =>
            Effect.gen(function* () {
              const order = yield* orders.getOrder(request.memberId, request.orderId)
              const key = order.buy?.paymentId
              if (
                order.orderType !== "BUY" ||
                order.paymentDetails?.paymentMethod !== "card-square" ||
                order.orderStatus !== "InProcess" ||
                key === undefined
              ) {
                return yield* new OrderConflict({
                  message: "This order is not waiting for a Square card payment",
                  orderId: order.orderId,
                })
              }
              const { paymentAmount, currency } = order.paymentDetails
              const attempt = order.payment?.attempt ?? 1
              const sdk = yield* squareSdk
              const answer = yield* Effect.tryPromise({
                try: () =>
                  squareClient(sdk, settings).payments.create({
                    sourceId: request.sourceId,
                    idempotencyKey: key,
                    amountMoney: { amount: BigInt(paymentAmount), currency },
                    referenceId: squareReferenceId(order.orderId, attempt),
                    locationId: settings.locationId,
                    autocomplete: true,
                    ...(request.verificationToken === undefined
                      ? {}
                      : { verificationToken: request.verificationToken }),
                  }),
                catch: (cause): CardDeclined | PaymentProviderError =>
                  squareDecline(sdk, cause) ?? squareError("take the card payment")(cause),
              }).pipe(
                // A decline is the attempt's end: recorded at once, as Square's own FAILED webhook would record
                // it, so that another card can be tried now; the member reads what happens next.
                Effect.catchTag("CardDeclined", (declined) =>
                  Effect.gen(function* () {
                    yield* providerEvents.apply({
                      provider: "square",
                      eventId: `charge-declined:${key}`,
                      eventType: "payments.create declined",
                      kind: "failed",
                      testMode: false,
                      paymentId: key,
                      orderPaymentRef: key,
                      orderId: order.orderId,
                      amountCents: paymentAmount,
                      currency,
                      failureReason: declined.message,
                    })
                    return yield* new CardDeclined({
                      ...declined,
                      message: declineMessage(declined.message, attempt),
                    })
                  }),
                ),
              )
              const payment = answer.payment
              if (payment?.id === undefined) {
                return yield* new PaymentProviderError({
                  message: "Square answered without a payment",
                  provider: "square",
                })
              }
              return { paymentId: payment.id, status: payment.status ?? "UNKNOWN" }
            }).pipe(
              Effect.withSpan("SquareCharges.charge", {
                kind: "client",
                attributes: { "peer.service": "square" },
              }),
            ),
        })
      }),
    )

  /** Square without an access token: the member pays with a test card instead (TestModeCards). */
  static readonly layerUnavailable = (message: string) =>
    Layer.effect(SquareCharges)(
      Effect.gen(function* () {
        const orders = yield* OrderService
        return SquareCharges.of({
          // Another member's order answers 404, as on every route that takes an order id.
          charge: (request) =>
            orders
              .getOrder(request.memberId, request.orderId)
              .pipe(Effect.andThen(Effect.fail(new OrderConflict({ message, orderId: request.orderId })))),
        })
      }),
    )
}
