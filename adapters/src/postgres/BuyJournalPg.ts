/**
 * BuyJournal on PostgreSQL: a batch of buys of one unit type in two statements of the batch's transaction
 * (migration 2960). `open_buy_batch` takes the unit type's advisory lock (the same key as UnitOfWorkPg's) and reads
 * the saved records of the batch's keys and the kept totals; `record_buys` writes the accepted buys: the transfers
 * with their chain links (computed in SQL from the head read under the lock and each transfer's canonical encoding,
 * core's `canonicalOfStored` in v2 with its members' pseudonyms, computed here, the encoding and the blinds stored
 * with the row), the balance rows (the guard of migration 0203 and the totals' triggers as before), the chain's head,
 * then each order and its key, whose response is the order's record with the sequence its insert gave it, exactly
 * what IdempotencyStore.save would have stored.
 */

import type { LedgerTotals } from "@landunits/core/ledger/ports/LedgerStore.ts"
import { canonicalOfStored } from "@landunits/core/ledger/TransferChain.ts"
import type { OrderRecord } from "@landunits/core/orders/OrderModel.ts"
import { BuyJournal } from "@landunits/core/orders/ports/BuyJournal.ts"
import { IdempotencyKeyTaken, type IdempotencyRecord } from "@landunits/core/orders/ports/IdempotencyStore.ts"
import type { UnitType } from "@landunits/core/shared/Enums.ts"
import type { IdempotencyKey } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient, type SqlError } from "effect/sql"
import { CurrentOrderCommand, recordLockWait } from "../observability/OrderCommandMetrics.ts"
import { appendFailure, emptyTotals, prepareAppend } from "./LedgerStorePg.ts"
import { nativeChainHash } from "./NativeChainHash.ts"
import { recordJson } from "./OrderRepositoryPg.ts"
import { rememberHeads } from "./TransferChainHeadsPg.ts"
import { HOT_PATH_SPAN, ORDER_COMMAND_LOCK, unitTypeLockKey } from "./UnitOfWorkPg.ts"

/** The idempotency keys' primary key (migration 0202). */
const KEY_UNIQUE = "idempotency_keys_pkey"

interface OpenRow {
  readonly bucket: keyof LedgerTotals | null
  readonly units: string | null
  readonly key_scope: string | null
  readonly key_value: string | null
  readonly request_hash: string | null
  readonly response: unknown
}

interface RecordedRow {
  readonly order_id: string | null
  readonly sequence: string | null
  readonly chain_length: string | null
  readonly chain_head: string | null
}

export const BuyJournalPg = Layer.effect(BuyJournal)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const inTransaction = (what: string) =>
      Effect.flatMap(Effect.serviceOption(sql.transactionService), (transaction) =>
        Option.isNone(transaction)
          ? Effect.die(new Error(`BuyJournal.${what} outside a transaction`))
          : Effect.void,
      )
    return BuyJournal.of({
      openBatch: (unitType, keys) =>
        Effect.gen(function* () {
          yield* inTransaction("openBatch")
          const wanted = keys.map((k) => ({ scope: k.scope, key: k.idempotencyKey }))
          const rows = yield* sql<OpenRow>`
            SELECT bucket, units, key_scope, key_value, request_hash, response FROM open_buy_batch(
              ${ORDER_COMMAND_LOCK}, ${unitTypeLockKey(unitType)}, ${unitType}, ${JSON.stringify(wanted)}::jsonb)`.pipe(
            Effect.orDie,
            // The batch's lock wait: this statement waits for the lock, then reads (OrderCommandMetrics.ts).
            recordLockWait,
            Effect.provideService(CurrentOrderCommand, "createBuy"),
          )
          const totals = emptyTotals()
          const saved: Array<IdempotencyRecord> = []
          for (const row of rows) {
            if (row.bucket !== null) totals[row.bucket] = Number(row.units)
            else
              saved.push({
                scope: row.key_scope!,
                idempotencyKey: row.key_value! as IdempotencyKey,
                requestHash: row.request_hash!,
                response: row.response,
              })
          }
          return { totals, saved }
        }).pipe(Effect.withSpan("BuyJournalPg.openBatch", undefined, HOT_PATH_SPAN)),

      recordBuys: (unitType: UnitType, entries) =>
        Effect.gen(function* () {
          yield* inTransaction("recordBuys")
          if (
            entries.some((e) => e.unitType !== unitType || e.transfers.some((t) => t.unitType !== unitType))
          ) {
            return yield* Effect.die(new Error(`A batch of ${unitType} buys moves only ${unitType}`))
          }
          const prepared = yield* prepareAppend(entries.flatMap((e) => e.transfers))
          const transferRows = (prepared?.transferRows ?? []).map((row, i) => ({
            ...row,
            canonical: canonicalOfStored(prepared!.chained[i]!, nativeChainHash),
          }))
          const orderRows = entries.map(({ order, key }) => ({
            order_id: order.orderId,
            member_id: order.memberId,
            order_type: order.orderType,
            order_status: order.orderStatus,
            is_double_land: order.currencyUnit.isDoubleLand,
            created_at: order.createdAt,
            record: JSON.parse(recordJson(order)) as unknown,
            key_scope: key.scope,
            key_value: key.idempotencyKey,
            key_hash: key.requestHash,
          }))
          const rows = yield* sql<RecordedRow>`
            SELECT order_id, sequence, chain_length, chain_head FROM record_buys(
              ${ORDER_COMMAND_LOCK}, ${unitTypeLockKey(unitType)}, ${unitType},
              ${JSON.stringify(transferRows)}::jsonb, ${JSON.stringify(prepared?.balanceRows ?? [])}::jsonb,
              ${JSON.stringify(orderRows)}::jsonb)`.pipe(
            Effect.catchTag(
              "SqlError",
              (
                error: SqlError.SqlError,
              ): Effect.Effect<never, IdempotencyKeyTaken | (ReturnType<typeof appendFailure> & {})> => {
                if (error.reason._tag === "UniqueViolation" && error.reason.constraint === KEY_UNIQUE) {
                  const first = entries[0]!.key
                  return Effect.fail(
                    new IdempotencyKeyTaken({ scope: first.scope, idempotencyKey: first.idempotencyKey }),
                  )
                }
                const failure = prepared === undefined ? undefined : appendFailure(prepared, error)
                return failure === undefined ? Effect.die(error) : Effect.fail(failure)
              },
            ),
          )
          const sequences = new Map<string, number>()
          for (const row of rows) {
            if (row.order_id !== null) sequences.set(row.order_id, Number(row.sequence))
            else
              yield* rememberHeads(
                sql,
                new Map([[unitType, { length: Number(row.chain_length), head: row.chain_head! }]]),
              )
          }
          return entries.map(({ order }): OrderRecord => {
            const sequence = sequences.get(order.orderId)
            if (sequence === undefined)
              throw new Error(`record_buys answered no sequence for ${order.orderId}`)
            return { ...order, sequence }
          })
        }).pipe(Effect.withSpan("BuyJournalPg.recordBuys", undefined, HOT_PATH_SPAN)),
    })
  }),
)
