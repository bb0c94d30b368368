/**
 * The recording retention job (issue 24, spec §9; docs/operations.md "Session recording"): every app process, at
 * start and then hourly, deletes the session recordings started more than RECORDING_RETENTION_DAYS ago (30 by
 * default) with their events. Processes that run it at the same moment delete each recording once (a DELETE
 * finds what the other left). Each run is recorded for `landunits status` (JobRuns.ts); a failed run is logged
 * and the next one runs on time.
 */
import { DEFAULT_RECORDING_RETENTION_DAYS } from "@landunits/core/recording/RecordingModel.ts"
import { RecordingService } from "@landunits/core/recording/RecordingService.ts"
import { Config, Duration, Effect, Layer, Schedule, Schema } from "effect"
import { recordedRun } from "./JobRuns.ts"

export const RECORDING_RETENTION_JOB = "recording-retention"

/** How often the job looks: hourly, so a recording goes at most an hour after its retention ends. */
export const RECORDING_RETENTION_EVERY = Duration.hours(1)

/** `RECORDING_RETENTION_DAYS`: whole days a recording is kept, from 1 to 3650 (default 30). */
export const recordingRetentionDays = Config.schema(
  Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 3650 })),
  "RECORDING_RETENTION_DAYS",
).pipe(Config.withDefault(DEFAULT_RECORDING_RETENTION_DAYS))

/** One run, now: deletes what is past the retention and answers how many; recorded as a run of the job. */
export const runRecordingRetentionRound = (retentionDays: number) =>
  RecordingService.use((recordings) => recordings.deleteExpired(retentionDays)).pipe(
    recordedRun(
      RECORDING_RETENTION_JOB,
      RECORDING_RETENTION_EVERY,
      (deleted) => `${deleted} recordings older than ${retentionDays} days deleted`,
    ),
    Effect.tap((deleted) =>
      deleted > 0 ? Effect.logInfo(`Recording retention: ${deleted} recordings deleted`) : Effect.void,
    ),
  )

/** Runs at once and then hourly, forever; whatever escapes a run is logged and the loop goes on. */
export const runRecordingRetention = (retentionDays: number) =>
  runRecordingRetentionRound(retentionDays).pipe(
    Effect.catchCause((cause) => Effect.logError("The recording retention job's run failed", cause)),
    Effect.repeat(Schedule.spaced(RECORDING_RETENTION_EVERY)),
    Effect.asVoid,
  )

/** The job as a layer: forked in the layer's scope, so it stops with the server. */
export const RecordingRetentionJobLive = Layer.effectDiscard(
  Effect.gen(function* () {
    const days = yield* recordingRetentionDays
    yield* Effect.forkScoped(runRecordingRetention(days))
  }),
)
