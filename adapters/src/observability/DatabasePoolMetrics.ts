/**
 * The database pool, as metrics (docs/operations.md, "Metrics"). @effect/sql-pg keeps its pool to itself, so
 * its figures come from the two places that see it:
 *
 * - the database (`readPoolConnections` in postgres/PoolConnectionsPg.ts, when scraped): this process's connections in `pg_stat_activity`, found
 *   by the application name every connection of this process announces (`APPLICATION_NAME`): how many are open
 *   and how many are in use (running a statement, or inside a transaction);
 * - the client (`layerPoolWaits`): a transaction asks the pool for a connection of its own. The time from asking
 *   to its first statement is its wait (`landunits_db_pool_wait_seconds`, BEGIN included), and the transactions
 *   still waiting are `landunits_db_pool_waiting`. Statements outside a transaction share connections
 *   (pipelined), so a full pool shows first as transactions waiting.
 */
import type { PgClient } from "@effect/sql-pg"
import { Effect, type Layer, Metric, Option } from "effect"
import type { SqlClient } from "effect/sql"
import { PROCESS_ID } from "../app/ProcessIdentity.ts"
import { type AroundTransaction, layerAroundTransactions } from "../postgres/AroundTransactions.ts"
import { dbPoolWait } from "./Metrics.ts"

/** What this process's connections announce as their application_name. */
export const APPLICATION_NAME = `landunits ${PROCESS_ID}`.slice(0, 63)

let waiting = 0

/** Transactions of this process waiting for their connection now. */
export const transactionsWaiting = () => waiting

/**
 * Each outermost transaction's wait for its connection measured. A nested one (a savepoint on the connection
 * already held) is not a wait and is passed through.
 */
const measured: AroundTransaction = (client, effect) =>
  Effect.flatMap(Effect.serviceOption(client.transactionService), (outer) => {
    if (Option.isSome(outer)) return client.withTransaction(effect)
    return Effect.suspend(() => {
      const asked = performance.now()
      let started = false
      waiting++
      const begun = Effect.suspend(() => {
        started = true
        waiting--
        return Effect.andThen(Metric.update(dbPoolWait, (performance.now() - asked) / 1000), effect)
      })
      return client.withTransaction(begun).pipe(
        Effect.ensuring(
          Effect.sync(() => {
            if (!started) waiting--
          }),
        ),
      )
    })
  })

/** Over a database layer: the same clients, their transactions' connection waits measured. */
export const layerPoolWaits = <E, R>(
  database: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, E, R>,
): Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, E, R> => layerAroundTransactions(database, measured)
