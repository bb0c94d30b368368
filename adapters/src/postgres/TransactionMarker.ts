/**
 * Every database transaction says it is open: the client's `withTransaction` runs its effect with core's
 * `InTransaction` set, so a port that leaves the process refuses to be called inside it (core's
 * OutsideTransaction.ts), whichever path opened the transaction (the order engine's unit of work, or a store's own).
 */
import { PgClient } from "@effect/sql-pg"
import { InTransaction } from "@landunits/core/orders/ports/UnitOfWork.ts"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

const marked = <C extends SqlClient.SqlClient>(client: C): C => {
  const withTransaction = <R, E, A>(effect: Effect.Effect<A, E, R>) =>
    client.withTransaction(Effect.provideService(effect, InTransaction, true))
  return new Proxy(client, {
    get: (target, property, receiver) =>
      property === "withTransaction" ? withTransaction : Reflect.get(target, property, receiver),
  })
}

/** Over a database layer: the same clients, their transactions marked. */
export const layerMarkedTransactions = <E, R>(
  database: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, E, R>,
): Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, E, R> =>
  Layer.effectContext(
    Effect.map(Effect.service(PgClient.PgClient), (client) => {
      const wrapped = marked(client)
      return Context.make(PgClient.PgClient, wrapped).pipe(Context.add(SqlClient.SqlClient, wrapped))
    }),
  ).pipe(Layer.provide(database))
