/**
 * The notifications of the order commands: a money step's email to a member, enqueued in the command's unit of
 * work and only while the member's subscription choices allow it. A service (one per engine, provided inside
 * OrderService.layer); the families that send emails require it.
 */

import { Context, Effect, Layer, Option } from "effect"
import { Mailer } from "../notifications/ports/Mailer.ts"
import type { MemberId } from "../shared/Ids.ts"
import { SubscriptionStore } from "../subscriptions/ports/SubscriptionStore.ts"
import { DEFAULT_SUBSCRIPTIONS } from "../subscriptions/SubscriptionsModel.ts"
import { OrderEmailTopic, type OrderNotice } from "./OrderEmails.ts"
import { MemberStanding } from "./ports/MemberStanding.ts"

export const makeOrderNotifier = Effect.gen(function* () {
  const members = yield* MemberStanding
  const mailer = yield* Mailer
  const subscriptions = yield* SubscriptionStore

  /**
   * Enqueues a money step's email to `memberId` (OrderEmails.ts), inside the command's unit of work: it is
   * committed with the step or not at all, and a repeated command (its key's first result) sends nothing.
   * An email a subscription choice may stop is enqueued only while the member has that choice on.
   */
  const notify = Effect.fnUntraced(function* (memberId: MemberId, notice: OrderNotice) {
    const topic = OrderEmailTopic[notice.template]
    if (topic !== undefined) {
      const stored = yield* subscriptions.get(memberId)
      const choices = Option.match(stored, { onNone: () => DEFAULT_SUBSCRIPTIONS, onSome: (s) => s.choices })
      if (!choices[topic]) return
    }
    const standing = yield* members.standing(memberId)
    yield* mailer.enqueue({
      to: standing.email,
      template: notice.template,
      data: { firstName: standing.name, ...notice.data },
    })
  })

  return { notify }
})

/** The OrderNotifier service, made by `makeOrderNotifier`. */
export class OrderNotifier extends Context.Service<OrderNotifier, Effect.Success<typeof makeOrderNotifier>>()(
  "@landunits/core/orders/OrderNotifier",
) {
  static readonly layer = Layer.effect(OrderNotifier)(makeOrderNotifier)
}
