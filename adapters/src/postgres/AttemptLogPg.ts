/**
 * The attempt log on PostgreSQL (table `attempt_log`, one row an attempt). `hit` reads the window and
 * records the attempt in one statement, pruning the key's rows that left the window on the way; the read's
 * snapshot does not see the row it adds, so it answers what the window held before this attempt.
 */
import type { RecentAttempts } from "@landunits/core/limits/Limits.ts"
import { AttemptLog } from "@landunits/core/limits/ports/AttemptLog.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

interface WindowRow {
  readonly count: string
  readonly oldest: string | null
  readonly latest: string | null
}

const recentOf = (rows: ReadonlyArray<WindowRow>): RecentAttempts => {
  const row = rows[0]
  return {
    count: Number(row?.count ?? 0),
    oldest: row?.oldest == null ? undefined : Number(row.oldest),
    latest: row?.latest == null ? undefined : Number(row.latest),
  }
}

export const AttemptLogPg = Layer.effect(AttemptLog)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return AttemptLog.of({
      hit: ({ key, now, windowMs, recordBelow }) =>
        sql<WindowRow>`
          WITH pruned AS (DELETE FROM attempt_log WHERE key = ${key} AND at <= ${now - windowMs}),
               before AS (
                 SELECT count(*) AS count, min(at) AS oldest, max(at) AS latest
                 FROM attempt_log WHERE key = ${key} AND at > ${now - windowMs}),
               added AS (
                 INSERT INTO attempt_log (key, at)
                 SELECT ${key}, ${now} FROM before WHERE ${recordBelow ?? null}::bigint IS NULL OR before.count < ${recordBelow ?? null}::bigint)
          SELECT count, oldest, latest FROM before`.pipe(Effect.map(recentOf), Effect.orDie),
      recent: ({ key, now, windowMs }) =>
        sql<WindowRow>`
          SELECT count(*) AS count, min(at) AS oldest, max(at) AS latest
          FROM attempt_log WHERE key = ${key} AND at > ${now - windowMs}`.pipe(
          Effect.map(recentOf),
          Effect.orDie,
        ),
      clear: (key) => sql`DELETE FROM attempt_log WHERE key = ${key}`.pipe(Effect.asVoid, Effect.orDie),
    })
  }),
)
