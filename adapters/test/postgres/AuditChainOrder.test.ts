/**
 * Two audit entries written at the same moment on the PostgreSQL server take their sequence numbers in the order
 * of their places in the audit chain (migration 2712), so `ledger verify`, which reads the log in sequence order,
 * never names a sound log "reordered".
 *
 * The race is made to happen, not hoped for: a test trigger (firing before the chain's, alphabetically) holds
 * the first entry after its INSERT began (its sequence already drawn) until the second entry has been written
 * and committed. Server only: PGlite is one backend, nothing runs concurrently there.
 */
import { PgClient } from "@effect/sql-pg"
import { scopedServerDatabase } from "@landunits/test-support/DatabaseTemplates.ts"
import { Deferred, Effect, Fiber, Layer, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { layerMigrated } from "../../src/postgres/Migrations.ts"
import { serverUrl } from "../support/Databases.ts"

const url = serverUrl()
if (url === undefined)
  console.warn("[not run] audit chain order on the PostgreSQL server (DATABASE_URL is not set)")

/** The advisory lock the test trigger waits on (4242, written into the trigger's body too). */
const HOLD = 4242

const entry = (action: string) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`
      INSERT INTO audit_log (actor, action, subject, details, at)
      VALUES ('mem_admin', ${action}, 'order:ord_race', '{}'::jsonb, 1700000000000)`,
  )

describe.runIf(url !== undefined)("audit chain order on the PostgreSQL server", () => {
  it("an entry held after its sequence was drawn, overtaken by another, still has a sequence after it", async () => {
    const rows = await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const database = yield* scopedServerDatabase(url!)
          return yield* Effect.gen(function* () {
            const sql = yield* SqlClient.SqlClient
            yield* sql`
              CREATE FUNCTION test_hold_late_entry() RETURNS trigger LANGUAGE plpgsql AS $$
              BEGIN
                IF NEW.action = 'test.late' THEN PERFORM pg_advisory_xact_lock(4242); END IF;
                RETURN NEW;
              END $$`
            yield* sql`
              CREATE TRIGGER audit_log_aaa_hold BEFORE INSERT ON audit_log
              FOR EACH ROW EXECUTE FUNCTION test_hold_late_entry()`
            const held = yield* Deferred.make<void>()
            const release = yield* Deferred.make<void>()
            const holder = yield* Effect.forkChild(
              sql.withTransaction(
                Effect.gen(function* () {
                  yield* sql`SELECT pg_advisory_xact_lock(${HOLD})`
                  yield* Deferred.succeed(held, undefined)
                  yield* Deferred.await(release)
                }),
              ),
            )
            yield* Deferred.await(held)
            // The late entry draws its sequence, then waits in the test trigger, before the chain's.
            const late = yield* Effect.forkChild(entry("test.late"))
            for (;;) {
              const [waiting] = yield* sql<{ n: string }>`
                SELECT count(*)::text AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`
              if (waiting!.n === "1") break
              yield* Effect.sleep("20 millis")
            }
            // The early entry overtakes it: drawn later, chained (and committed) first.
            yield* entry("test.early")
            yield* Deferred.succeed(release, undefined)
            yield* Fiber.join(holder)
            yield* Fiber.join(late)
            return yield* sql<{ action: string; sequence: string; chain_index: string }>`
              SELECT action, sequence::text, chain_index::text FROM audit_log ORDER BY sequence`
          }).pipe(
            Effect.provide(
              // Not multiplexed: the held entry must wait on a connection of its own, not queue the others.
              Layer.provideMerge(
                layerMigrated,
                PgClient.layer({ url: Redacted.make(database), maxConnections: 4 }),
              ),
            ),
          )
        }),
      ),
    )
    expect(rows.map((r) => r.action)).toEqual(["test.early", "test.late"])
    expect(rows.map((r) => Number(r.chain_index))).toEqual([1, 2])
  })
})
