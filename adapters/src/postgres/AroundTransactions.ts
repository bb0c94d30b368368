/**
 * A database layer whose clients do something around each `withTransaction`: the same clients otherwise
 * (PgClient and SqlClient are one object). What is done around it: TransactionMarker.ts (says a transaction is
 * open) and observability/DatabasePoolMetrics.ts (measures the wait for a connection).
 */
import { PgClient } from "@effect/sql-pg"
import { Context, Effect, Layer } from "effect"
import { SqlClient, type SqlError } from "effect/sql"

/** The effect a transaction runs instead of `client.withTransaction(effect)`. */
export type AroundTransaction = <A, E, R>(
  client: SqlClient.SqlClient,
  effect: Effect.Effect<A, E, R>,
) => Effect.Effect<A, E | SqlError.SqlError, R>

const wrapped = <C extends SqlClient.SqlClient>(client: C, around: AroundTransaction): C => {
  const withTransaction = <A, E, R>(effect: Effect.Effect<A, E, R>) => around(client, effect)
  return new Proxy(client, {
    get: (target, property, receiver) =>
      property === "withTransaction" ? withTransaction : Reflect.get(target, property, receiver),
  })
}

/** Over `database`: the same clients, each transaction run through `around`. */
export const layerAroundTransactions = <E, R>(
  database: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, E, R>,
  around: AroundTransaction,
): Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, E, R> =>
  Layer.effectContext(
    Effect.map(Effect.service(PgClient.PgClient), (client) => {
      const client_ = wrapped(client, around)
      return Context.make(PgClient.PgClient, client_).pipe(Context.add(SqlClient.SqlClient, client_))
    }),
  ).pipe(Layer.provide(database))
