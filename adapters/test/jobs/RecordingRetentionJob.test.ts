/**
 * The recording retention job (adapters/src/jobs/RecordingRetentionJob.ts), time driven by TestClock over the
 * in-memory store: at start and then hourly it deletes the recordings started more than RECORDING_RETENTION_DAYS
 * (30 by default) ago, keeps younger ones, records each run for `landunits status`, and refuses a bad setting.
 */
import { assert, describe, it } from "@effect/vitest"
import { RecordingStore } from "@landunits/core/recording/ports/RecordingStore.ts"
import { RecordingUsage } from "@landunits/core/recording/ports/RecordingUsage.ts"
import { RecordingId } from "@landunits/core/recording/RecordingModel.ts"
import { RecordingService } from "@landunits/core/recording/RecordingService.ts"
import { ConfigProvider, Duration, Effect, Exit, Layer } from "effect"
import { TestClock } from "effect/testing"
import { type JobRun, JobRunLog } from "../../src/jobs/JobRuns.ts"
import {
  RECORDING_RETENTION_JOB,
  RecordingRetentionJobLive,
  recordingRetentionDays,
} from "../../src/jobs/RecordingRetentionJob.ts"

const DAY = 24 * 3_600_000

const env = (record: Record<string, string>) => ConfigProvider.layer(ConfigProvider.fromEnvRecord(record))

const record = (n: number) =>
  RecordingService.use((r) =>
    r.record(
      {
        recordingId: RecordingId.make(`retention-recording-${n}`),
        sequence: 0,
        path: "/statistics",
        events: [{ type: 4, timestamp: n }],
      },
      { sessionKey: "s", memberId: undefined, address: "192.0.2.1" },
    ),
  )

const ids = RecordingService.use((r) => r.list({})).pipe(
  Effect.map((rs) => rs.map((r) => r.recordingId).toSorted()),
)

describe("the recording retention job", () => {
  it.effect(
    "deletes recordings once they are 30 days old (within the hour), keeps younger ones, records each run",
    () =>
      Effect.gen(function* () {
        const runs: Array<JobRun> = []
        const services = RecordingService.layer.pipe(
          Layer.provideMerge(Layer.merge(RecordingStore.layerMemory, RecordingUsage.layerMemory)),
        )
        yield* Effect.gen(function* () {
          yield* TestClock.setTime(0)
          yield* record(1)
          yield* TestClock.setTime(5 * DAY)
          yield* record(2)
          yield* TestClock.setTime(30 * DAY - Duration.toMillis(Duration.minutes(30)))
          const context = yield* Effect.context<RecordingService>()
          yield* Layer.build(
            RecordingRetentionJobLive.pipe(
              Layer.provide(Layer.succeedContext(context)),
              Layer.provide(env({})),
              Layer.provide(
                Layer.succeed(JobRunLog, { record: (run) => Effect.sync(() => void runs.push(run)) }),
              ),
            ),
          )
          // At start: nothing is 30 days old yet.
          yield* TestClock.adjust(Duration.zero)
          assert.deepStrictEqual(yield* ids, ["retention-recording-1", "retention-recording-2"])
          // An hour later the first one is past 30 days: deleted; the second (25 days) is kept.
          yield* TestClock.adjust(Duration.hours(1))
          assert.deepStrictEqual(yield* ids, ["retention-recording-2"])
          assert.deepStrictEqual(
            runs.map((r) => [r.job, r.outcome, r.detail, Duration.toMillis(r.every)]),
            [
              [RECORDING_RETENTION_JOB, "ok", "0 recordings older than 30 days deleted", 3_600_000],
              [RECORDING_RETENTION_JOB, "ok", "1 recordings older than 30 days deleted", 3_600_000],
            ],
          )
        }).pipe(Effect.provide(services))
      }),
  )

  it.effect("RECORDING_RETENTION_DAYS sets the days kept; 0 or a fraction stops the start", () =>
    Effect.gen(function* () {
      assert.strictEqual(
        yield* Effect.map(recordingRetentionDays, (d) => d).pipe(Effect.provide(env({}))),
        30,
      )
      assert.strictEqual(
        yield* Effect.map(recordingRetentionDays, (d) => d).pipe(
          Effect.provide(env({ RECORDING_RETENTION_DAYS: "7" })),
        ),
        7,
      )
      for (const bad of ["0", "1.5", "x"]) {
        const exit = yield* Effect.exit(
          Effect.map(recordingRetentionDays, (d) => d).pipe(
            Effect.provide(env({ RECORDING_RETENTION_DAYS: bad })),
          ),
        )
        assert.isTrue(Exit.isFailure(exit), bad)
      }
    }),
  )
})
