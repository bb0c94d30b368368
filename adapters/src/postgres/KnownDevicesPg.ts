/** KnownDevices on PostgreSQL: the devices each member signed in from (known_devices). */
import { KnownDevices } from "@landunits/core/accounts/ports/KnownDevices.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

/** Known devices: one upsert answers whether the device was there and whether the member had any before. */
export const KnownDevicesPg = Layer.effect(KnownDevices)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return KnownDevices.of({
      signedInFrom: (memberId, deviceHash, now) =>
        sql<{ known: boolean; others: boolean }>`
          WITH before AS (
            SELECT EXISTS (SELECT 1 FROM known_devices WHERE member_id = ${memberId} AND device_hash = ${deviceHash}) AS known,
                   EXISTS (SELECT 1 FROM known_devices WHERE member_id = ${memberId}) AS others
          ), upsert AS (
            INSERT INTO known_devices (member_id, device_hash, first_seen_at, last_seen_at)
            VALUES (${memberId}, ${deviceHash}, ${now}, ${now})
            ON CONFLICT (member_id, device_hash) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at
          )
          SELECT known, others FROM before`.pipe(
          Effect.map((rows) => (rows[0]?.known ? "known" : rows[0]?.others ? "new" : "first")),
          Effect.orDie,
        ),
      isKnown: (memberId, deviceHash) =>
        sql<{ known: boolean }>`
          SELECT EXISTS (
            SELECT 1 FROM known_devices WHERE member_id = ${memberId} AND device_hash = ${deviceHash}
          ) AS known`.pipe(
          Effect.map((rows) => rows[0]?.known === true),
          Effect.orDie,
        ),
    })
  }),
)
