/**
 * Session recording's day counts on PostgreSQL (migration 2880): one row per (UTC day, scope), the scope an
 * address ('address:<address>') or the installation ('installation'). A charge adds to both rows in one
 * statement (an upsert each, in one transaction), so every app process counts the same.
 */
import { RecordingUsage } from "@landunits/core/recording/ports/RecordingUsage.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

const INSTALLATION = "installation"
const addressScope = (address: string) => `address:${address}`

export const RecordingUsagePg = Layer.effect(RecordingUsage)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return RecordingUsage.of({
      read: ({ day, address }) =>
        sql<{ scope: string; bytes: string | number; started: string | number }>`
          SELECT scope, bytes, started FROM recording_usage
          WHERE day = ${day} AND scope IN (${addressScope(address)}, ${INSTALLATION})`.pipe(
          Effect.map((rows) => {
            const own = rows.find((r) => r.scope === addressScope(address))
            const all = rows.find((r) => r.scope === INSTALLATION)
            return {
              addressBytes: Number(own?.bytes ?? 0),
              addressStarted: Number(own?.started ?? 0),
              installationBytes: Number(all?.bytes ?? 0),
            }
          }),
          Effect.orDie,
        ),
      charge: ({ day, address, bytes, started }) =>
        sql`
          INSERT INTO recording_usage (day, scope, bytes, started)
          VALUES (${day}, ${addressScope(address)}, ${bytes}, ${started ? 1 : 0}),
                 (${day}, ${INSTALLATION}, ${bytes}, ${started ? 1 : 0})
          ON CONFLICT (day, scope) DO UPDATE SET
            bytes = recording_usage.bytes + EXCLUDED.bytes,
            started = recording_usage.started + EXCLUDED.started`.pipe(Effect.asVoid, Effect.orDie),
      forgetBefore: (day) =>
        sql<{ day: number }>`DELETE FROM recording_usage WHERE day < ${day} RETURNING day`.pipe(
          Effect.map((rows) => rows.length),
          Effect.orDie,
        ),
    })
  }),
)
