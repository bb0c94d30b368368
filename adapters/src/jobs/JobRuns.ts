/**
 * The last run of each scheduled job (the order jobs, the ledger checkpoint job), kept in `job_runs` for
 * `landunits status`: when it started and finished, ok or failed, one line of detail, and the interval it runs
 * at. `JobRunLog` is a reference whose default records nothing, so a job run outside the server (a test, the
 * CLI's `orders expire-due`) needs no database for it; the server provides `JobRunLogPg` (postgres/JobRunLogPg.ts).
 */
import { Cause, Clock, Context, Duration, Effect, Exit } from "effect"

export type JobOutcome = "ok" | "failed"

export interface JobRun {
  readonly job: string
  readonly startedAt: Date
  readonly finishedAt: Date
  readonly outcome: JobOutcome
  readonly detail: string
  readonly every: Duration.Duration
}

export interface JobRunLogShape {
  readonly record: (run: JobRun) => Effect.Effect<void>
}

export const JobRunLog = Context.Reference<JobRunLogShape>("@landunits/adapters/jobs/JobRunLog", {
  defaultValue: () => ({ record: () => Effect.void }),
})

/** The first line of what went wrong. */
const firstLine = (cause: Cause.Cause<unknown>) => Cause.pretty(cause).split("\n")[0] ?? "failed"

/**
 * Runs `job` and records its run: ok with `describe`'s detail, or failed with the first line of its failure
 * (`failedWhen` turns a success that means a failure, such as a refused checkpoint, into one).
 */
export const recordedRun =
  <A>(
    job: string,
    every: Duration.Input,
    describe: (a: A) => string,
    failedWhen: (a: A) => string | undefined = () => undefined,
  ) =>
  <E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.gen(function* () {
      const log = yield* JobRunLog
      const startedAt = new Date(yield* Clock.currentTimeMillis)
      const exit = yield* Effect.exit(effect)
      const failure = Exit.isSuccess(exit) ? failedWhen(exit.value) : firstLine(exit.cause)
      yield* log.record({
        job,
        startedAt,
        finishedAt: new Date(yield* Clock.currentTimeMillis),
        outcome: failure === undefined ? "ok" : "failed",
        detail: failure ?? (Exit.isSuccess(exit) ? describe(exit.value) : ""),
        every: Duration.fromInputUnsafe(every),
      })
      return yield* exit
    }).pipe(Effect.withSpan(`Job ${job}`, { attributes: { "job.name": job } }))
