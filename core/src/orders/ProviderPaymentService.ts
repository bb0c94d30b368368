/**
 * Applies a verified card-provider event to its order (decisions.md: provider webhooks are the source of
 * truth for card payments; each provider event id is recorded under a unique constraint).
 *
 * 1. The event is recorded under (provider, eventId) first. A redelivery of an event already processed is
 *    acknowledged and changes nothing. One recorded but never finished (the process stopped half-way) is
 *    processed again: the order commands below are idempotent under keys derived from the provider's
 *    payment id, so nothing moves twice.
 * 2. `decideProviderEvent` decides; a success settles through OrderService.confirmPayment, a decline of the
 *    current attempt leaves the order waiting for another card through OrderService.declinePayment (or fails it
 *    after MAX_CARD_ATTEMPTS), a provider cancel fails the order through OrderService.failPayment. Whatever else
 *    reports money taken is flagged for an admin.
 * 3. The outcome is written beside the event.
 */
import { Clock, Context, Effect, Layer, Option } from "effect"
import { IdempotencyKey, OrderId } from "../shared/Ids.ts"
import type { OrderRecord } from "./OrderModel.ts"
import { OrderService } from "./OrderService.ts"
import { byProvider } from "./OrderTimeline.ts"
import {
  decideProviderEvent,
  type ProviderEventOutcome,
  type ProviderPaymentEvent,
} from "./ProviderPaymentEvents.ts"
import { OrderRepository } from "./ports/OrderRepository.ts"
import { ProviderEventLog } from "./ports/ProviderEventLog.ts"

export interface AppliedProviderEvent {
  /** True when this event id had already been processed: nothing was done. */
  readonly duplicate: boolean
  readonly outcome: ProviderEventOutcome
  readonly detail?: string | undefined
}

export class ProviderPaymentService extends Context.Service<
  ProviderPaymentService,
  {
    readonly apply: (event: ProviderPaymentEvent) => Effect.Effect<AppliedProviderEvent>
  }
>()("@landunits/core/orders/ProviderPaymentService") {
  static readonly layer = Layer.effect(ProviderPaymentService)(
    Effect.gen(function* () {
      const log = yield* ProviderEventLog
      const orders = yield* OrderRepository
      const engine = yield* OrderService

      const key = (event: ProviderPaymentEvent, step: string) =>
        IdempotencyKey.make(`${event.provider}:${event.paymentId}:${step}`)

      const process = (event: ProviderPaymentEvent) =>
        Effect.gen(function* () {
          const order: OrderRecord | undefined =
            event.orderId === undefined
              ? undefined
              : Option.getOrUndefined(yield* Effect.option(orders.get(OrderId.make(event.orderId))))
          const settled = order
            ? (yield* log.find({ orderId: order.orderId, outcomes: ["settled"] })).map((e) => e.paymentId)
            : []
          const decision = decideProviderEvent(event, order, settled)
          const orderId = OrderId.make(event.orderId ?? "")
          // The order's timeline names the event that moved it.
          const actor = byProvider(event.provider, event.eventId)
          switch (decision._tag) {
            case "Ignore":
              return { outcome: "ignored", detail: decision.detail } as const
            case "Flag":
              return { outcome: "flagged", detail: decision.detail } as const
            case "Decline":
              return yield* engine
                .declinePayment({
                  idempotencyKey: key(event, "decline"),
                  orderId,
                  actor,
                  reason: decision.reason,
                })
                .pipe(
                  Effect.map(
                    (declined) =>
                      ({
                        outcome: "failed",
                        detail:
                          declined.orderStatus === "Failed"
                            ? `Declined (${decision.reason}): the last attempt allowed, the order failed`
                            : `Declined (${decision.reason}): the order waits for another card`,
                      }) as const,
                  ),
                  // The order moved on in between (e.g. the member cancelled): the decline changes nothing.
                  Effect.catch((error) =>
                    Effect.succeed({ outcome: "ignored", detail: error.message } as const),
                  ),
                )
            case "Fail":
              return yield* engine
                .failPayment({ idempotencyKey: key(event, "fail"), orderId, actor, reason: decision.reason })
                .pipe(
                  Effect.as({ outcome: "failed", detail: decision.reason } as const),
                  // The order moved on in between (e.g. the member cancelled): the failure changes nothing.
                  Effect.catch((error) =>
                    Effect.succeed({ outcome: "ignored", detail: error.message } as const),
                  ),
                )
            case "Settle":
              return yield* engine
                .confirmPayment({ idempotencyKey: key(event, "confirm"), orderId, actor })
                .pipe(
                  Effect.map(({ order: confirmed }) => {
                    // The status the confirmation found: the one Approved came from.
                    const before = confirmed.timeline.find((e) => e.to === "Approved")?.from
                    return before === "Expired"
                      ? ({
                          outcome: "settled",
                          detail:
                            "The order expired just before the payment arrived; settled as a late payment",
                        } as const)
                      : ({ outcome: "settled", detail: undefined } as const)
                  }),
                  // The order moved on in between (cancelled, failed): money was taken and nothing settled.
                  Effect.catch((error) =>
                    Effect.succeed({
                      outcome: "flagged",
                      detail: `The payment succeeded but could not settle the order: ${error.message}`,
                    } as const),
                  ),
                )
          }
        })

      const apply = Effect.fn("ProviderPaymentService.apply")(function* (
        event: ProviderPaymentEvent,
      ): Effect.fn.Return<AppliedProviderEvent> {
        const receivedAt = yield* Clock.currentTimeMillis
        const fresh = yield* log.record(event, receivedAt)
        if (!fresh) {
          const previous = yield* log.get(event.provider, event.eventId)
          if (Option.isSome(previous) && previous.value.outcome !== "received") {
            return { duplicate: true, outcome: previous.value.outcome, detail: previous.value.detail }
          }
        }
        const result = yield* process(event)
        yield* log.finish(
          event.provider,
          event.eventId,
          result.outcome,
          result.detail,
          yield* Clock.currentTimeMillis,
        )
        return { duplicate: false, ...result }
      })

      return ProviderPaymentService.of({ apply })
    }),
  )
}
