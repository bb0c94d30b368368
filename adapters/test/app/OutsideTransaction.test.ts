/**
 * No slow I/O while a transaction is open, in the app as composed (AppLayer.ts on the embedded database): every
 * port core's OutsideTransaction.ts lists is present, and each listed method dies with CalledInsideTransaction
 * inside the order engine's unit of work and inside any other transaction a store opens (the SQL client's own,
 * marked by postgres/TransactionMarker.ts), before it calls out. The table is walked, so a port added to it is
 * checked here without a new test.
 */
import { SLOW_PORT_METHODS } from "@landunits/core/orders/OutsideTransaction.ts"
import { UnitOfWork } from "@landunits/core/orders/ports/UnitOfWork.ts"
import { Cause, Effect, Exit, ManagedRuntime } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { pgliteTarget } from "../support/Databases.ts"

const app = layerApp(pgliteTarget().layer)
const makeRuntime = () => ManagedRuntime.make(app)
let runtime: ReturnType<typeof makeRuntime>

beforeAll(async () => {
  runtime = makeRuntime()
  await runtime.runPromise(Effect.void)
}, 120_000)
afterAll(() => runtime.dispose())

/** The service the app provides under `key`. */
const serviceOf = (key: string) =>
  runtime.runPromise(Effect.map(Effect.context<never>(), (context) => context.mapUnsafe.get(key)))

/** `method` of `service` called with placeholder arguments: the guard answers before any argument is read. */
const call = (service: Record<string, unknown>, method: string): Effect.Effect<unknown, unknown> => {
  const member = service[method]
  return typeof member === "function"
    ? (member.call(service, {}) as Effect.Effect<unknown, unknown>)
    : (member as Effect.Effect<unknown, unknown>)
}

const calledInside = (exit: Exit.Exit<unknown, unknown>) =>
  Exit.isFailure(exit) ? Cause.squash(exit.cause) : undefined

describe.each(Object.entries(SLOW_PORT_METHODS))("%s, as the app provides it", (key, methods) => {
  it("is provided by the app", async () => {
    expect(await serviceOf(key)).toBeDefined()
  })

  it.each(methods)(
    "%s dies inside the unit of work and inside a store's own transaction, never calling out",
    async (method) => {
      const service = (await serviceOf(key)) as Record<string, unknown>
      const inUnitOfWork = await runtime.runPromiseExit(
        Effect.flatMap(Effect.service(UnitOfWork), (uow) =>
          uow.transaction(Effect.suspend(() => call(service, method))),
        ),
      )
      const inSqlTransaction = await runtime.runPromiseExit(
        Effect.flatMap(Effect.service(SqlClient.SqlClient), (sql) =>
          sql.withTransaction(Effect.suspend(() => call(service, method))),
        ),
      )
      for (const exit of [inUnitOfWork, inSqlTransaction]) {
        expect(calledInside(exit)).toMatchObject({ _tag: "CalledInsideTransaction", port: key, method })
      }
    },
  )
})
