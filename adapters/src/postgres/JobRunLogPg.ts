/** JobRunLog on PostgreSQL (`job_runs`, the last run of each scheduled job, for `landunits status`). */
import { Duration, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { PROCESS_ID } from "../app/ProcessIdentity.ts"
import { type JobRun, JobRunLog } from "../jobs/JobRuns.ts"

/** Records into `job_runs` (one row per job, the latest run); a failed write is logged and never fails the job. */
export const JobRunLogPg = Layer.effect(
  JobRunLog,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return {
      record: (run: JobRun) =>
        sql`
          INSERT INTO job_runs (job, started_at, finished_at, outcome, detail, every_ms, process_id)
          VALUES (${run.job}, ${run.startedAt}, ${run.finishedAt}, ${run.outcome}, ${run.detail.slice(0, 500)},
                  ${Duration.toMillis(run.every)}, ${PROCESS_ID})
          ON CONFLICT (job) DO UPDATE SET started_at = EXCLUDED.started_at, finished_at = EXCLUDED.finished_at,
            outcome = EXCLUDED.outcome, detail = EXCLUDED.detail, every_ms = EXCLUDED.every_ms,
            process_id = EXCLUDED.process_id`.pipe(
          Effect.asVoid,
          Effect.catchCause((cause) =>
            Effect.logWarning(`The run of job ${run.job} was not recorded`, cause),
          ),
        ),
    }
  }),
)
