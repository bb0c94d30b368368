import { Clock, Context, Effect, Layer, Option } from "effect"
import type { MemberId } from "../shared/Ids.ts"
import { SubscriptionStore } from "./ports/SubscriptionStore.ts"
import {
  DEFAULT_SUBSCRIPTIONS,
  type MemberSubscriptions,
  type SubscriptionChanges,
  SubscriptionTopics,
} from "./SubscriptionsModel.ts"

/**
 * A member reads and changes their own email subscriptions; nobody else's (the HTTP adapter passes the
 * signed-in member only). The time of the last change is kept as the record of the member's consent, and a
 * request that changes nothing leaves it as it was.
 */
export class SubscriptionService extends Context.Service<
  SubscriptionService,
  {
    readonly get: (memberId: MemberId) => Effect.Effect<MemberSubscriptions>
    readonly update: (memberId: MemberId, changes: SubscriptionChanges) => Effect.Effect<MemberSubscriptions>
  }
>()("@landunits/core/subscriptions/SubscriptionService") {
  static readonly layer = Layer.effect(SubscriptionService)(
    Effect.gen(function* () {
      const store = yield* SubscriptionStore

      const get = Effect.fn("SubscriptionService.get")(function* (memberId: MemberId) {
        return Option.match(yield* store.get(memberId), {
          onNone: (): MemberSubscriptions => ({ ...DEFAULT_SUBSCRIPTIONS, updatedAt: null }),
          onSome: (s): MemberSubscriptions => ({ ...s.choices, updatedAt: s.updatedAt }),
        })
      })

      const update = Effect.fn("SubscriptionService.update")(function* (
        memberId: MemberId,
        changes: SubscriptionChanges,
      ) {
        const current = yield* get(memberId)
        const next = { ...DEFAULT_SUBSCRIPTIONS }
        for (const topic of SubscriptionTopics) next[topic] = changes[topic] ?? current[topic]
        const changed = SubscriptionTopics.some((t) => next[t] !== current[t])
        if (!changed) return current
        const updatedAt = yield* Clock.currentTimeMillis
        yield* store.save(memberId, { choices: next, updatedAt })
        return { ...next, updatedAt }
      })

      return SubscriptionService.of({ get, update })
    }),
  )
}
