/**
 * OrderJournal on PostgreSQL: a new order, its ledger transfers (with their effect on the balance rows) and
 * its command's idempotency record in ONE statement of the command's transaction, where they were three.
 * Data-modifying CTEs run once each, all or nothing with the statement: the balance guard (migration 0203)
 * or a unique key aborting any of them writes none of them. The transfers carry their chain links, computed
 * from the heads the command read under its lock (LedgerStorePg's `linkAppend`). The stored response is the order's record with
 * the sequence the insert gave it, exactly what IdempotencyStore.save would have stored.
 */

import type { InsufficientUnits, InvalidTransfer } from "@landunits/core/ledger/LedgerErrors.ts"
import { IdempotencyKeyTaken } from "@landunits/core/orders/ports/IdempotencyStore.ts"
import { OrderJournal } from "@landunits/core/orders/ports/OrderJournal.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { appendCtes, appended, appendFailure, linkAppend, prepareAppend } from "./LedgerStorePg.ts"
import { recordJson } from "./OrderRepositoryPg.ts"
import { HOT_PATH_SPAN } from "./UnitOfWorkPg.ts"

/** The idempotency keys' primary key (migration 0202). */
const KEY_UNIQUE = "idempotency_keys_pkey"

export const OrderJournalPg = Layer.effect(OrderJournal)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return OrderJournal.of({
      recordNew: ({ order, transfers, key }) =>
        Effect.gen(function* () {
          const prepared = yield* prepareAppend(transfers)
          const linked = prepared === undefined ? undefined : yield* linkAppend(sql, prepared)
          const json = recordJson(order)
          const statement = linked === undefined ? undefined : appendCtes(sql, linked)
          const ledger = statement === undefined ? sql`` : sql`${statement.ctes},`
          const rows = yield* sql<{ sequence: string; moved: string }>`
            WITH ${ledger}
            inserted AS (
              INSERT INTO orders (order_id, member_id, order_type, unit_type, order_status, is_double_land, created_at, record)
              VALUES (${order.orderId}, ${order.memberId}, ${order.orderType}, ${order.currencyUnit.unitType},
                      ${order.orderStatus}, ${order.currencyUnit.isDoubleLand}, ${order.createdAt}, ${json}::jsonb)
              RETURNING sequence, record),
            keyed AS (
              INSERT INTO idempotency_keys (scope, idempotency_key, request_hash, response)
              SELECT ${key.scope}, ${key.idempotencyKey}, ${key.requestHash},
                     record || jsonb_build_object('sequence', sequence)
              FROM inserted
              RETURNING 1)
            SELECT sequence, ${statement?.moved ?? sql.literal("0")} AS moved FROM inserted`.pipe(
            Effect.catchTag(
              "SqlError",
              (error): Effect.Effect<never, IdempotencyKeyTaken | InsufficientUnits | InvalidTransfer> => {
                if (error.reason._tag === "UniqueViolation" && error.reason.constraint === KEY_UNIQUE) {
                  return Effect.fail(
                    new IdempotencyKeyTaken({ scope: key.scope, idempotencyKey: key.idempotencyKey }),
                  )
                }
                const failure = prepared === undefined ? undefined : appendFailure(prepared, error)
                return failure === undefined ? Effect.die(error) : Effect.fail(failure)
              },
            ),
          )
          if (linked !== undefined) yield* appended(sql, linked, rows[0]!.moved)
          return { ...order, sequence: Number(rows[0]!.sequence) }
        }).pipe(Effect.withSpan("OrderJournalPg.recordNew", undefined, HOT_PATH_SPAN)),
    })
  }),
)
