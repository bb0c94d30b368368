/**
 * BuyJournal on PostgreSQL: a batch of buys in the batch's transaction (migrations 2960, 2980).
 * `open_buy_batch` takes the unit type's advisory lock (the same key as UnitOfWorkPg's) and reads the saved records of
 * the batch's keys and the kept totals; `record_buys` writes the accepted buys; `record_buy_batch` is the two in one
 * statement, on the guess that core keeps every buy, and `record_buy_batches` that for each unit type of a batch, in
 * the locks' order (`recordBatch`: a wrong guess fails with BatchGuessedWrong and the transaction's rollback takes the
 * write back). What is written: the transfers
 * with their chain links (computed in SQL from the head read under the lock and each transfer's canonical encoding,
 * core's `canonicalOfStored` in v2 with its members' pseudonyms, computed here, the encoding and the blinds stored
 * with the row), the balance rows (the guard of migration 0203 and the totals' triggers as before), the chain's head,
 * then each order and its key, whose response is the order's record with the sequence its insert gave it, exactly
 * what IdempotencyStore.save would have stored.
 */

import type { InsufficientUnits, InvalidTransfer } from "@landunits/core/ledger/LedgerErrors.ts"
import type { LedgerTotals } from "@landunits/core/ledger/ports/LedgerStore.ts"
import { canonicalOfStored } from "@landunits/core/ledger/TransferChain.ts"
import type { OrderRecord } from "@landunits/core/orders/OrderModel.ts"
import {
  BatchGuessedWrong,
  type BuyBatchStart,
  BuyJournal,
  type BuyKey,
  inLockOrder,
  type NewBuyEntry,
} from "@landunits/core/orders/ports/BuyJournal.ts"
import { IdempotencyKeyTaken, type IdempotencyRecord } from "@landunits/core/orders/ports/IdempotencyStore.ts"
import type { UnitType } from "@landunits/core/shared/Enums.ts"
import type { IdempotencyKey } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient, type SqlError } from "effect/sql"
import { CurrentOrderCommand, recordLockWait } from "../observability/OrderCommandMetrics.ts"
import { appendFailure, emptyTotals, type PreparedAppend, prepareAppend } from "./LedgerStorePg.ts"
import { nativeChainHash } from "./NativeChainHash.ts"
import { recordJson } from "./OrderRepositoryPg.ts"
import { rememberHeads } from "./TransferChainHeadsPg.ts"
import { HOT_PATH_SPAN, ORDER_COMMAND_LOCK, unitTypeLockKey } from "./UnitOfWorkPg.ts"

/** The idempotency keys' primary key (migration 0202). */
const KEY_UNIQUE = "idempotency_keys_pkey"

/** A row of `open_buy_batch`, `record_buys` or `record_buy_batch`: a total, a saved key, an order, or the chain's head. */
interface BatchRow {
  readonly bucket?: keyof LedgerTotals | null
  readonly units?: string | null
  readonly key_scope?: string | null
  readonly key_value?: string | null
  readonly request_hash?: string | null
  readonly response?: unknown
  readonly order_id?: string | null
  readonly sequence?: string | null
  readonly chain_length?: string | null
  readonly chain_head?: string | null
}

/** The rows read back: the totals, the saved keys, each written order's sequence and the chain's head after the write. */
const readRows = (rows: ReadonlyArray<BatchRow>) => {
  const totals = emptyTotals()
  const saved: Array<IdempotencyRecord> = []
  const sequences = new Map<string, number>()
  let head: { readonly length: number; readonly head: string } | undefined
  for (const row of rows) {
    if (row.bucket != null) totals[row.bucket] = Number(row.units)
    else if (row.key_scope != null)
      saved.push({
        scope: row.key_scope,
        idempotencyKey: row.key_value! as IdempotencyKey,
        requestHash: row.request_hash!,
        response: row.response,
      })
    else if (row.order_id != null) sequences.set(row.order_id, Number(row.sequence))
    else if (row.chain_head != null) head = { length: Number(row.chain_length), head: row.chain_head }
  }
  return { start: { totals, saved } satisfies BuyBatchStart, sequences, head }
}

/** A batch's keys as its statements take them: { scope, key }. */
const keyRows = (keys: ReadonlyArray<BuyKey>) => keys.map((k) => ({ scope: k.scope, key: k.idempotencyKey }))

export const BuyJournalPg = Layer.effect(BuyJournal)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const inTransaction = (what: string) =>
      Effect.flatMap(Effect.serviceOption(sql.transactionService), (transaction) =>
        Option.isNone(transaction)
          ? Effect.die(new Error(`BuyJournal.${what} outside a transaction`))
          : Effect.void,
      )

    /** The statement's JSON arguments for `entries`, every transfer of `unitType`: transfers, balances, orders. */
    const prepareWrite = Effect.fnUntraced(function* (
      unitType: UnitType,
      entries: ReadonlyArray<NewBuyEntry>,
    ) {
      if (entries.some((e) => e.unitType !== unitType || e.transfers.some((t) => t.unitType !== unitType))) {
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
      return { prepared, transfers: transferRows, balances: prepared?.balanceRows ?? [], orders: orderRows }
    })

    /**
     * A write's failure as the ports name it: a key saved meanwhile, a transfer the ledger refuses (the first of the
     * writes that names it); else a defect.
     */
    const writeFailure =
      (
        entries: ReadonlyArray<NewBuyEntry>,
        writes: ReadonlyArray<{ readonly prepared: PreparedAppend | undefined }>,
      ) =>
      (
        error: SqlError.SqlError,
      ): Effect.Effect<never, IdempotencyKeyTaken | InsufficientUnits | InvalidTransfer> => {
        if (error.reason._tag === "UniqueViolation" && error.reason.constraint === KEY_UNIQUE) {
          const first = entries[0]!.key
          return Effect.fail(
            new IdempotencyKeyTaken({ scope: first.scope, idempotencyKey: first.idempotencyKey }),
          )
        }
        for (const { prepared } of writes) {
          const failure = prepared === undefined ? undefined : appendFailure(prepared, error)
          if (failure !== undefined) return Effect.fail(failure)
        }
        return Effect.die(error)
      }

    /** The written orders with their sequences, and the chain's new head remembered for the transaction. */
    const storedOf = Effect.fnUntraced(function* (
      unitType: UnitType,
      entries: ReadonlyArray<NewBuyEntry>,
      read: ReturnType<typeof readRows>,
    ) {
      if (read.head !== undefined) yield* rememberHeads(sql, new Map([[unitType, read.head]]))
      return entries.map(({ order }): OrderRecord => {
        const sequence = read.sequences.get(order.orderId)
        if (sequence === undefined)
          throw new Error(`the batch's statement answered no sequence for ${order.orderId}`)
        return { ...order, sequence }
      })
    })

    const openBatch = (unitType: UnitType, keys: ReadonlyArray<BuyKey>) =>
      Effect.gen(function* () {
        yield* inTransaction("openBatch")
        const rows = yield* sql<BatchRow>`
          SELECT bucket, units, key_scope, key_value, request_hash, response FROM open_buy_batch(
            ${ORDER_COMMAND_LOCK}, ${unitTypeLockKey(unitType)}, ${unitType}, ${JSON.stringify(keyRows(keys))}::jsonb)`.pipe(
          Effect.orDie,
          // The batch's lock wait: this statement waits for the lock, then reads (OrderCommandMetrics.ts).
          recordLockWait,
          Effect.provideService(CurrentOrderCommand, "createBuy"),
        )
        return readRows(rows).start
      }).pipe(Effect.withSpan("BuyJournalPg.openBatch", undefined, HOT_PATH_SPAN))

    const recordBuys = (unitType: UnitType, entries: ReadonlyArray<NewBuyEntry>) =>
      Effect.gen(function* () {
        yield* inTransaction("recordBuys")
        const write = yield* prepareWrite(unitType, entries)
        const rows = yield* sql<BatchRow>`
          SELECT order_id, sequence, chain_length, chain_head FROM record_buys(
            ${ORDER_COMMAND_LOCK}, ${unitTypeLockKey(unitType)}, ${unitType},
            ${JSON.stringify(write.transfers)}::jsonb, ${JSON.stringify(write.balances)}::jsonb,
            ${JSON.stringify(write.orders)}::jsonb)`.pipe(
          Effect.catchTag("SqlError", writeFailure(entries, [write])),
        )
        return yield* storedOf(unitType, entries, readRows(rows))
      }).pipe(Effect.withSpan("BuyJournalPg.recordBuys", undefined, HOT_PATH_SPAN))

    return BuyJournal.of({
      openBatch,
      recordBuys,
      recordBatch: (parts) =>
        Effect.gen(function* () {
          yield* inTransaction("recordBatch")
          const ordered = inLockOrder(parts)
          const writes = yield* Effect.forEach(ordered, (part) => prepareWrite(part.unitType, part.entries))
          const batches = JSON.stringify(
            ordered.map((part, i) => ({
              unit_type: part.unitType,
              lock_key: unitTypeLockKey(part.unitType),
              keys: keyRows(part.keys),
              transfers: writes[i]!.transfers,
              balances: writes[i]!.balances,
              orders: writes[i]!.orders,
            })),
          )
          const rows = yield* sql<BatchRow & { readonly of_unit_type: UnitType }>`
            SELECT of_unit_type, bucket, units, key_scope, key_value, request_hash, response, order_id, sequence,
                   chain_length, chain_head
            FROM record_buy_batches(${ORDER_COMMAND_LOCK}, ${batches}::jsonb)`.pipe(
            Effect.catchTag(
              "SqlError",
              writeFailure(
                ordered.flatMap((part) => part.entries),
                writes,
              ),
            ),
            // The batch's lock wait: this statement waits for the locks, then reads and writes (OrderCommandMetrics.ts).
            recordLockWait,
            Effect.provideService(CurrentOrderCommand, "createBuy"),
          )
          const stored = new Map<UnitType, ReadonlyArray<OrderRecord>>()
          for (const part of ordered) {
            const read = readRows(rows.filter((row) => row.of_unit_type === part.unitType))
            if (read.start.saved.length > 0) {
              // A key was saved: nothing of this part was written; the judged buys are written now.
              const kept = yield* part.judge(read.start, new Set())
              stored.set(part.unitType, kept.length === 0 ? [] : yield* recordBuys(part.unitType, kept))
              continue
            }
            const written = yield* storedOf(part.unitType, part.entries, read)
            const kept = yield* part.judge(read.start, new Set(part.entries.map((e) => e.order.orderId)))
            if (kept.length !== part.entries.length || kept.some((entry, i) => entry !== part.entries[i])) {
              return yield* new BatchGuessedWrong({ kept: kept.length, written: part.entries.length })
            }
            stored.set(part.unitType, written)
          }
          return parts.map((part) => stored.get(part.unitType)!)
        }).pipe(Effect.withSpan("BuyJournalPg.recordBatch", undefined, HOT_PATH_SPAN)),
    })
  }),
)
