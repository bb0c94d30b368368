/**
 * BuyJournal on PostgreSQL: a new buy in ONE statement of the command's transaction, `record_buy` (migration
 * 2870): the unit type's advisory lock (the same key as UnitOfWorkPg's), the key's record (a repeat writes
 * nothing), the kept totals, then the transfers with their chain links (computed in SQL from the head read under
 * the lock and each transfer's canonical encoding, core's `canonicalOfStored` in v2 with its members' pseudonyms,
 * computed here, the encoding and the blinds stored with the row), the balance rows
 * (the guard of migration 0203 and the totals' triggers as before), the chain's head, the order and the key.
 * Where a buy made three statements in its unit type's serial section (lock and reads, write, COMMIT), it makes two.
 *
 * The check runs after the statement, on the totals it read before writing: a refusal fails the effect, and the
 * command's transaction rolls the write back. The stored response is the order's record with the sequence the
 * insert gave it, exactly what IdempotencyStore.save would have stored.
 */
import type { InsufficientUnits, InvalidTransfer } from "@landunits/core/ledger/LedgerErrors.ts"
import type { LedgerTotals } from "@landunits/core/ledger/ports/LedgerStore.ts"
import { canonicalOfStored } from "@landunits/core/ledger/TransferChain.ts"
import { BuyJournal, type BuyRecorded } from "@landunits/core/orders/ports/BuyJournal.ts"
import { IdempotencyKeyTaken } from "@landunits/core/orders/ports/IdempotencyStore.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient, type SqlError } from "effect/sql"
import { recordLockWait } from "../observability/OrderCommandMetrics.ts"
import { appendFailure, emptyTotals, prepareAppend } from "./LedgerStorePg.ts"
import { nativeChainHash } from "./NativeChainHash.ts"
import { recordJson } from "./OrderRepositoryPg.ts"
import { rememberHeads } from "./TransferChainHeadsPg.ts"
import { HOT_PATH_SPAN, ORDER_COMMAND_LOCK, unitTypeLockKey } from "./UnitOfWorkPg.ts"

/** The idempotency keys' primary key (migration 0202). */
const KEY_UNIQUE = "idempotency_keys_pkey"

interface BuyRow {
  readonly bucket: keyof LedgerTotals | null
  readonly units: string | null
  readonly request_hash: string | null
  readonly response: unknown
  readonly sequence: string | null
  readonly chain_length: string | null
  readonly chain_head: string | null
}

export const BuyJournalPg = Layer.effect(BuyJournal)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return BuyJournal.of({
      recordBuy: ({ unitType, order, transfers, key }, check) =>
        Effect.gen(function* () {
          if (Option.isNone(yield* Effect.serviceOption(sql.transactionService))) {
            return yield* Effect.die(new Error("BuyJournal outside a transaction"))
          }
          if (transfers.some((t) => t.unitType !== unitType)) {
            return yield* Effect.die(new Error(`A buy of ${unitType} moves only ${unitType}`))
          }
          const prepared = yield* prepareAppend(transfers)
          const transferRows = (prepared?.transferRows ?? []).map((row, i) => ({
            ...row,
            canonical: canonicalOfStored(prepared!.chained[i]!, nativeChainHash),
          }))
          const rows = yield* sql<BuyRow>`
            SELECT bucket, units, request_hash, response, sequence, chain_length, chain_head FROM record_buy(
              ${ORDER_COMMAND_LOCK}, ${unitTypeLockKey(unitType)}, ${unitType},
              ${key.scope}, ${key.idempotencyKey}, ${key.requestHash},
              ${JSON.stringify(transferRows)}::jsonb, ${JSON.stringify(prepared?.balanceRows ?? [])}::jsonb,
              ${order.orderId}, ${order.memberId}, ${order.orderType}, ${order.orderStatus},
              ${order.currencyUnit.isDoubleLand}, ${order.createdAt}, ${recordJson(order)}::jsonb)`.pipe(
            Effect.catchTag(
              "SqlError",
              (
                error: SqlError.SqlError,
              ): Effect.Effect<never, IdempotencyKeyTaken | InsufficientUnits | InvalidTransfer> => {
                if (error.reason._tag === "UniqueViolation" && error.reason.constraint === KEY_UNIQUE) {
                  return Effect.fail(
                    new IdempotencyKeyTaken({ scope: key.scope, idempotencyKey: key.idempotencyKey }),
                  )
                }
                const failure = prepared === undefined ? undefined : appendFailure(prepared, error)
                return failure === undefined ? Effect.die(error) : Effect.fail(failure)
              },
            ),
            // The buy's lock wait: this statement waits for the lock, then reads and writes (OrderCommandMetrics.ts).
            recordLockWait,
          )
          const totals = emptyTotals()
          let sequence: number | undefined
          for (const row of rows) {
            if (row.request_hash !== null) {
              return {
                _tag: "Repeated",
                existing: { ...key, requestHash: row.request_hash, response: row.response },
              } satisfies BuyRecorded
            }
            if (row.bucket !== null) totals[row.bucket] = Number(row.units)
            else if (row.sequence !== null) {
              sequence = Number(row.sequence)
              yield* rememberHeads(
                sql,
                new Map([[unitType, { length: Number(row.chain_length), head: row.chain_head! }]]),
              )
            }
          }
          if (sequence === undefined) return yield* Effect.die(new Error("record_buy answered no order"))
          // Judged on the totals read before the write; a refusal ends the transaction, which takes the write back.
          yield* check(totals)
          return { _tag: "Recorded", order: { ...order, sequence } } satisfies BuyRecorded
        }).pipe(Effect.withSpan("BuyJournalPg.recordBuy", undefined, HOT_PATH_SPAN)),
    })
  }),
)
