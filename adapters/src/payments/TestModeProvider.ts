/**
 * The built-in test-mode card provider: with no provider keys, card-stripe and card-square run here, in
 * process, so the whole buy flow works on a fresh machine with no account anywhere (docs/operations.md,
 * "Test mode"). Nothing is charged; the payment page labels it as test mode.
 *
 * The "payment page" is TestModeCards.pay: the member's test card number decides the outcome, and the
 * outcome is delivered as a webhook in the provider's own shape, signed with a secret generated at start with
 * the provider's own scheme, through the SAME PaymentWebhooks path (and signature check) a real provider's
 * webhook takes.
 *
 *   4242 4242 4242 4242  succeeds
 *   4000 0000 0000 0002  is declined (the order waits for another card; the 5th decline fails it)
 *   4000 0000 0000 3220  asks for a 3-D Secure-like check and succeeds after a short delay
 */
import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto"
import { InvalidOrderRequest, OrderConflict, type OrderNotFound } from "@landunits/core/orders/OrderErrors.ts"
import type { OrderRecord } from "@landunits/core/orders/OrderModel.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import type { CardGatewayShape, PaymentProvider } from "@landunits/core/orders/PaymentProviders.ts"
import { declineMessage } from "@landunits/core/orders/PaymentRules.ts"
import type { OrderStatus } from "@landunits/core/shared/Enums.ts"
import type { MemberId, OrderId } from "@landunits/core/shared/Ids.ts"
import { Context, type Duration, Effect, FiberSet, Layer } from "effect"
import { PaymentWebhooks } from "./PaymentWebhooks.ts"
import { squareIdempotencyKey, squareReferenceId } from "./SquareGatewaySdk.ts"
import { stripeSdk } from "./StripeSdk.ts"

export const TEST_CARDS = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  delayed: "4000000000003220",
} as const

export const TEST_CARD_LIST = [
  { number: "4242 4242 4242 4242", outcome: "succeeds at once" },
  { number: "4000 0000 0000 0002", outcome: "is declined (the order stays open for another card)" },
  {
    number: "4000 0000 0000 3220",
    outcome: "asks for a 3-D Secure-like check, then succeeds after a short delay",
  },
] as const

/** The test-mode signing keys: random per process, so no one outside can sign a test-mode webhook. */
export interface TestModeKeys {
  readonly stripeWebhookSecret: string
  readonly squareSignatureKey: string
  readonly squareNotificationUrl: string
}

export const makeTestModeKeys = (): TestModeKeys => ({
  stripeWebhookSecret: `whsec_test_mode_${randomBytes(24).toString("hex")}`,
  squareSignatureKey: randomBytes(24).toString("base64url"),
  squareNotificationUrl: "https://test-mode.landunits.invalid/api/payments/square/webhook",
})

const digest = (text: string) => createHash("sha256").update(text).digest("hex")

/**
 * A test-mode gateway: the same idempotency key gives the same payment; nothing leaves the process. Square's
 * payment is its reserved charge key, as the live gateway reserves it (SquareGatewaySdk.ts).
 */
export const testModeGateway = (provider: PaymentProvider): CardGatewayShape => ({
  createPayment: (request) =>
    Effect.sync(() => {
      const paymentId =
        provider === "stripe"
          ? `pi_test_${digest(request.idempotencyKey).slice(0, 24)}`
          : squareIdempotencyKey(request.idempotencyKey)
      return { paymentId, clientSecret: `${paymentId}_secret_test_mode` }
    }),
  cancelPayment: () => Effect.void,
})

export type TestPaymentOutcome = "succeeded" | "declined" | "pending"

export interface TestPayment {
  readonly testMode: true
  readonly outcome: TestPaymentOutcome
  readonly orderId: OrderId
  /** The order's status once the outcome's webhook was applied (InProcess while pending). */
  readonly orderStatus: OrderStatus
  /** Declined: what the member reads (the reason, and whether the order waits for another card). */
  readonly message?: string
}

export interface TestPayRequest {
  readonly memberId: MemberId
  readonly orderId: OrderId
  readonly cardNumber: string
}

/** The test-mode payment page's server side. */
export class TestModeCards extends Context.Service<
  TestModeCards,
  {
    /** Which card methods run in test mode here (empty when every card method is live or refused). */
    readonly providers: ReadonlyArray<PaymentProvider>
    readonly pay: (
      request: TestPayRequest,
    ) => Effect.Effect<TestPayment, InvalidOrderRequest | OrderConflict | OrderNotFound>
  }
>()("@landunits/adapters/payments/TestModeCards") {
  static readonly layer = (options: {
    readonly keys: TestModeKeys
    readonly providers: ReadonlyArray<PaymentProvider>
    /** How long the 3-D Secure-like card waits before it succeeds. */
    readonly delay: Duration.Input
  }) =>
    Layer.effect(TestModeCards)(
      Effect.gen(function* () {
        const orders = yield* OrderService
        const webhooks = yield* PaymentWebhooks
        const pending = yield* FiberSet.make()
        // Signing needs no API key; made on the first Stripe test payment (StripeSdk.ts).
        const stripeHelpers = yield* Effect.cached(
          Effect.map(stripeSdk, (Sdk) => new Sdk("sk_test_mode_signing_only", { telemetry: false })),
        )
        const { keys, providers } = options

        const stripeDelivery = (order: OrderRecord, paymentId: string, succeeded: boolean) => {
          const { paymentAmount, currency } = order.paymentDetails!
          const body = JSON.stringify({
            id: `evt_test_${randomBytes(12).toString("hex")}`,
            object: "event",
            type: succeeded ? "payment_intent.succeeded" : "payment_intent.payment_failed",
            created: Math.floor(Date.now() / 1000),
            livemode: false,
            data: {
              object: {
                id: paymentId,
                object: "payment_intent",
                amount: paymentAmount,
                amount_received: succeeded ? paymentAmount : 0,
                currency: currency.toLowerCase(),
                metadata: { orderId: order.orderId },
                status: succeeded ? "succeeded" : "requires_payment_method",
                last_payment_error: succeeded
                  ? null
                  : { code: "card_declined", message: "Your card was declined (test mode)" },
              },
            },
          })
          return Effect.flatMap(stripeHelpers, (sdk) =>
            webhooks.stripe(
              body,
              sdk.webhooks.generateTestHeaderString({ payload: body, secret: keys.stripeWebhookSecret }),
            ),
          )
        }

        const squareDelivery = (order: OrderRecord, paymentId: string, succeeded: boolean) => {
          const { paymentAmount, currency } = order.paymentDetails!
          const body = JSON.stringify({
            merchant_id: "TEST_MODE",
            type: "payment.updated",
            event_id: randomUUID(),
            created_at: new Date().toISOString(),
            data: {
              type: "payment",
              id: paymentId,
              object: {
                payment: {
                  id: paymentId,
                  status: succeeded ? "COMPLETED" : "FAILED",
                  amount_money: { amount: paymentAmount, currency },
                  reference_id: squareReferenceId(order.orderId, order.payment?.attempt ?? 1),
                },
              },
            },
          })
          const signature = createHmac("sha256", keys.squareSignatureKey)
            .update(keys.squareNotificationUrl + body)
            .digest("base64")
          return webhooks.square(body, signature)
        }

        const deliver = (order: OrderRecord, provider: PaymentProvider, succeeded: boolean) => {
          const paymentId = order.buy!.paymentId!
          const delivery =
            provider === "stripe"
              ? stripeDelivery(order, paymentId, succeeded)
              : squareDelivery(order, paymentId, succeeded)
          // Our own signature never fails to verify; if it did, that is a bug.
          return delivery.pipe(Effect.orDie)
        }

        const pay = (request: TestPayRequest) =>
          Effect.gen(function* () {
            const order = yield* orders.getOrder(request.memberId, request.orderId)
            const method = order.paymentDetails?.paymentMethod
            const provider: PaymentProvider | undefined =
              method === "card-stripe" ? "stripe" : method === "card-square" ? "square" : undefined
            if (order.orderType !== "BUY" || provider === undefined || !providers.includes(provider)) {
              return yield* new OrderConflict({
                message: "This order is not paid by a card method in test mode",
                orderId: order.orderId,
              })
            }
            if (order.orderStatus !== "InProcess" || order.buy?.paymentId === undefined) {
              return yield* new OrderConflict({
                message: `This order is ${order.orderStatus}: start the payment before paying`,
                orderId: order.orderId,
              })
            }
            const card = request.cardNumber.replace(/[\s-]/g, "")
            const statusNow = Effect.map(
              orders.getOrder(request.memberId, request.orderId),
              (o) => o.orderStatus,
            )
            const answer = (outcome: TestPaymentOutcome) =>
              Effect.map(statusNow, (orderStatus) => ({
                testMode: true as const,
                outcome,
                orderId: order.orderId,
                orderStatus,
              }))
            switch (card) {
              case TEST_CARDS.succeeds:
                yield* deliver(order, provider, true)
                return yield* answer("succeeded")
              case TEST_CARDS.declined: {
                yield* deliver(order, provider, false)
                const declined = yield* answer("declined")
                return {
                  ...declined,
                  message: declineMessage("Your card was declined (test mode)", order.payment?.attempt ?? 1),
                }
              }
              case TEST_CARDS.delayed:
                yield* FiberSet.run(
                  pending,
                  Effect.sleep(options.delay).pipe(
                    Effect.andThen(deliver(order, provider, true)),
                    Effect.catchCause((cause) => Effect.logError("Test-mode delayed payment failed", cause)),
                  ),
                )
                return yield* answer("pending")
              default:
                return yield* new InvalidOrderRequest({
                  message:
                    "Test mode accepts only the test cards: 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined), 4000 0000 0000 3220 (3-D Secure, succeeds after a delay)",
                })
            }
          })

        return TestModeCards.of({ providers, pay })
      }),
    )
}
