import { Context, Effect, Layer, Option } from "effect"
import type { MemberId } from "../../shared/Ids.ts"
import {
  matchesRecordingFilter,
  type RecordingFilter,
  type RecordingId,
  type RecordingSummary,
  type StoredRecording,
} from "../RecordingModel.ts"

export interface RecordingAppend {
  readonly recordingId: RecordingId
  readonly sessionKey: string
  readonly memberId: MemberId | undefined
  readonly sequence: number
  readonly path: string
  readonly events: ReadonlyArray<unknown>
  /** Epoch milliseconds, the server's. */
  readonly at: number
  /** Refuse the batch ("full") when the recording already takes this much. */
  readonly maxStoredBytes: number
  /** Whether this batch may start a new recording; when not, a batch of an unknown recording makes nothing. */
  readonly mayStart: boolean
}

/**
 * - `started`: the recording is new: made, bound to the batch's session, with this batch;
 * - `stored`: the batch is kept in a recording its session started before;
 * - `notStarted`: the recording is new and `mayStart` was false: nothing is made;
 * - `repeated`: this recording already has a batch with this sequence number (a retry): nothing changes;
 * - `notYours`: the recording exists and another session started it: nothing changes;
 * - `full`: the recording already takes `maxStoredBytes`: nothing changes.
 */
export type AppendOutcome = "started" | "stored" | "repeated" | "notYours" | "full" | "notStarted"

/** What `append` did, and the bytes it stored (0 unless `started` or `stored`). */
export interface AppendResult {
  readonly outcome: AppendOutcome
  readonly storedBytes: number
}

/**
 * Port: session recordings and their batches of events. `append` keeps a batch (compressed, in the PostgreSQL
 * adapter); a signed-in member's batch names the member on a recording that had none. `list` answers summaries,
 * newest first; `find` a recording with its events in sequence order; `deleteStartedBefore` deletes the
 * recordings started before an instant, with their batches, and answers how many.
 */
export class RecordingStore extends Context.Service<
  RecordingStore,
  {
    readonly append: (batch: RecordingAppend) => Effect.Effect<AppendResult>
    readonly list: (filter: RecordingFilter) => Effect.Effect<ReadonlyArray<RecordingSummary>>
    readonly find: (recordingId: RecordingId) => Effect.Effect<Option.Option<StoredRecording>>
    readonly deleteStartedBefore: (at: number) => Effect.Effect<number>
  }
>()("@landunits/core/recording/ports/RecordingStore") {
  /** In memory: the reference for the PostgreSQL adapter's contract tests. Sizes are the events' JSON length. */
  static readonly layerMemory = Layer.sync(RecordingStore)(() => {
    interface Kept {
      summary: RecordingSummary
      sessionKey: string
      batches: Map<number, ReadonlyArray<unknown>>
    }
    const recordings = new Map<string, Kept>()
    return RecordingStore.of({
      append: (b) =>
        Effect.sync((): AppendResult => {
          const kept = recordings.get(b.recordingId)
          const bytes = JSON.stringify(b.events).length
          const nothing = (outcome: AppendOutcome): AppendResult => ({ outcome, storedBytes: 0 })
          if (kept === undefined) {
            if (!b.mayStart) return nothing("notStarted")
            recordings.set(b.recordingId, {
              sessionKey: b.sessionKey,
              batches: new Map([[b.sequence, b.events]]),
              summary: {
                recordingId: b.recordingId,
                memberId: b.memberId,
                paths: [b.path],
                startedAt: b.at,
                lastAt: b.at,
                batches: 1,
                events: b.events.length,
                storedBytes: bytes,
              },
            })
            return { outcome: "started", storedBytes: bytes }
          }
          if (kept.sessionKey !== b.sessionKey) return nothing("notYours")
          if (kept.batches.has(b.sequence)) return nothing("repeated")
          if (kept.summary.storedBytes >= b.maxStoredBytes) return nothing("full")
          kept.batches.set(b.sequence, b.events)
          const s = kept.summary
          kept.summary = {
            ...s,
            memberId: s.memberId ?? b.memberId,
            paths: s.paths.includes(b.path) ? s.paths : [...s.paths, b.path],
            lastAt: Math.max(s.lastAt, b.at),
            batches: s.batches + 1,
            events: s.events + b.events.length,
            storedBytes: s.storedBytes + bytes,
          }
          return { outcome: "stored", storedBytes: bytes }
        }),
      list: (filter) =>
        Effect.sync(() =>
          [...recordings.values()]
            .map((k) => k.summary)
            .filter((s) => matchesRecordingFilter(s, filter))
            .sort((a, b) => b.startedAt - a.startedAt || (a.recordingId < b.recordingId ? -1 : 1)),
        ),
      find: (recordingId) =>
        Effect.sync(() => {
          const kept = recordings.get(recordingId)
          if (kept === undefined) return Option.none()
          const events = [...kept.batches.entries()].sort(([a], [b]) => a - b).flatMap(([, e]) => e)
          return Option.some({ summary: kept.summary, events })
        }),
      deleteStartedBefore: (at) =>
        Effect.sync(() => {
          let deleted = 0
          for (const [id, kept] of recordings) {
            if (kept.summary.startedAt < at) {
              recordings.delete(id)
              deleted++
            }
          }
          return deleted
        }),
    })
  })
}
