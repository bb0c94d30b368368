/** The SubscriptionStore port on PostgreSQL (table member_subscriptions, migration 0300). */
import type { MemberId } from "@landunits/core/shared/Ids.ts"
import { SubscriptionStore } from "@landunits/core/subscriptions/ports/SubscriptionStore.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

interface Row {
  readonly newsletter: boolean
  readonly order_updates: boolean
  readonly governance: boolean
  readonly news: boolean
  readonly updated_at: string
}

export const SubscriptionStorePg = Layer.effect(SubscriptionStore)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return SubscriptionStore.of({
      get: (memberId: MemberId) =>
        sql<Row>`
          SELECT newsletter, order_updates, governance, news, updated_at
          FROM member_subscriptions WHERE member_id = ${memberId}`.pipe(
          Effect.map((rows) =>
            Option.map(Option.fromNullishOr(rows[0]), (r) => ({
              choices: {
                newsletter: r.newsletter,
                orderUpdates: r.order_updates,
                governance: r.governance,
                news: r.news,
              },
              updatedAt: Number(r.updated_at),
            })),
          ),
          Effect.orDie,
        ),
      save: (memberId, { choices, updatedAt }) =>
        sql`
          INSERT INTO member_subscriptions (member_id, newsletter, order_updates, governance, news, updated_at)
          VALUES (${memberId}, ${choices.newsletter}, ${choices.orderUpdates}, ${choices.governance},
                  ${choices.news}, ${updatedAt})
          ON CONFLICT (member_id) DO UPDATE SET newsletter = EXCLUDED.newsletter,
            order_updates = EXCLUDED.order_updates, governance = EXCLUDED.governance, news = EXCLUDED.news,
            updated_at = EXCLUDED.updated_at`.pipe(Effect.asVoid, Effect.orDie),
    })
  }),
)
