/**
 * Session recording's use cases (issue 24, spec §9): keep a batch a browser sent, within the day's storage budget
 * (per address and for the installation, Limits.ts's RECORDING_BUDGET_PER_DAY), list recordings for admins, read
 * one for an export, and delete those past the retention period. Where recording runs (the configured production
 * host, the path list, the visitor's consent) is decided before a batch reaches here: by the browser, and by the
 * HTTP adapter for the installation's configuration; the path is checked by the batch's schema (RecordingModel.ts).
 */
import { Clock, Context, Effect, Layer, Option } from "effect"
import { type LimitName, TooManyAttempts } from "../limits/LimitErrors.ts"
import {
  RECORDING_BUDGET_PER_DAY,
  type RecordingBudget,
  recordingBudgetRefusal,
  recordingDayOf,
  untilNextDayMs,
  waitInWords,
  waitSeconds,
} from "../limits/Limits.ts"
import { RecordingStore } from "./ports/RecordingStore.ts"
import { RecordingUsage } from "./ports/RecordingUsage.ts"
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

export const RecordingBudgetMessages = {
  "recording-storage-address": (wait: string) =>
    `Session recording has kept all it keeps from your network today. It starts again in ${wait}.`,
  "recording-storage-installation": (wait: string) =>
    `Session recording has kept all it keeps today. It starts again in ${wait}.`,
  "recordings-started": (wait: string) =>
    `Too many session recordings started from your network today. Please try again in ${wait}.`,
} as const

/** A wait of up to a day in words: seconds and minutes as the other limits say them, then hours. */
const dayWaitInWords = (seconds: number): string => {
  if (seconds < 60 * 60) return waitInWords(seconds)
  const hours = Math.ceil(seconds / 3600)
  return hours === 1 ? "1 hour" : `${hours} hours`
}

/** 429 until the day's budget frees (00:00 UTC): a true Retry-After. */
const overBudget = (limit: keyof typeof RecordingBudgetMessages & LimitName, now: number) => {
  const seconds = waitSeconds(untilNextDayMs(now))
  return new TooManyAttempts({
    message: RecordingBudgetMessages[limit](dayWaitInWords(seconds)),
    retryAfterSeconds: seconds,
    limit,
  })
}

export class RecordingService extends Context.Service<
  RecordingService,
  {
    /**
     * Keeps a batch: the first one makes the recording, bound to its sender's session (and member, if signed
     * in). A batch for a recording another session started is refused as unknown; a repeated sequence number
     * changes nothing (a retry); a recording that already takes RECORDING_MAX_STORED_BYTES refuses more. Once the
     * day's bytes of the sender's address or of the installation are spent, or (for a batch that would start a
     * recording) the address's recordings started, it refuses with 429 until the next day (00:00 UTC); what is
     * stored counts against both, a new recording's first batch too.
     */
    readonly record: (
      batch: RecordingBatch,
      sender: RecordingSender,
    ) => Effect.Effect<void, RecordingNotFound | RecordingFull | TooManyAttempts>
    readonly list: (filter: RecordingFilter) => Effect.Effect<ReadonlyArray<RecordingSummary>>
    readonly find: (recordingId: RecordingId) => Effect.Effect<StoredRecording, RecordingNotFound>
    /** Deletes the recordings started more than `retentionDays` days ago; answers how many. */
    readonly deleteExpired: (retentionDays: number) => Effect.Effect<number>
  }
>()("@landunits/core/recording/RecordingService") {
  /** The service with another day's budget than Limits.ts's (tests). */
  static readonly layerWithBudget = (budget: RecordingBudget) =>
    Layer.effect(RecordingService)(
      Effect.gen(function* () {
        const store = yield* RecordingStore
        const usage = yield* RecordingUsage
        return RecordingService.of({
          record: Effect.fn("RecordingService.record")(function* (batch, sender) {
            const now = yield* Clock.currentTimeMillis
            const day = recordingDayOf(now)
            const spent = yield* usage.read({ day, address: sender.address })
            const refusal = recordingBudgetRefusal(spent, budget, false)
            if (refusal !== undefined) return yield* overBudget(refusal, now)
            const { outcome, storedBytes } = yield* store.append({
              recordingId: batch.recordingId,
              sessionKey: sender.sessionKey,
              memberId: sender.memberId,
              sequence: batch.sequence,
              path: batch.path,
              events: batch.events,
              at: now,
              maxStoredBytes: RECORDING_MAX_STORED_BYTES,
              mayStart: recordingBudgetRefusal(spent, budget, true) === undefined,
            })
            if (outcome === "started" || outcome === "stored") {
              return yield* usage.charge({
                day,
                address: sender.address,
                bytes: storedBytes,
                started: outcome === "started",
              })
            }
            if (outcome === "notStarted") return yield* overBudget("recordings-started", now)
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
            // Only today's counts decide anything: the days before it are forgotten.
            yield* usage.forgetBefore(recordingDayOf(now))
            return yield* store.deleteStartedBefore(now - retentionDays * DAY_MS)
          }),
        })
      }),
    )

  /** The service with the budget of Limits.ts. */
  static readonly layer = RecordingService.layerWithBudget(RECORDING_BUDGET_PER_DAY)
}
