/**
 * The admins' use cases on session recordings (`landunits recordings …`, issue 37): list them with their
 * member's email, and export one (rendered and written by the caller: the CLI's replay file), audited with the
 * file, the member and the event count.
 */
import { Effect } from "effect"
import type { ActingAdmin } from "../access/AdminOperationRunner.ts"
import { auditAdmin, DAY_MS, dayStart, optionValue, refuse } from "../access/AdminUseCase.ts"
import { emailOf, memberNamed } from "../accounts/MembersAdmin.ts"
import { normalizeRecordedPath } from "./RecordedPaths.ts"
import { RecordingId, type StoredRecording } from "./RecordingModel.ts"
import { RecordingService } from "./RecordingService.ts"

/** Recordings, newest first: by member (email or id), page path, days (UTC); each with its member's email. */
export const listRecordings = Effect.fn("RecordingsAdmin.list")(function* (filter: {
  readonly member?: string | undefined
  readonly path?: string | undefined
  readonly from?: string | undefined
  readonly to?: string | undefined
}) {
  const member = filter.member === undefined ? undefined : (yield* memberNamed(filter.member)).memberId
  const from = filter.from === undefined ? undefined : yield* dayStart("--from", filter.from)
  const to = filter.to === undefined ? undefined : (yield* dayStart("--to", filter.to)) + DAY_MS
  if (from !== undefined && to !== undefined && to <= from) {
    return yield* refuse("--to must be on or after --from")
  }
  const recordings = yield* (yield* RecordingService).list({
    ...(member === undefined ? {} : { memberId: member }),
    ...(filter.path === undefined ? {} : { path: normalizeRecordedPath(filter.path) }),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
  })
  // Each member once: their email, as admins know them.
  const emails = new Map<string, string>()
  for (const id of new Set(recordings.flatMap((r) => (r.memberId === undefined ? [] : [r.memberId])))) {
    emails.set(id, (yield* emailOf(id)) ?? id)
  }
  return recordings.map((r) => ({
    ...r,
    member: r.memberId === undefined ? undefined : emails.get(r.memberId),
  }))
})

/** Where an export went: the file and its size, as the caller wrote it. */
export interface WrittenExport {
  readonly file: string
  readonly bytes: number
}

/**
 * Exports the recording `id`: `write` renders and stores it (given the recording and its member's email, or
 * their id when the account is gone); once written, the export is audited `recordings.export`.
 */
export const exportRecording = Effect.fn("RecordingsAdmin.export")(function* <E>(
  acting: ActingAdmin,
  id: string,
  write: (recording: StoredRecording, member: string | undefined) => Effect.Effect<WrittenExport, E>,
) {
  const recordingId = yield* optionValue(RecordingId, "The recording id", id)
  const recording = yield* (yield* RecordingService).find(recordingId)
  const memberId = recording.summary.memberId
  const member = memberId === undefined ? undefined : ((yield* emailOf(memberId)) ?? memberId)
  const written = yield* write(recording, member)
  yield* auditAdmin(acting, "recordings.export", `recording:${recordingId}`, {
    file: written.file,
    member: memberId ?? "guest",
    events: String(recording.summary.events),
  })
  return { recordingId, file: written.file, events: recording.summary.events, bytes: written.bytes }
})
