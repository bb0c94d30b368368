/**
 * Session recording (issue 24, spec §9; docs/api.md "Session recording"): the web app's recorder asks whether and
 * where recording runs, and sends its batches of rrweb events. Open to guests (the public pages are recorded);
 * a signed-in member's batches carry the member.
 */
import { RecordingFull, RecordingNotFound, RecordingOff } from "@landunits/core/recording/RecordingErrors.ts"
import { RecordingBatch } from "@landunits/core/recording/RecordingModel.ts"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { TooManyAttemptsAnswer } from "./ApiErrors.ts"

/** The production host (PUBLIC_HOST), or null when recording is off everywhere. */
export const RecordingSettings = Schema.Struct({ publicHost: Schema.NullOr(Schema.String) })
export type RecordingSettings = typeof RecordingSettings.Type

/** 202: the batch is kept (or was already: a repeated sequence number changes nothing). */
export const RecordingAccepted = Schema.Struct({ recordingId: Schema.String, sequence: Schema.Int }).pipe(
  HttpApiSchema.status(202),
)

/** The recording session's cookie: HttpOnly, SameSite=Strict, for the browser session only. */
export const RECORDING_COOKIE = "landunits_recording"

export class RecordingsApi extends HttpApiGroup.make("recordings").add(
  HttpApiEndpoint.get("settings", "/recordings/settings", { success: RecordingSettings }),
  HttpApiEndpoint.post("record", "/recordings", {
    payload: RecordingBatch,
    success: RecordingAccepted,
    error: [RecordingOff, RecordingNotFound, RecordingFull, TooManyAttemptsAnswer],
  }),
) {}
