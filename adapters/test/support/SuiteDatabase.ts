/**
 * One migrated database per test suite and target, shared by the suite's tests: starting a database and
 * migrating it takes seconds, so a suite opens it once (`beforeAll`) and each test starts from empty
 * tables (`reset`, which truncates every table the migrations created).
 */
import type { PgClient } from "@effect/sql-pg"
import { Effect, Layer, ManagedRuntime } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, beforeEach } from "vitest"
import { layerMigrated, MIGRATIONS_TABLE } from "../../src/postgres/Migrations.ts"
import type { DatabaseTarget } from "./Databases.ts"

export type Sql = PgClient.PgClient | SqlClient.SqlClient

export interface SuiteDatabase {
  /** The suite's database, migrated; valid inside the suite's tests. */
  readonly layer: () => Layer.Layer<Sql>
  /** Runs an effect against the suite's database. */
  readonly run: <A, E>(effect: Effect.Effect<A, E, Sql>) => Promise<A>
}

/** Every table of the public schema except the migrations' own, emptied. */
export const truncateAll = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const tables = yield* sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> ${MIGRATIONS_TABLE}`
  if (tables.length === 0) return
  yield* sql.unsafe(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`)
})

/**
 * Call at the top of a `describe`: opens the target's database before the suite, migrates it, empties it
 * before each test and closes it after the suite.
 */
export const useSuiteDatabase = (target: DatabaseTarget): SuiteDatabase => {
  let runtime: ManagedRuntime.ManagedRuntime<Sql, unknown> | undefined
  const opened = () => {
    if (runtime === undefined) throw new Error("The suite database is used outside its suite")
    return runtime
  }
  beforeAll(async () => {
    runtime = ManagedRuntime.make(Layer.provideMerge(layerMigrated, target.layer))
    await runtime.context()
  }, 120_000)
  beforeEach(async () => {
    await opened().runPromise(truncateAll)
  })
  afterAll(async () => {
    await runtime?.dispose()
  })
  return {
    layer: () =>
      Layer.unwrap(Effect.promise(() => opened().context()).pipe(Effect.map(Layer.succeedContext))),
    run: (effect) => opened().runPromise(effect),
  }
}
