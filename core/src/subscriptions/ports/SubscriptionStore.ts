import { Context, Effect, Layer, Option } from "effect"
import type { MemberId } from "../../shared/Ids.ts"
import type { EmailSubscriptions } from "../SubscriptionsModel.ts"

export interface StoredSubscriptions {
  readonly choices: EmailSubscriptions
  /** Epoch milliseconds of the member's last change. */
  readonly updatedAt: number
}

/** Port: each member's email subscription choices, one record per member, replaced whole on change. */
export class SubscriptionStore extends Context.Service<
  SubscriptionStore,
  {
    readonly get: (memberId: MemberId) => Effect.Effect<Option.Option<StoredSubscriptions>>
    readonly save: (memberId: MemberId, stored: StoredSubscriptions) => Effect.Effect<void>
  }
>()("@landunits/core/subscriptions/ports/SubscriptionStore") {
  static readonly layerMemory = Layer.sync(SubscriptionStore)(() => {
    const records = new Map<MemberId, StoredSubscriptions>()
    return {
      get: (memberId) => Effect.sync(() => Option.fromNullishOr(records.get(memberId))),
      save: (memberId, stored) =>
        Effect.sync(() => {
          records.set(memberId, { choices: { ...stored.choices }, updatedAt: stored.updatedAt })
        }),
    }
  })
}
