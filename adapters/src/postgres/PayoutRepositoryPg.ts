/** PayoutRepository on PostgreSQL: the payout as JSONB beside the columns `find` filters on. */

import { PayoutNotFound } from "@landunits/core/orders/OrderErrors.ts"
import type { Payout } from "@landunits/core/orders/OrderModel.ts"
import { PayoutRepository } from "@landunits/core/orders/ports/PayoutRepository.ts"
import { Array as Arr, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

const notFound = (payoutId: string) =>
  new PayoutNotFound({ message: `Payout ${payoutId} was not found`, payoutId })

export const PayoutRepositoryPg = Layer.effect(PayoutRepository)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return PayoutRepository.of({
      insert: (payouts) =>
        Arr.isReadonlyArrayNonEmpty(payouts)
          ? sql`INSERT INTO payouts ${sql.insert(
              Arr.map(
                payouts,
                (p): Record<string, unknown> => ({
                  payout_id: p.payoutId,
                  member_id: p.memberId,
                  sell_order_id: p.sellOrderId,
                  buy_order_id: p.buyOrderId,
                  status: p.status,
                  record: JSON.stringify(p),
                }),
              ),
            )}`.pipe(Effect.asVoid, Effect.orDie)
          : Effect.void,
      update: (payout) =>
        sql<{ payout_id: string }>`
          UPDATE payouts SET status = ${payout.status}, record = ${JSON.stringify(payout)}::jsonb
          WHERE payout_id = ${payout.payoutId} RETURNING payout_id`.pipe(
          Effect.orDie,
          Effect.flatMap((rows) =>
            rows.length === 0 ? Effect.fail(notFound(payout.payoutId)) : Effect.void,
          ),
        ),
      get: (payoutId) =>
        sql<{ record: Payout }>`SELECT record FROM payouts WHERE payout_id = ${payoutId}`.pipe(
          Effect.orDie,
          Effect.flatMap((rows) =>
            rows[0] === undefined ? Effect.fail(notFound(payoutId)) : Effect.succeed(rows[0].record),
          ),
        ),
      find: (filter) => {
        const clauses = [
          ...(filter.memberId === undefined ? [] : [sql`member_id = ${filter.memberId}`]),
          ...(filter.sellOrderId === undefined ? [] : [sql`sell_order_id = ${filter.sellOrderId}`]),
          ...(filter.buyOrderId === undefined ? [] : [sql`buy_order_id = ${filter.buyOrderId}`]),
          ...(filter.statuses === undefined
            ? []
            : filter.statuses.length === 0
              ? [sql`false`]
              : [sql`status IN ${sql.in(filter.statuses)}`]),
        ]
        const where = clauses.length === 0 ? sql`true` : sql.and(clauses)
        return sql<{ record: Payout }>`SELECT record FROM payouts WHERE ${where} ORDER BY seq`.pipe(
          Effect.map((rows) => rows.map((r) => r.record)),
          Effect.orDie,
        )
      },
    })
  }),
)
