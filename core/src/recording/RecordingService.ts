/**
 * Session recording's use cases (issue 24, spec §9): keep a batch a browser sent, list recordings for admins,
 * read one for an export, and delete those past the retention period. Where recording runs (the production host,
 * the path list, the visitor's consent) is decided before a batch reaches here: by the browser, and by the HTTP
 * adapter for the host; the path is checked by the batch's schema (RecordingModel.ts).
 */
import { Clock, Context, Effect, Layer, Option } from "effect"
import { RecordingStore } from "./ports/RecordingStore.ts"
import { RecordingFull, type RecordingNotFound, recordingNotFound } from "./RecordingErrors.ts"
import {
  RECORDING_MAX_STORED_BYTES,
  type RecordingBatch,
  type RecordingFilter,
  type RecordingId,
  type RecordingSender,
  type RecordingSummary,
  type StoredRecording,
} from "./RecordingModel.ts"

const DAY_MS = 24 * 60 * 60 * 1000

export class RecordingService extends Context.Service<
  RecordingService,
  {
    /**
     * Keeps a batch: the first one makes the recording, bound to its sender's session (and member, if signed
     * in). A batch for a recording another session started is refused as unknown; a repeated sequence number
     * changes nothing (a retry); a recording that already takes RECORDING_MAX_STORED_BYTES refuses more.
     */
    readonly record: (
      batch: RecordingBatch,
      sender: RecordingSender,
    ) => Effect.Effect<void, RecordingNotFound | RecordingFull>
    readonly list: (filter: RecordingFilter) => Effect.Effect<ReadonlyArray<RecordingSummary>>
    readonly find: (recordingId: RecordingId) => Effect.Effect<StoredRecording, RecordingNotFound>
    /** Deletes the recordings started more than `retentionDays` days ago; answers how many. */
    readonly deleteExpired: (retentionDays: number) => Effect.Effect<number>
  }
>()("@landunits/core/recording/RecordingService") {
  static readonly layer = Layer.effect(RecordingService)(
    Effect.gen(function* () {
      const store = yield* RecordingStore
      return RecordingService.of({
        record: Effect.fn("RecordingService.record")(function* (batch, sender) {
          const outcome = yield* store.append({
            recordingId: batch.recordingId,
            sessionKey: sender.sessionKey,
            memberId: sender.memberId,
            sequence: batch.sequence,
            path: batch.path,
            events: batch.events,
            at: yield* Clock.currentTimeMillis,
            maxStoredBytes: RECORDING_MAX_STORED_BYTES,
          })
          if (outcome === "notYours") return yield* recordingNotFound(batch.recordingId)
          if (outcome === "full") {
            return yield* new RecordingFull({
              message: `This recording is full: one recording keeps at most ${RECORDING_MAX_STORED_BYTES / 1024 / 1024} MiB.`,
            })
          }
        }),
        list: (filter) => store.list(filter),
        find: (recordingId) =>
          Effect.flatMap(store.find(recordingId), (found) =>
            Option.match(found, {
              onNone: () => Effect.fail(recordingNotFound(recordingId)),
              onSome: Effect.succeed,
            }),
          ),
        deleteExpired: Effect.fn("RecordingService.deleteExpired")(function* (retentionDays: number) {
          const now = yield* Clock.currentTimeMillis
          return yield* store.deleteStartedBefore(now - retentionDays * DAY_MS)
        }),
      })
    }),
  )
}
