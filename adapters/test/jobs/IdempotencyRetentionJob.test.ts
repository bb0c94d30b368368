/**
 * The idempotency retention job (adapters/src/jobs/IdempotencyRetentionJob.ts, issue 40):
 * - over the in-memory store, time driven by TestClock: at start and then hourly it deletes the idempotency records
 *   once they are 30 days old, keeps the younger ones, and records each run with what it deleted;
 * - on each database (PGlite, and PostgreSQL with DATABASE_URL): it deletes in batches, each batch committed on its
 *   own (a run that fails at its second batch keeps the first batch's deletions), and what it deleted is counted in
 *   the database, where `landunits status` (readInstallationStatus) and the metrics page
 *   (`landunits_idempotency_keys_pruned_total`, clean under `promtool check metrics`) read it.
 */
import { spawnSync } from "node:child_process"
import { assert, describe, it } from "@effect/vitest"
import { IdempotencyStore } from "@landunits/core/orders/ports/IdempotencyStore.ts"
import { IdempotencyKey } from "@landunits/core/shared/Ids.ts"
import { Duration, Effect, Exit, Layer } from "effect"
import { PrometheusMetrics } from "effect/observability"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import { expect, it as vitestIt } from "vitest"
import {
  IDEMPOTENCY_RETENTION_JOB,
  IdempotencyRetentionJobLive,
  runIdempotencyRetentionRound,
} from "../../src/jobs/IdempotencyRetentionJob.ts"
import { type JobRun, JobRunLog } from "../../src/jobs/JobRuns.ts"
import { makeScrapeReads } from "../../src/observability/ScrapeReads.ts"
import { IdempotencyStorePg } from "../../src/postgres/IdempotencyStorePg.ts"
import { readInstallationStatus } from "../../src/postgres/InstallationStatusPg.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

const DAY = 24 * 3_600_000

const save = (key: string) =>
  IdempotencyStore.use((store) =>
    store.save({
      scope: "system",
      idempotencyKey: IdempotencyKey.make(key),
      requestHash: `h-${key}`,
      response: { key },
    }),
  )

const keptOf = (keys: ReadonlyArray<string>) =>
  Effect.filter(keys, (key) =>
    IdempotencyStore.use((store) => store.find("system", IdempotencyKey.make(key))).pipe(
      Effect.map((found) => found._tag === "Some"),
    ),
  )

const recordingRuns = (runs: Array<JobRun>) =>
  Layer.succeed(JobRunLog, { record: (run) => Effect.sync(() => void runs.push(run)) })

describe("the idempotency retention job", () => {
  it.effect(
    "deletes idempotency records once they are 30 days old (within the hour), keeps younger ones, records each run with the count",
    () =>
      Effect.gen(function* () {
        const runs: Array<JobRun> = []
        yield* Effect.gen(function* () {
          yield* TestClock.setTime(0)
          yield* save("order-jobs:expire-due:day-0")
          yield* save("order-jobs:unlock-due:day-0")
          yield* TestClock.setTime(5 * DAY)
          yield* save("order-jobs:expire-due:day-5")
          yield* TestClock.setTime(30 * DAY - Duration.toMillis(Duration.minutes(30)))
          const context = yield* Effect.context<IdempotencyStore>()
          yield* Layer.build(
            IdempotencyRetentionJobLive.pipe(
              Layer.provide(Layer.succeedContext(context)),
              Layer.provide(recordingRuns(runs)),
            ),
          )
          const keys = [
            "order-jobs:expire-due:day-0",
            "order-jobs:unlock-due:day-0",
            "order-jobs:expire-due:day-5",
          ]
          // At start: nothing is 30 days old yet.
          yield* TestClock.adjust(Duration.zero)
          assert.deepStrictEqual(yield* keptOf(keys), keys)
          // An hour later the two of day 0 are past 30 days: deleted; the one of day 5 (25 days) is kept.
          yield* TestClock.adjust(Duration.hours(1))
          assert.deepStrictEqual(yield* keptOf(keys), ["order-jobs:expire-due:day-5"])
          // The next hour finds nothing more.
          yield* TestClock.adjust(Duration.hours(1))
          assert.deepStrictEqual(
            runs.map((r) => [r.job, r.outcome, r.detail, Duration.toMillis(r.every)]),
            [
              [IDEMPOTENCY_RETENTION_JOB, "ok", "0 idempotency keys older than 30 days deleted", 3_600_000],
              [IDEMPOTENCY_RETENTION_JOB, "ok", "2 idempotency keys older than 30 days deleted", 3_600_000],
              [IDEMPOTENCY_RETENTION_JOB, "ok", "0 idempotency keys older than 30 days deleted", 3_600_000],
            ],
          )
        }).pipe(Effect.provide(IdempotencyStore.layerMemory))
      }),
  )
})

/** Prometheus' promtool, from Debian's `prometheus` package (`.ci/run` installs it). */
const hasPromtool = spawnSync("sh", ["-c", "command -v promtool"]).status === 0
if (!hasPromtool) console.warn("[not run] promtool check metrics (promtool is not on PATH)")

/** The sample of an unlabelled counter on a Prometheus text page (0 when absent). */
const sampleOf = (page: string, name: string) =>
  Number(
    page
      .split("\n")
      .find((line) => line.startsWith(`${name} `))
      ?.split(" ")[1] ?? 0,
  )

for (const target of databaseTargets().run) {
  describe(`the idempotency retention job on ${target.name}`, () => {
    const db = useSuiteDatabase(target)

    /** Keys saved now (the database's clock), those named `old-…` then moved 31 days back. */
    const seed = (old: number, recent: number) =>
      Effect.gen(function* () {
        for (let i = 1; i <= old; i++) yield* save(`old-${i}`)
        for (let i = 1; i <= recent; i++) yield* save(`recent-${i}`)
        const sql = yield* SqlClient.SqlClient
        yield* sql`
          UPDATE idempotency_keys SET created_at = created_at - interval '31 days'
          WHERE idempotency_key LIKE 'old-%'`
      })
    const left = Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      return (yield* sql<{ idempotency_key: string }>`
        SELECT idempotency_key FROM idempotency_keys ORDER BY idempotency_key`).map((r) => r.idempotency_key)
    })

    vitestIt(
      "deletes the old keys in batches, keeps the recent ones, and status counts what it deleted",
      async () => {
        const runs: Array<JobRun> = []
        const result = await db.run(
          Effect.gen(function* () {
            yield* seed(5, 2)
            const deleted = yield* runIdempotencyRetentionRound(2)
            const again = yield* runIdempotencyRetentionRound(2)
            return { deleted, again, left: yield* left, status: yield* readInstallationStatus }
          }).pipe(Effect.provide(Layer.merge(IdempotencyStorePg, recordingRuns(runs)))),
        )
        expect(result.deleted).toBe(5)
        expect(result.again).toBe(0)
        expect(result.left).toEqual(["recent-1", "recent-2"])
        expect(result.status.idempotencyKeysPruned.count).toBe(5)
        expect(result.status.now - result.status.idempotencyKeysPruned.lastAt!).toBeLessThan(60_000)
        expect(result.status.jobs.map((j) => j.job)).toContain(IDEMPOTENCY_RETENTION_JOB)
        expect(runs.map((r) => [r.outcome, r.detail])).toEqual([
          ["ok", "5 idempotency keys older than 30 days deleted"],
          ["ok", "0 idempotency keys older than 30 days deleted"],
        ])
      },
    )

    vitestIt(
      "commits each batch on its own: a run that fails at its second batch keeps the first batch's deletions",
      async () => {
        const runs: Array<JobRun> = []
        // The database's store, whose second batch fails (the database went away, say).
        const failingAtSecondBatch = Layer.effect(IdempotencyStore)(
          Effect.gen(function* () {
            const store = yield* IdempotencyStore
            let batches = 0
            return IdempotencyStore.of({
              ...store,
              deleteOlderThan: (cutoff, limit) =>
                ++batches === 2
                  ? Effect.die(new Error("the database went away"))
                  : store.deleteOlderThan(cutoff, limit),
            })
          }),
        ).pipe(Layer.provide(IdempotencyStorePg))
        const result = await db.run(
          Effect.gen(function* () {
            yield* seed(5, 1).pipe(Effect.provide(IdempotencyStorePg))
            const exit = yield* Effect.exit(
              runIdempotencyRetentionRound(2).pipe(Effect.provide(failingAtSecondBatch)),
            )
            return { exit, left: yield* left, status: yield* readInstallationStatus }
          }).pipe(Effect.provide(recordingRuns(runs))),
        )
        expect(Exit.isFailure(result.exit)).toBe(true)
        expect(result.left).toEqual(["old-3", "old-4", "old-5", "recent-1"])
        expect(result.status.idempotencyKeysPruned.count).toBe(2)
        expect(runs.map((r) => r.outcome)).toEqual(["failed"])
      },
    )

    vitestIt(
      "the metrics page counts them as landunits_idempotency_keys_pruned_total, clean under promtool check metrics",
      async () => {
        const { before, after, page } = await db.run(
          Effect.gen(function* () {
            const refresh = yield* makeScrapeReads(1)
            yield* refresh
            const before = sampleOf(
              yield* PrometheusMetrics.format(),
              "landunits_idempotency_keys_pruned_total",
            )
            yield* seed(3, 1)
            yield* runIdempotencyRetentionRound()
            yield* refresh
            const page = yield* PrometheusMetrics.format()
            return { before, after: sampleOf(page, "landunits_idempotency_keys_pruned_total"), page }
          }).pipe(Effect.provide(IdempotencyStorePg), Effect.scoped),
        )
        expect(after - before).toBe(3)
        expect(page).toContain("# TYPE landunits_idempotency_keys_pruned_total counter")
        if (hasPromtool) {
          const checked = spawnSync("promtool", ["check", "metrics"], { input: page, encoding: "utf8" })
          expect(`${checked.stdout}${checked.stderr}`).toBe("")
          expect(checked.status).toBe(0)
        }
      },
    )
  })
}
