/**
 * What a card provider's webhook says about a payment, once its adapter has verified the signature and read
 * the provider's payload, and what the order engine does about it (decisions.md: "Provider webhooks are the
 * source of truth for card payments").
 *
 * `decideProviderEvent` is the whole rule, a plain function: the adapters only verify and translate; this
 * decides whether money moves. Money moves only when a success meets an order still waiting for it
 * (InProcess), for exactly the order's amount and currency, through the order's own payment. Anything else
 * that reports money taken (a success for a Cancelled, Expired or Failed order, a second payment, a wrong
 * amount, an unknown order) is flagged for an admin, who confirms or refunds; never settled automatically.
 */
import { Schema } from "effect"
import type { OrderRecord } from "./OrderModel.ts"
import { PaymentProvider } from "./PaymentProviders.ts"

/** What the event reports: the payment succeeded, failed, was canceled, or something we do not act on. */
export const PaymentEventKind = Schema.Literals(["succeeded", "failed", "canceled", "other"])
export type PaymentEventKind = typeof PaymentEventKind.Type

export const ProviderPaymentEvent = Schema.Struct({
  provider: PaymentProvider,
  /** The provider's own event id: unique per provider, the same on every redelivery. */
  eventId: Schema.String.check(Schema.isMinLength(1)),
  /** The provider's event type as sent (payment_intent.succeeded, payment.updated…). */
  eventType: Schema.String,
  kind: PaymentEventKind,
  /** Sent by the built-in test-mode provider, not by a real one. */
  testMode: Schema.Boolean,
  /** The provider's payment id (Stripe: the PaymentIntent; Square: the payment). */
  paymentId: Schema.String,
  /**
   * The id our order holds for this payment (order.buy.paymentId), when the provider echoes it: Stripe's
   * PaymentIntent id. Square's payment is created after startPayment, so Square events carry none.
   */
  orderPaymentRef: Schema.optionalKey(Schema.String),
  /** The order the payment names (Stripe: metadata.orderId; Square: reference_id). */
  orderId: Schema.optionalKey(Schema.String),
  /** The amount the provider reports, in minor units, and its currency (upper case). */
  amountCents: Schema.optionalKey(Schema.Int),
  currency: Schema.optionalKey(Schema.String),
  /** The provider's words for a failure. */
  failureReason: Schema.optionalKey(Schema.String),
})
export type ProviderPaymentEvent = typeof ProviderPaymentEvent.Type

/** What came of an event: received (not yet processed), or the decision taken. */
export const ProviderEventOutcome = Schema.Literals(["received", "settled", "failed", "ignored", "flagged"])
export type ProviderEventOutcome = typeof ProviderEventOutcome.Type

export type ProviderEventDecision =
  | { readonly _tag: "Settle" }
  | { readonly _tag: "Decline"; readonly reason: string }
  | { readonly _tag: "Fail"; readonly reason: string }
  | { readonly _tag: "Ignore"; readonly detail: string }
  | { readonly _tag: "Flag"; readonly detail: string }

const settle: ProviderEventDecision = { _tag: "Settle" }
const ignore = (detail: string): ProviderEventDecision => ({ _tag: "Ignore", detail })
const flag = (detail: string): ProviderEventDecision => ({ _tag: "Flag", detail })

const METHOD_OF: Readonly<Record<PaymentProvider, string>> = {
  stripe: "card-stripe",
  square: "card-square",
}

const money = (cents: number | undefined, currency: string | undefined) =>
  `${cents ?? "?"} ${currency ?? "?"}`

/**
 * Whether the event is about the order's current payment attempt: the payment it names is the one the order
 * holds (buy.paymentId). An event that does not say which payment of ours it is (Square's payments made before
 * attempts existed) is taken as the current one.
 */
const isCurrentAttempt = (event: ProviderPaymentEvent, order: OrderRecord): boolean =>
  event.orderPaymentRef === undefined || event.orderPaymentRef === order.buy?.paymentId

/**
 * The engine's answer to one verified provider event, given the order it names (undefined when there is
 * none) and the provider payment ids already settled for that order.
 *
 * - A failure of the current attempt of an order waiting for it (InProcess) is a decline: the order waits for
 *   another card (or fails after MAX_CARD_ATTEMPTS, OrderService.declinePayment). A provider's cancel fails the
 *   order. A failure or cancel of an earlier attempt, or of an order no longer waiting, changes nothing.
 * - A success settles when it is the current attempt's payment, for the order's amount and currency, and the order
 *   is unpaid: InProcess, or Initiated after a decline when the event names the attempt (a card tried again on
 *   the same provider payment). Anything else that reports money taken is flagged for an admin.
 */
export const decideProviderEvent = (
  event: ProviderPaymentEvent,
  order: OrderRecord | undefined,
  settledPaymentIds: ReadonlyArray<string>,
): ProviderEventDecision => {
  if (event.kind === "other") return ignore(`${event.eventType} is not a payment outcome`)
  const succeeded = event.kind === "succeeded"
  // A failure or cancel moved no money: with nothing to act on it is only noted.
  const noOrder = (detail: string) => (succeeded ? flag(detail) : ignore(detail))
  if (order === undefined)
    return noOrder(`No order ${event.orderId ?? "(none named)"} for payment ${event.paymentId}`)
  if (order.orderType !== "BUY" || order.paymentDetails?.paymentMethod !== METHOD_OF[event.provider]) {
    return noOrder(`Order ${order.orderId} is not a ${METHOD_OF[event.provider]} buy`)
  }
  const status = order.orderStatus
  if (!succeeded) {
    if (status !== "InProcess")
      return ignore(`The order is ${status}: a late ${event.kind} event changes nothing`)
    if (!isCurrentAttempt(event, order)) {
      return ignore(
        `Payment ${event.paymentId} is not the order's current payment (an earlier attempt): its ${event.kind} changes nothing`,
      )
    }
    return event.kind === "canceled"
      ? { _tag: "Fail", reason: "The payment was canceled by the provider" }
      : { _tag: "Decline", reason: event.failureReason ?? "The card payment was declined" }
  }
  if (settledPaymentIds.includes(event.paymentId))
    return ignore(`Payment ${event.paymentId} is already settled`)
  const { paymentAmount, currency } = order.paymentDetails
  if (event.amountCents !== paymentAmount || event.currency !== currency) {
    return flag(
      `Amount mismatch: the provider took ${money(event.amountCents, event.currency)}, the order is for ${money(paymentAmount, currency)}`,
    )
  }
  if (!isCurrentAttempt(event, order)) {
    return flag(
      `Payment ${event.paymentId} is not the payment this order started last (an earlier attempt or a second payment)`,
    )
  }
  if (status === "InProcess") return settle
  if (status === "Initiated" && event.orderPaymentRef !== undefined && order.payment?.attempt !== undefined)
    return settle
  if (status === "Approved" || status === "Completed") {
    return flag(`The order was already paid (${status}); payment ${event.paymentId} is a second payment`)
  }
  return flag(`The payment succeeded but the order is ${status}: an admin confirms it or refunds it`)
}
