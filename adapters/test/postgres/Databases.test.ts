import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { databaseTargets, serverUrl } from "../support/Databases.ts"

const targets = databaseTargets()
for (const name of targets.notRun) console.warn(`[not run] ${name}`)

describe("test databases", () => {
  it("names the PostgreSQL server run as not run exactly when DATABASE_URL is unset", () => {
    expect(targets.notRun.length === 0).toBe(serverUrl() !== undefined)
    expect(targets.run.map((t) => t.name)).toContain("PGlite")
  })

  for (const target of targets.run) {
    it(`${target.name}: a failed transaction leaves nothing behind, a committed one stays`, async () => {
      const program = Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql`CREATE TABLE probe (id int PRIMARY KEY)`
        yield* sql.withTransaction(sql`INSERT INTO probe (id) VALUES (1)`)
        const failed = yield* sql
          .withTransaction(
            Effect.gen(function* () {
              yield* sql`INSERT INTO probe (id) VALUES (2)`
              yield* sql`INSERT INTO probe (id) VALUES (1)`
            }),
          )
          .pipe(Effect.result)
        const rows = yield* sql<{ id: number }>`SELECT id FROM probe ORDER BY id`
        return { failed: failed._tag, ids: rows.map((r) => r.id) }
      })
      const result = await Effect.runPromise(program.pipe(Effect.provide(target.layer)))
      expect(result).toEqual({ failed: "Failure", ids: [1] })
    })
  }
})
