/**
 * UnitOfWork on PostgreSQL: each order command is one transaction, and commands touching the same unit
 * type run one at a time across every app process sharing the database.
 *
 * Concurrency and locking (docs/ledger.md §8). A command first does the reads no check depends on (its
 * idempotency key, the member's standing, prices), then takes the order-command lock of each unit type it
 * touches (`lockUnitTypes`: a transaction-scoped advisory lock per unit type, `pg_advisory_xact_lock`),
 * then reads what its checks need (availability, balances, the sales queue, the order's status) and
 * writes. Every statement after the lock sees what the lock's previous holder committed (READ COMMITTED
 * takes a new snapshot per statement, and the lock is its own statement). The locks are released by
 * COMMIT or ROLLBACK, also when the process dies (the server ends its session). So the checks a command
 * makes are still true when it writes: no two processes can both see the same free capacity or the same
 * balance. Several unit types are locked in one fixed order (`lockOrder`), so two commands that both need
 * two unit types cannot deadlock.
 *
 * Defence in depth, should a write ever bypass this: member balances are guarded by a trigger (>= 0),
 * transfers are append-only (trigger), and idempotency keys and transfer ids are unique.
 */
import { lockOrder, UnitOfWork } from "@landunits/core/orders/ports/UnitOfWork.ts"
import { type UnitType, UnitTypes } from "@landunits/core/shared/Enums.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient, SqlError } from "effect/sql"
import { recordLockWait } from "../observability/OrderCommandMetrics.ts"

/** The spans of every order command's statements: named, without a stack trace captured on each call. */
export const HOT_PATH_SPAN = { captureStackTrace: false } as const

/** The advisory locks' first key: "LUOC" (Landunits order commands); the second names the unit type. */
export const ORDER_COMMAND_LOCK = 0x4c554f43

/** The second key of a unit type's lock: its place in `UnitTypes`, from 1 (never reordered, only added to). */
export const unitTypeLockKey = (unitType: UnitType): number => UnitTypes.indexOf(unitType) + 1

export const UnitOfWorkPg = Layer.effect(UnitOfWork)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const lockOne = (unitType: UnitType) =>
      sql`SELECT pg_advisory_xact_lock(${ORDER_COMMAND_LOCK}, ${unitTypeLockKey(unitType)})`
    return UnitOfWork.of({
      transaction: (effect) =>
        sql.withTransaction(effect).pipe(
          Effect.catchIf(SqlError.isSqlError, (error) => Effect.die(error)),
          Effect.withSpan("UnitOfWorkPg.transaction", undefined, HOT_PATH_SPAN),
        ),
      lockUnitTypes: (unitTypes) =>
        Effect.flatMap(Effect.serviceOption(sql.transactionService), (inTransaction) =>
          Option.isNone(inTransaction)
            ? // Outside a transaction the lock would end with its own statement: a bug, not a lock.
              Effect.die(new Error("lockUnitTypes outside a transaction"))
            : Effect.forEach(lockOrder(unitTypes), lockOne, { discard: true }).pipe(
                Effect.orDie,
                // The command's lock wait (observability/OrderCommandMetrics.ts).
                recordLockWait,
              ),
        ),
    })
  }),
)
