/**
 * Session recordings on PostgreSQL (migration 2830): a batch's events are kept as gzip of their JSON
 * (node:zlib; rrweb's events shrink to a tenth or less), in `recording_batches`; the recording's row keeps its
 * session, member, pages and totals. A batch is appended in one short transaction that locks its recording's row,
 * so two batches of one recording never race on the totals or on the size limit.
 */
import { gunzipSync, gzipSync } from "node:zlib"
import {
  type AppendOutcome,
  type AppendResult,
  RecordingStore,
} from "@landunits/core/recording/ports/RecordingStore.ts"
import type { RecordingSummary } from "@landunits/core/recording/RecordingModel.ts"
import { RecordingId } from "@landunits/core/recording/RecordingModel.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

interface RecordingRow {
  readonly recording_id: string
  readonly member_id: string | null
  readonly paths: string
  readonly started_at: string | number
  readonly last_at: string | number
  readonly batches: string | number
  readonly events: string | number
  readonly stored_bytes: string | number
}

const toSummary = (r: RecordingRow): RecordingSummary => ({
  recordingId: RecordingId.make(r.recording_id),
  memberId: r.member_id === null ? undefined : MemberId.make(r.member_id),
  paths: JSON.parse(r.paths) as ReadonlyArray<string>,
  startedAt: Number(r.started_at),
  lastAt: Number(r.last_at),
  batches: Number(r.batches),
  events: Number(r.events),
  storedBytes: Number(r.stored_bytes),
})

/** The events of a batch as stored: gzip of their JSON. */
export const compressEvents = (events: ReadonlyArray<unknown>): Uint8Array =>
  gzipSync(JSON.stringify(events), { level: 6 })

export const decompressEvents = (bytes: Uint8Array): ReadonlyArray<unknown> =>
  JSON.parse(gunzipSync(bytes).toString("utf8")) as ReadonlyArray<unknown>

export const RecordingStorePg = Layer.effect(RecordingStore)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const summaryColumns = sql`recording_id, member_id, array_to_json(paths)::text AS paths, started_at, last_at,
      batches, events, stored_bytes`
    return RecordingStore.of({
      append: (b) => {
        const compressed = compressEvents(b.events)
        const nothing = (outcome: AppendOutcome): AppendResult => ({ outcome, storedBytes: 0 })
        return Effect.gen(function* () {
          // A new recording is made only when the batch may start one (the day's budget, core's rule).
          const made = b.mayStart
            ? yield* sql`
                INSERT INTO recordings (recording_id, session_key, member_id, started_at, last_at)
                VALUES (${b.recordingId}, ${b.sessionKey}, ${b.memberId ?? null}, ${b.at}, ${b.at})
                ON CONFLICT (recording_id) DO NOTHING
                RETURNING recording_id`
            : []
          const [row] = yield* sql<{ session_key: string; stored_bytes: string | number; repeated: boolean }>`
            SELECT session_key, stored_bytes, EXISTS (
              SELECT 1 FROM recording_batches WHERE recording_id = ${b.recordingId} AND sequence = ${b.sequence}
            ) AS repeated
            FROM recordings WHERE recording_id = ${b.recordingId} FOR UPDATE`
          if (row === undefined) return nothing(b.mayStart ? "notYours" : "notStarted")
          if (row.session_key !== b.sessionKey) return nothing("notYours")
          if (row.repeated) return nothing("repeated")
          if (Number(row.stored_bytes) >= b.maxStoredBytes) return nothing("full")
          yield* sql`
            INSERT INTO recording_batches (recording_id, sequence, path, received_at, event_count, events_gzip)
            VALUES (${b.recordingId}, ${b.sequence}, ${b.path}, ${b.at}, ${b.events.length}, ${compressed})`
          yield* sql`
            UPDATE recordings SET
              member_id = COALESCE(member_id, ${b.memberId ?? null}),
              paths = CASE WHEN ${b.path}::text = ANY (paths) THEN paths ELSE array_append(paths, ${b.path}::text) END,
              last_at = GREATEST(last_at, ${b.at}),
              batches = batches + 1,
              events = events + ${b.events.length},
              stored_bytes = stored_bytes + ${compressed.length}
            WHERE recording_id = ${b.recordingId}`
          return {
            outcome: made.length > 0 ? "started" : "stored",
            storedBytes: compressed.length,
          } satisfies AppendResult
        }).pipe(sql.withTransaction, Effect.orDie)
      },
      list: (filter) => {
        const clauses = [
          ...(filter.memberId === undefined ? [] : [sql`member_id = ${filter.memberId}`]),
          ...(filter.path === undefined ? [] : [sql`${filter.path}::text = ANY (paths)`]),
          ...(filter.from === undefined ? [] : [sql`started_at >= ${filter.from}`]),
          ...(filter.to === undefined ? [] : [sql`started_at < ${filter.to}`]),
        ]
        const where = clauses.length === 0 ? sql`true` : sql.and(clauses)
        return sql<RecordingRow>`
          SELECT ${summaryColumns} FROM recordings WHERE ${where} AND batches > 0
          ORDER BY started_at DESC, recording_id`.pipe(
          Effect.map((rows) => rows.map(toSummary)),
          Effect.orDie,
        )
      },
      find: (recordingId) =>
        Effect.gen(function* () {
          const [row] = yield* sql<RecordingRow>`
            SELECT ${summaryColumns} FROM recordings WHERE recording_id = ${recordingId} AND batches > 0`
          if (row === undefined) return Option.none()
          const batches = yield* sql<{ events_gzip: Uint8Array }>`
            SELECT events_gzip FROM recording_batches WHERE recording_id = ${recordingId} ORDER BY sequence`
          return Option.some({
            summary: toSummary(row),
            events: batches.flatMap((b) => decompressEvents(b.events_gzip)),
          })
        }).pipe(Effect.orDie),
      deleteStartedBefore: (at) =>
        sql<{ recording_id: string }>`
          DELETE FROM recordings WHERE started_at < ${at} RETURNING recording_id`.pipe(
          Effect.map((rows) => rows.length),
          Effect.orDie,
        ),
    })
  }),
)
