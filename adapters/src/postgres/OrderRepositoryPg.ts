/**
 * OrderRepository on PostgreSQL: the whole engine record as JSONB, beside the columns `find` filters on
 * (indexed for the sales queue: order type, unit type, status, sequence). The sequence comes from the
 * table's bigserial, so it is strictly increasing across every app process.
 */
import type { NewOrderRecord, OrderRecord } from "@landunits/core/orders/OrderModel.ts"
import { notFound, OrderRepository } from "@landunits/core/orders/ports/OrderRepository.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { HOT_PATH_SPAN } from "./UnitOfWorkPg.ts"

export interface OrderRow {
  readonly sequence: string | number
  readonly record: Omit<OrderRecord, "sequence">
}

export const toOrder = (row: OrderRow): OrderRecord => ({ ...row.record, sequence: Number(row.sequence) })

/** The record without its sequence (the column holds it), as JSON text for a jsonb parameter. */
export const recordJson = (order: NewOrderRecord | OrderRecord): string => {
  const { sequence: _, ...record } = order as OrderRecord
  return JSON.stringify(record)
}

export const OrderRepositoryPg = Layer.effect(OrderRepository)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return OrderRepository.of({
      insert: (order) =>
        sql<{ sequence: string }>`
          INSERT INTO orders (order_id, member_id, order_type, unit_type, order_status, is_double_land, created_at, record)
          VALUES (${order.orderId}, ${order.memberId}, ${order.orderType}, ${order.currencyUnit.unitType},
                  ${order.orderStatus}, ${order.currencyUnit.isDoubleLand}, ${order.createdAt}, ${recordJson(order)}::jsonb)
          RETURNING sequence`.pipe(
          Effect.map((rows) => ({ ...order, sequence: Number(rows[0]!.sequence) })),
          Effect.orDie,
          Effect.withSpan("OrderRepositoryPg.insert", undefined, HOT_PATH_SPAN),
        ),
      update: (order) =>
        sql<{ order_id: string }>`
          UPDATE orders SET order_status = ${order.orderStatus}, record = ${recordJson(order)}::jsonb
          WHERE order_id = ${order.orderId} RETURNING order_id`.pipe(
          Effect.orDie,
          Effect.flatMap((rows) => (rows.length === 0 ? Effect.fail(notFound(order.orderId)) : Effect.void)),
          Effect.withSpan("OrderRepositoryPg.update", undefined, HOT_PATH_SPAN),
        ),
      get: (orderId) =>
        sql<OrderRow>`SELECT sequence, record FROM orders WHERE order_id = ${orderId}`.pipe(
          Effect.orDie,
          Effect.flatMap((rows) =>
            rows[0] === undefined ? Effect.fail(notFound(orderId)) : Effect.succeed(toOrder(rows[0])),
          ),
        ),
      // One statement for any number of ids: they travel as one JSON array parameter (no limit on their number).
      getMany: (orderIds) =>
        orderIds.length === 0
          ? Effect.succeed([])
          : sql<OrderRow & { readonly order_id: string }>`
              SELECT order_id, sequence, record FROM orders
              WHERE order_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(orderIds)}::jsonb))
              ORDER BY sequence`.pipe(
              Effect.orDie,
              Effect.flatMap((rows) => {
                const found = new Set(rows.map((r) => r.order_id))
                const missing = orderIds.find((id) => !found.has(id))
                return missing === undefined
                  ? Effect.succeed(rows.map(toOrder))
                  : Effect.fail(notFound(missing))
              }),
              Effect.withSpan("OrderRepositoryPg.getMany"),
            ),
      find: (filter) => {
        const clauses = [
          ...(filter.memberId === undefined ? [] : [sql`member_id = ${filter.memberId}`]),
          ...(filter.involving === undefined
            ? []
            : [sql`(member_id = ${filter.involving} OR record->>'recipientMemberId' = ${filter.involving})`]),
          ...(filter.orderType === undefined ? [] : [sql`order_type = ${filter.orderType}`]),
          ...(filter.unitType === undefined ? [] : [sql`unit_type = ${filter.unitType}`]),
          ...(filter.statuses === undefined
            ? []
            : filter.statuses.length === 0
              ? [sql`false`]
              : [sql`order_status IN ${sql.in(filter.statuses)}`]),
          ...(filter.isDoubleLand === undefined ? [] : [sql`is_double_land = ${filter.isDoubleLand}`]),
          ...(filter.updatedSince === undefined ? [] : [sql`record->>'updatedAt' >= ${filter.updatedSince}`]),
        ]
        const where = clauses.length === 0 ? sql`true` : sql.and(clauses)
        return sql<OrderRow>`SELECT sequence, record FROM orders WHERE ${where} ORDER BY sequence`.pipe(
          Effect.map((rows) => rows.map(toOrder)),
          Effect.orDie,
          Effect.withSpan("OrderRepositoryPg.find", undefined, HOT_PATH_SPAN),
        )
      },
    })
  }),
)
