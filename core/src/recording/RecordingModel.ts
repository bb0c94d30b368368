/**
 * Session recording (issue 24, spec §9): what the browser's recorder (rrweb) sends, what is kept of it and how
 * admins find it. The events themselves are rrweb's, kept as sent (already masked in the browser); the server
 * checks only their outline (an object with a numeric `type` and `timestamp`), never their content.
 */
import { Schema } from "effect"
import { MemberId } from "../shared/Ids.ts"
import { isRecordedPath } from "./RecordedPaths.ts"

/** At most this many events in one batch (rrweb's mouse and scroll events are sampled: a batch is seconds of use). */
export const RECORDING_BATCH_MAX_EVENTS = 2000
/** Batches one recording may hold (its sequence numbers run from 0 to this less one). */
export const RECORDING_MAX_BATCHES = 5000
/** What one recording may take in the database, compressed: past it, further batches are refused (413). */
export const RECORDING_MAX_STORED_BYTES = 16 * 1024 * 1024
/** Days a recording is kept by default before the retention job deletes it (RECORDING_RETENTION_DAYS). */
export const DEFAULT_RECORDING_RETENTION_DAYS = 30

export const RecordingMessages = {
  recordingId: "recordingId must be 16 to 64 letters, digits, dashes or underscores.",
  sequence: `sequence must be a whole number from 0 to ${RECORDING_MAX_BATCHES - 1}.`,
  path: "This page is not on the list of recorded pages.",
  events: `events must hold 1 to ${RECORDING_BATCH_MAX_EVENTS} rrweb events.`,
  event: "Each event must be an rrweb event: an object with a whole-number type and a timestamp.",
} as const

/** The browser's id for one recording (a random UUID), bound to the session that started it. */
export const RecordingId = Schema.String.check(
  Schema.isPattern(/^[A-Za-z0-9_-]{16,64}$/, { message: RecordingMessages.recordingId }),
).pipe(Schema.brand("RecordingId"))
export type RecordingId = typeof RecordingId.Type

const isEventOutline = (value: unknown): boolean => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false
  const { type, timestamp } = value as { type?: unknown; timestamp?: unknown }
  return (
    typeof type === "number" &&
    Number.isInteger(type) &&
    type >= 0 &&
    typeof timestamp === "number" &&
    Number.isFinite(timestamp)
  )
}

/** One rrweb event, kept whole (the Unknown keeps every field); only its outline is checked. */
export const RecordingEvent = Schema.Unknown.check(
  Schema.makeFilter((value: unknown) => (isEventOutline(value) ? undefined : RecordingMessages.event)),
)

/** `POST /api/recordings`: the next batch of a recording's events, all recorded on `path`. */
export const RecordingBatch = Schema.Struct({
  recordingId: RecordingId.pipe(Schema.annotateKey({ messageMissingKey: RecordingMessages.recordingId })),
  sequence: Schema.Int.annotate({ message: RecordingMessages.sequence })
    .check(
      Schema.isBetween(
        { minimum: 0, maximum: RECORDING_MAX_BATCHES - 1 },
        { message: RecordingMessages.sequence },
      ),
    )
    .pipe(Schema.annotateKey({ messageMissingKey: RecordingMessages.sequence })),
  path: Schema.String.annotate({ message: RecordingMessages.path })
    .check(Schema.makeFilter((path: string) => (isRecordedPath(path) ? undefined : RecordingMessages.path)))
    .pipe(Schema.annotateKey({ messageMissingKey: RecordingMessages.path })),
  events: Schema.Array(RecordingEvent)
    .annotate({ message: RecordingMessages.events })
    .check(
      Schema.isMinLength(1, { message: RecordingMessages.events }),
      Schema.isMaxLength(RECORDING_BATCH_MAX_EVENTS, { message: RecordingMessages.events }),
    )
    .pipe(Schema.annotateKey({ messageMissingKey: RecordingMessages.events })),
})
export type RecordingBatch = typeof RecordingBatch.Type

/**
 * Who sent a batch: the recording session (a hash of its cookie), when signed in the member, and the client's
 * address (the day's storage budget is counted per address).
 */
export interface RecordingSender {
  readonly sessionKey: string
  readonly memberId: MemberId | undefined
  readonly address: string
}

/** A recording as admins list it. Times are epoch milliseconds, the server's. */
export interface RecordingSummary {
  readonly recordingId: RecordingId
  readonly memberId: MemberId | undefined
  /** The recorded pages, in the order first seen. */
  readonly paths: ReadonlyArray<string>
  readonly startedAt: number
  readonly lastAt: number
  readonly batches: number
  readonly events: number
  /** What its batches take in the database (compressed there). */
  readonly storedBytes: number
}

/** A recording with its events, in the order recorded. */
export interface StoredRecording {
  readonly summary: RecordingSummary
  readonly events: ReadonlyArray<unknown>
}

/** Every field optional; the recordings kept match all given. `from` inclusive, `to` exclusive (startedAt). */
export const RecordingFilter = Schema.Struct({
  memberId: Schema.optionalKey(MemberId),
  path: Schema.optionalKey(Schema.String),
  from: Schema.optionalKey(Schema.Int),
  to: Schema.optionalKey(Schema.Int),
})
export type RecordingFilter = typeof RecordingFilter.Type

export const matchesRecordingFilter = (r: RecordingSummary, filter: RecordingFilter): boolean =>
  (filter.memberId === undefined || r.memberId === filter.memberId) &&
  (filter.path === undefined || r.paths.includes(filter.path)) &&
  (filter.from === undefined || r.startedAt >= filter.from) &&
  (filter.to === undefined || r.startedAt < filter.to)
