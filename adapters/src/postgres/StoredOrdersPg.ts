/**
 * StoredOrders on PostgreSQL: a page of `orders` by ascending sequence (its primary key), after a sequence and
 * within a range of `created_at`, one statement a page and no transaction around them (the fee replay).
 */
import { type OrdersPage, StoredOrders } from "@landunits/core/fees/ports/StoredOrders.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { type OrderRow, toOrder } from "./OrderRepositoryPg.ts"

export const StoredOrdersPg = Layer.effect(StoredOrders)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const iso = (at: number) => new Date(at).toISOString()
    return StoredOrders.of({
      page: ({ afterSequence, limit, createdFrom, createdBefore }: OrdersPage) =>
        sql<OrderRow>`
          SELECT sequence, record FROM orders
          WHERE ${sql.and([
            sql`sequence > ${afterSequence}`,
            ...(createdFrom === undefined ? [] : [sql`created_at >= ${iso(createdFrom)}::timestamptz`]),
            ...(createdBefore === undefined ? [] : [sql`created_at < ${iso(createdBefore)}::timestamptz`]),
          ])}
          ORDER BY sequence LIMIT ${limit}`.pipe(
          Effect.map((rows) => rows.map(toOrder)),
          Effect.orDie,
          Effect.withSpan("StoredOrdersPg.page"),
        ),
    })
  }),
)
