/**
 * UnitOfWork on PostgreSQL: each order command is one transaction, and order commands run one at a time
 * across every app process sharing the database.
 *
 * Concurrency and locking. A command first takes a transaction-scoped advisory lock
 * (`pg_advisory_xact_lock`), then reads what its checks need (availability, balances, the sales queue,
 * the idempotency key) and writes. The lock is released by COMMIT or ROLLBACK, also when the process dies
 * (the server ends its session). So the checks a command makes are still true when it writes: no two
 * processes can both see the same free capacity or the same balance, and a repeated idempotency key
 * always finds the first result. Reads that change nothing (holdings, lists) take no lock.
 *
 * Defence in depth, should a write ever bypass this: member balances have a CHECK (>= 0), transfers are
 * append-only (trigger), and idempotency keys and transfer ids are unique.
 *
 * One lock for all commands is the simplest scheme that is obviously right; its cost is that commands
 * queue behind one another (see docs/benchmarks.md for what that gives).
 */
import { UnitOfWork } from "@landunits/core/orders/ports/UnitOfWork.ts"
import { Effect, Layer } from "effect"
import { SqlClient, SqlError } from "effect/sql"

/** The advisory lock's key: "LUOC" (Landunits order commands). */
export const ORDER_COMMAND_LOCK = 0x4c554f43

export const UnitOfWorkPg = Layer.effect(UnitOfWork)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const lock = sql`SELECT pg_advisory_xact_lock(${ORDER_COMMAND_LOCK})`.pipe(Effect.orDie)
    return UnitOfWork.of({
      transaction: (effect) =>
        sql.withTransaction(Effect.andThen(lock, effect)).pipe(
          Effect.catchIf(SqlError.isSqlError, (error) => Effect.die(error)),
          Effect.withSpan("UnitOfWorkPg.transaction"),
        ),
    })
  }),
)
