/**
 * LockedTotals on PostgreSQL: the unit type's advisory lock (the same key as UnitOfWorkPg's) and its ledger
 * totals in one statement, through `ledger_totals_after_lock` (migration 0204), whose read takes its
 * snapshot after the lock is granted.
 */
import { LockedTotals } from "@landunits/core/orders/ports/LockedTotals.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { emptyTotals } from "./LedgerStorePg.ts"
import { HOT_PATH_SPAN, ORDER_COMMAND_LOCK, unitTypeLockKey } from "./UnitOfWorkPg.ts"

export const LockedTotalsPg = Layer.effect(LockedTotals)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return LockedTotals.of({
      lockThenRead: (unitType) =>
        Effect.flatMap(Effect.serviceOption(sql.transactionService), (inTransaction) =>
          Option.isNone(inTransaction)
            ? Effect.die(new Error("LockedTotals outside a transaction"))
            : sql<{ bucket: keyof ReturnType<typeof emptyTotals>; units: string }>`
                SELECT bucket, units FROM ledger_totals_after_lock(${ORDER_COMMAND_LOCK}, ${unitTypeLockKey(unitType)}, ${unitType})`.pipe(
                Effect.map((rows) => {
                  const totals = emptyTotals()
                  for (const row of rows) totals[row.bucket] = Number(row.units)
                  return totals
                }),
                Effect.orDie,
              ),
        ).pipe(Effect.withSpan("LockedTotalsPg.lockThenRead", undefined, HOT_PATH_SPAN)),
    })
  }),
)
