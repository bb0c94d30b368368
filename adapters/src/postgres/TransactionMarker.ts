/**
 * Every database transaction says it is open: the client's `withTransaction` runs its effect with core's
 * `InTransaction` set, so a port that leaves the process refuses to be called inside it (core's
 * OutsideTransaction.ts), whichever path opened the transaction (the order engine's unit of work, or a store's own).
 */
import type { PgClient } from "@effect/sql-pg"
import { InTransaction } from "@landunits/core/orders/ports/UnitOfWork.ts"
import { Effect, type Layer } from "effect"
import type { SqlClient } from "effect/sql"
import { layerAroundTransactions } from "./AroundTransactions.ts"

/** Over a database layer: the same clients, their transactions marked. */
export const layerMarkedTransactions = <E, R>(
  database: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, E, R>,
): Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, E, R> =>
  layerAroundTransactions(database, (client, effect) =>
    client.withTransaction(Effect.provideService(effect, InTransaction, true)),
  )
