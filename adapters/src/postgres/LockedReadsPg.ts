/**
 * LockedReads on PostgreSQL: the unit type's advisory lock (the same key as UnitOfWorkPg's), its kept
 * ledger totals, the buy's idempotency record and its chain's head in one statement, through
 * `buy_reads_after_lock` (migrations 0903, 2713), whose reads take their snapshots after the lock is granted.
 * The head is remembered for the buy's append (TransferChainHeadsPg), which then needs no read of its own.
 */
import type { LedgerTotals } from "@landunits/core/ledger/ports/LedgerStore.ts"
import type { IdempotencyRecord } from "@landunits/core/orders/ports/IdempotencyStore.ts"
import { LockedReads } from "@landunits/core/orders/ports/LockedReads.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { recordLockWait } from "../observability/OrderCommandMetrics.ts"
import { emptyTotals } from "./LedgerStorePg.ts"
import { emptyChain, rememberHeads } from "./TransferChainHeadsPg.ts"
import { HOT_PATH_SPAN, ORDER_COMMAND_LOCK, unitTypeLockKey } from "./UnitOfWorkPg.ts"

interface ReadRow {
  readonly bucket: keyof LedgerTotals | null
  readonly units: string | null
  readonly request_hash: string | null
  readonly response: unknown
  readonly chain_length: string | null
  readonly chain_head: string | null
}

export const LockedReadsPg = Layer.effect(LockedReads)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return LockedReads.of({
      lockThenRead: (unitType, key) =>
        Effect.flatMap(Effect.serviceOption(sql.transactionService), (inTransaction) =>
          Option.isNone(inTransaction)
            ? Effect.die(new Error("LockedReads outside a transaction"))
            : sql<ReadRow>`
                SELECT bucket, units, request_hash, response, chain_length, chain_head FROM buy_reads_after_lock(
                  ${ORDER_COMMAND_LOCK}, ${unitTypeLockKey(unitType)}, ${unitType}, ${key.scope}, ${key.idempotencyKey})`.pipe(
                Effect.flatMap((rows) => {
                  const totals = emptyTotals()
                  let existing = Option.none<IdempotencyRecord>()
                  let chain = emptyChain
                  for (const row of rows) {
                    if (row.bucket !== null) totals[row.bucket] = Number(row.units)
                    else if (row.chain_head !== null)
                      chain = { length: Number(row.chain_length), head: row.chain_head }
                    else if (row.request_hash !== null) {
                      existing = Option.some({
                        ...key,
                        requestHash: row.request_hash,
                        response: row.response,
                      })
                    }
                  }
                  return Effect.as(rememberHeads(sql, new Map([[unitType, chain]])), { totals, existing })
                }),
                Effect.orDie,
                // The buy's lock wait: this statement waits for the lock, then reads (OrderCommandMetrics.ts).
                recordLockWait,
              ),
        ).pipe(Effect.withSpan("LockedReadsPg.lockThenRead", undefined, HOT_PATH_SPAN)),
    })
  }),
)
