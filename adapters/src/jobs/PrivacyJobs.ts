/**
 * The jobs of a member's own data (issue 23), run by every app process beside the HTTP server, as the order jobs
 * are, each run recorded in `job_runs` for `landunits status` (JobRuns.ts):
 *
 * - `data-exports`: builds the exports members asked for, oldest first, up to 10 a run, at start and then every
 *   DATA_EXPORT_INTERVAL_SECONDS (default 30); the member is emailed through the outbox when theirs is ready.
 *   Processes share the work: each export is taken with a lease (`FOR UPDATE SKIP LOCKED`), so it is built once.
 * - `retention-purge`: at start and then every RETENTION_PURGE_INTERVAL_MINUTES (default 60), purges what a closed
 *   account left once its retention is over (KYC after 5 years, orders and payouts after 10) and the archives of
 *   expired exports. Time comes from Effect's Clock (PrivacyService.purgeDue), so a test moves it with a test clock.
 *
 * A failed run is logged and the next runs on time; the loops stop with the server.
 */
import { PrivacyService, type PurgeRun } from "@landunits/core/privacy/PrivacyService.ts"
import { Config, Duration, Effect, Layer, Option, Schedule, Schema } from "effect"
import { recordedRun } from "./JobRuns.ts"

export const DATA_EXPORT_JOB = "data-exports"
export const RETENTION_PURGE_JOB = "retention-purge"
/** At most this many exports are built by one run (a burst waits for the next runs). */
export const EXPORTS_PER_RUN = 10

export const dataExportInterval = Config.schema(
  Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)),
  "DATA_EXPORT_INTERVAL_SECONDS",
).pipe(Config.withDefault(30), Config.map(Duration.seconds))

export const retentionPurgeInterval = Config.schema(
  Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 24 * 60 })),
  "RETENTION_PURGE_INTERVAL_MINUTES",
).pipe(Config.withDefault(60), Config.map(Duration.minutes))

/** One run of the export builder: every waiting export, up to EXPORTS_PER_RUN; answers how many were built. */
export const runDataExportRound = (every: Duration.Input) =>
  Effect.gen(function* () {
    const privacy = yield* PrivacyService
    let built = 0
    let failed = 0
    for (let i = 0; i < EXPORTS_PER_RUN; i++) {
      const next = yield* privacy.buildNext
      if (Option.isNone(next)) break
      if (next.value.status === "ready") built++
      else failed++
    }
    return { built, failed }
  }).pipe(
    recordedRun(
      DATA_EXPORT_JOB,
      every,
      (r) => `${r.built} data exports built${r.failed > 0 ? `, ${r.failed} failed` : ""}`,
      (r) => (r.failed > 0 ? `${r.failed} data exports failed (see the log)` : undefined),
    ),
  )

/** One run of the retention purge, now. */
export const runRetentionPurgeRound = (every: Duration.Input) =>
  Effect.flatMap(PrivacyService, (privacy) => privacy.purgeDue).pipe(
    recordedRun(
      RETENTION_PURGE_JOB,
      every,
      (r: PurgeRun) =>
        `${r.kycPurged} KYC records purged, ${r.recordsPurged} closed accounts' orders purged, ${r.exportsExpired} exports expired`,
    ),
  )

const forever = <A, E, R>(name: string, round: Effect.Effect<A, E, R>, every: Duration.Input) =>
  round.pipe(
    Effect.catchCause((cause) => Effect.logError(`The ${name} job's run failed`, cause)),
    Effect.repeat(Schedule.spaced(every)),
    Effect.asVoid,
  )

/** Both jobs as a layer: forked in the layer's scope, so they stop with the server. */
export const PrivacyJobsLive = Layer.effectDiscard(
  Effect.gen(function* () {
    const exportsEvery = yield* dataExportInterval
    const purgeEvery = yield* retentionPurgeInterval
    yield* Effect.forkScoped(forever(DATA_EXPORT_JOB, runDataExportRound(exportsEvery), exportsEvery))
    yield* Effect.forkScoped(forever(RETENTION_PURGE_JOB, runRetentionPurgeRound(purgeEvery), purgeEvery))
  }),
)
