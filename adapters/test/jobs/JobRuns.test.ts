/**
 * Each scheduled job's run is recorded (JobRuns.ts) for `landunits status`: ok with its detail, failed with the
 * first line of its failure, or failed when its answer means one (a refused checkpoint); the job's own answer
 * or failure is unchanged, and with no log provided nothing is recorded and nothing fails.
 */
import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Exit, Schema } from "effect"
import { type JobRun, JobRunLog, recordedRun } from "../../src/jobs/JobRuns.ts"

class Boom extends Schema.TaggedError<Boom>()("Boom", { message: Schema.String }) {}

const recording = () => {
  const runs: Array<JobRun> = []
  return { runs, log: { record: (run: JobRun) => Effect.sync(() => void runs.push(run)) } }
}

describe("recorded job runs", () => {
  it.effect("a run that succeeds is recorded ok with its detail and interval, and answers as before", () =>
    Effect.gen(function* () {
      const { runs, log } = recording()
      const answer = yield* Effect.succeed(3).pipe(
        recordedRun("expire-due", Duration.seconds(60), (n) => `${n} expired`),
        Effect.provideService(JobRunLog, log),
      )
      assert.strictEqual(answer, 3)
      assert.deepStrictEqual(
        runs.map((r) => [r.job, r.outcome, r.detail, Duration.toMillis(r.every)]),
        [["expire-due", "ok", "3 expired", 60_000]],
      )
    }),
  )

  it.effect("a run that fails is recorded failed with the failure's first line, and still fails", () =>
    Effect.gen(function* () {
      const { runs, log } = recording()
      const exit = yield* Effect.fail(new Boom({ message: "the database is unreachable" })).pipe(
        recordedRun("unlock-due", Duration.seconds(60), () => "never"),
        Effect.provideService(JobRunLog, log),
        Effect.exit,
      )
      assert.isTrue(Exit.isFailure(exit))
      assert.strictEqual(runs[0]?.outcome, "failed")
      assert.include(runs[0]?.detail, "the database is unreachable")
    }),
  )

  it.effect("an answer that means a failure is recorded failed with its reason", () =>
    Effect.gen(function* () {
      const { runs, log } = recording()
      yield* Effect.succeed("refused").pipe(
        recordedRun(
          "ledger-checkpoint",
          Duration.minutes(60),
          () => "taken",
          (a) => (a === "refused" ? "the ledger does not verify" : undefined),
        ),
        Effect.provideService(JobRunLog, log),
      )
      assert.deepStrictEqual(
        runs.map((r) => [r.outcome, r.detail]),
        [["failed", "the ledger does not verify"]],
      )
    }),
  )

  it.effect("with no log provided a run records nothing and answers as before", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* Effect.succeed(1).pipe(recordedRun("expire-due", "1 minute", String)), 1)
    }),
  )
})
