import { execFile } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { promisify } from "node:util"
import { PgClient } from "@effect/sql-pg"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, describe, expect, it } from "vitest"
import { layerEmbedded } from "../../src/postgres/Database.ts"
import { EMBEDDED_INFO_FILE, serveEmbedded } from "../../src/postgres/EmbeddedPostgres.ts"

const run = promisify(execFile)
const dirs: Array<string> = []
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-embedded-"))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
})

const withSql = <A, E>(dataDir: string, f: (sql: SqlClient.SqlClient) => Effect.Effect<A, E>) =>
  Effect.runPromise(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      return yield* f(sql)
    }).pipe(Effect.provide(layerEmbedded(dataDir))),
  )

describe("the embedded PostgreSQL default", () => {
  it("keeps what was written after the database stops and starts again", async () => {
    const dir = freshDir()
    await withSql(dir, (sql) =>
      Effect.gen(function* () {
        yield* sql`CREATE TABLE note (id serial PRIMARY KEY, body text NOT NULL)`
        yield* sql`INSERT INTO note (body) VALUES (${"written before the restart"})`
      }),
    )
    expect(fs.existsSync(path.join(dir, EMBEDDED_INFO_FILE))).toBe(false)
    const rows = await withSql(dir, (sql) => sql<{ body: string }>`SELECT body FROM note`)
    expect(rows.map((r) => r.body)).toEqual(["written before the restart"])
  })

  it("lets a second process use the database through the running owner's socket", async () => {
    const dir = freshDir()
    const script = path.join(import.meta.dirname, "fixtures", "secondProcess.ts")
    const rows = await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const connection = yield* serveEmbedded(dir)
          const info = JSON.parse(fs.readFileSync(path.join(dir, EMBEDDED_INFO_FILE), "utf8"))
          expect(info.pid).toBe(process.pid)
          const client = PgClient.layer({
            path: connection.socketPath,
            database: connection.database,
            username: connection.username,
            maxConnections: 1,
          })
          const inOwner = <A, E>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, E>) =>
            Effect.gen(function* () {
              return yield* f(yield* SqlClient.SqlClient)
            }).pipe(Effect.provide(client))
          yield* inOwner((sql) => sql`CREATE TABLE note (id serial PRIMARY KEY, body text NOT NULL)`)
          yield* Effect.promise(() => run(process.execPath, [script, dir]))
          return yield* inOwner((sql) => sql<{ body: string }>`SELECT body FROM note`)
        }),
      ),
    )
    expect(rows.map((r) => r.body)).toEqual(["from the second process"])
  })
})

describe("the embedded socket under several clients at once", () => {
  it("keeps each client's extended-protocol messages together: no statement runs in another's portal", async () => {
    const dir = freshDir()
    const answers = await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const connection = yield* serveEmbedded(dir)
          const client = PgClient.layer({
            path: connection.socketPath,
            database: connection.database,
            username: connection.username,
            maxConnections: 6,
          })
          return yield* Effect.gen(function* () {
            const sql = yield* SqlClient.SqlClient
            // Many one-statement queries (each Parse, Bind, Describe, Execute, Sync) from six connections at once,
            // beside transactions: the pattern of the CLI and the app sharing the owner's socket.
            const one = (i: number) =>
              Effect.map(sql<{ n: number }>`SELECT ${i}::int AS n, pg_sleep(0)`, (rows) => rows[0]?.n)
            const inTransaction = (i: number) =>
              sql.withTransaction(
                Effect.gen(function* () {
                  const a = yield* one(i)
                  const b = yield* one(i)
                  return a === b ? a : -1
                }),
              )
            return yield* Effect.forEach(
              Array.from({ length: 300 }, (_, i) => i),
              (i) => (i % 5 === 0 ? inTransaction(i) : one(i)),
              { concurrency: 12 },
            )
          }).pipe(Effect.provide(client))
        }),
      ),
    )
    expect(answers).toEqual(Array.from({ length: 300 }, (_, i) => i))
  })
})
