/** The refusals of session recording, each with its HTTP status. */
import { Schema } from "effect"

/** 404: recording is off (the installation is not configured for it: no PUBLIC_HOST, or one APP_URL contradicts). */
export class RecordingOff extends Schema.TaggedError<RecordingOff>()(
  "RecordingOff",
  { message: Schema.String },
  { httpApiStatus: 404 },
) {}

export const recordingOff = () => new RecordingOff({ message: "Session recording is off on this host." })

/** 404: no such recording, or one another session started (a batch cannot join someone else's recording). */
export class RecordingNotFound extends Schema.TaggedError<RecordingNotFound>()(
  "RecordingNotFound",
  { message: Schema.String },
  { httpApiStatus: 404 },
) {}

export const recordingNotFound = (recordingId: string) =>
  new RecordingNotFound({ message: `No recording ${recordingId}.` })

/** 413: the recording already holds what one recording may keep. */
export class RecordingFull extends Schema.TaggedError<RecordingFull>()(
  "RecordingFull",
  { message: Schema.String },
  { httpApiStatus: 413 },
) {}
