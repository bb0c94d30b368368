/**
 * What in `landunits status` needs a person (InstallationStatus.ts, docs/operations.md "Status"): each rule
 * on its own, and the calm installation (a live process, jobs that ran on time, nothing waiting long) needing
 * nobody, whatever its fresh work and timings within the limits.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  type AppProcessState,
  attentionOf,
  type InstallationStatus,
  type JobState,
  SCHEDULED_JOBS,
} from "../../src/status/InstallationStatus.ts"

const NOW = 1_800_000_000_000
const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR

const alive: AppProcessState = {
  processId: "host:1:abc",
  host: "host",
  pid: 1,
  version: "0.1.0",
  startedAt: NOW - HOUR,
  seenAt: NOW - 5_000,
  alive: true,
  drill: false,
}

const ranOk = (job: string, agoMs = 30_000, everyMs = MIN): JobState => ({
  job,
  lastRun: {
    startedAt: NOW - agoMs - 100,
    finishedAt: NOW - agoMs,
    outcome: "ok",
    detail: "0 done",
    everyMs,
    processId: alive.processId,
  },
})

const calm: InstallationStatus = {
  now: NOW,
  version: "0.1.0",
  migrations: { applied: 27, last: { id: 2800, name: "heartbeats_and_job_runs" }, pending: [], unknown: [] },
  processes: [alive],
  outbox: { count: 0, oldestAt: undefined, failed: 3, retrying: 0, lastError: undefined },
  jobs: SCHEDULED_JOBS.map((job) => ranOk(job)),
  kycWaiting: { count: 0, oldestAt: undefined },
  bankPaymentsToMatch: { count: 0, oldestAt: undefined },
  payoutsDue: { count: 0, oldestAt: undefined },
  lastCheckpoint: { number: 4, at: NOW - HOUR, treeSize: 120 },
  ledgerHasTransfers: true,
  idempotencyKeysPruned: { count: 2_880, lastAt: NOW - HOUR },
  // Members can buy: an admin, LAND_EUR on sale with its land value and bank account, the rates the pages need.
  setup: {
    admins: 1,
    units: [{ unitType: "LAND_EUR", landValueCents: 500_000_000 }],
    bankAccounts: ["EUR"],
    rates: [
      { from: "EUR", to: "GBP" },
      { from: "USD", to: "GBP" },
      { from: "AUD", to: "GBP" },
      { from: "GBP", to: "USD" },
      { from: "GBP", to: "EUR" },
    ],
  },
}

const abouts = (s: InstallationStatus) => attentionOf(s).map((a) => a.about)

describe("what needs a person in landunits status", () => {
  it("a live process, jobs that ran on time and nothing waiting long need nobody (given-up emails included)", () => {
    expect(attentionOf(calm)).toEqual([])
  })

  it("pending migrations need a person, named", () => {
    const found = attentionOf({
      ...calm,
      migrations: { ...calm.migrations, pending: [{ id: 2900, name: "next" }] },
    })
    expect(found).toHaveLength(1)
    expect(found[0]!.message).toContain("2900_next")
  })

  it("migrations this version does not know need a person", () => {
    expect(
      abouts({ ...calm, migrations: { ...calm.migrations, unknown: [{ id: 9999, name: "x" }] } }),
    ).toEqual(["schema"])
  })

  it("no live app process needs a person; a process gone beside a live one does not", () => {
    expect(abouts({ ...calm, processes: [{ ...alive, alive: false }] })).toEqual(["processes"])
    expect(abouts({ ...calm, processes: [] })).toEqual(["processes"])
    expect(abouts({ ...calm, processes: [alive, { ...alive, pid: 2, alive: false }] })).toEqual([])
  })

  it("a job whose last run failed needs a person, with the failure's detail", () => {
    const failed: JobState = {
      job: "expire-due",
      lastRun: { ...ranOk("expire-due").lastRun!, outcome: "failed", detail: "SqlError: connection refused" },
    }
    const found = attentionOf({ ...calm, jobs: [failed, ...calm.jobs.slice(1)] })
    expect(found.map((a) => a.message)).toEqual([expect.stringContaining("SqlError: connection refused")])
  })

  it("a job overdue by more than two intervals and a minute needs a person while a process is alive", () => {
    const late = ranOk("unlock-due", 2 * MIN + MIN + 1, MIN)
    const onTime = ranOk("unlock-due", 2 * MIN + MIN - 1, MIN)
    expect(abouts({ ...calm, jobs: [late] })).toEqual(["jobs"])
    expect(abouts({ ...calm, jobs: [onTime] })).toEqual([])
  })

  it("a job that never ran needs a person once a process has been up a minute", () => {
    const never: JobState = { job: "ledger-checkpoint", lastRun: undefined }
    expect(abouts({ ...calm, jobs: [never] })).toEqual(["jobs"])
    expect(abouts({ ...calm, jobs: [never], processes: [{ ...alive, startedAt: NOW - 10_000 }] })).toEqual([])
  })

  it("with only restore drills alive (DRILL=1), jobs that never ran, a waiting outbox and no new checkpoint need nobody", () => {
    const drill = { ...alive, drill: true }
    const quiet = {
      ...calm,
      processes: [drill],
      jobs: SCHEDULED_JOBS.map((job) => ({ job, lastRun: undefined })),
      outbox: { ...calm.outbox, count: 4, oldestAt: NOW - 2 * HOUR },
      lastCheckpoint: { number: 4, at: NOW - 2 * DAY, treeSize: 120 },
    }
    expect(abouts(quiet)).toEqual([])
    // A production process beside the drill: the rules hold again.
    expect(abouts({ ...quiet, processes: [drill, alive] })).toEqual([
      ...SCHEDULED_JOBS.map(() => "jobs"),
      "outbox",
      "ledger",
    ])
  })

  it("an email waiting in the outbox more than 15 minutes needs a person", () => {
    expect(
      abouts({ ...calm, outbox: { ...calm.outbox, count: 2, oldestAt: NOW - 16 * MIN, failed: 0 } }),
    ).toEqual(["outbox"])
    expect(
      abouts({ ...calm, outbox: { ...calm.outbox, count: 2, oldestAt: NOW - 14 * MIN, failed: 0 } }),
    ).toEqual([])
  })

  it("a ledger with transfers and no checkpoint, or a checkpoint older than 25 hours, needs a person", () => {
    expect(abouts({ ...calm, lastCheckpoint: undefined })).toEqual(["ledger"])
    expect(abouts({ ...calm, lastCheckpoint: undefined, ledgerHasTransfers: false })).toEqual([])
    expect(abouts({ ...calm, lastCheckpoint: { number: 1, at: NOW - 26 * HOUR, treeSize: 1 } })).toEqual([
      "ledger",
    ])
  })

  it("admins' work waiting more than a day needs a person, each queue named with its command", () => {
    const old = { count: 3, oldestAt: NOW - DAY - 1 }
    const found = attentionOf({ ...calm, kycWaiting: old, bankPaymentsToMatch: old, payoutsDue: old })
    expect(found.map((a) => a.about)).toEqual(["admin work", "admin work", "admin work"])
    expect(found.map((a) => a.message.split(": ").at(-1))).toEqual([
      "landunits kyc list",
      "landunits orders list --method bank --status PaymentSent",
      "landunits payouts list",
    ])
  })

  it("an installation where members cannot buy needs a person, pointed to landunits doctor, and says what is missing", () => {
    const empty = { admins: 0, units: [], bankAccounts: [], rates: [] }
    const found = attentionOf({ ...calm, setup: empty })
    expect(found.map((a) => a.about)).toEqual(["setup"])
    expect(found[0]!.message).toContain("no admin; no unit type has a price; no exchange rate EUR→GBP")
    expect(found[0]!.message).toContain("run landunits doctor")
    // One pair the statistics page needs, missing.
    const noGbpToEur = { ...calm.setup, rates: calm.setup.rates.filter((r) => r.to !== "EUR") }
    expect(attentionOf({ ...calm, setup: noGbpToEur })[0]?.message).toContain("no exchange rate GBP→EUR")
    // A second unit type on sale: its land value, its bank account and the converts' pairs.
    const twoOnSale = {
      ...calm.setup,
      units: [...calm.setup.units, { unitType: "LAND_USD" as const, landValueCents: 0 }],
    }
    expect(attentionOf({ ...calm, setup: twoOnSale })[0]?.message).toContain(
      "no land value for LAND_USD; no bank account in USD; no exchange rate EUR→USD, USD→EUR",
    )
  })

  it("any work and timings within the limits need nobody (property)", () => {
    const within = (limit: number) => fc.integer({ min: 0, max: limit })
    const waiting = fc.record({
      count: fc.integer({ min: 0, max: 1000 }),
      oldestAt: within(DAY).map((ago) => NOW - ago),
    })
    fc.assert(
      fc.property(
        waiting,
        waiting,
        waiting,
        within(15 * MIN),
        within(25 * HOUR),
        fc
          .integer({ min: 1, max: 60 })
          .chain((everyMin) => fc.tuple(fc.constant(everyMin * MIN), within(2 * everyMin * MIN + MIN))),
        (kyc, bank, payouts, outboxAge, checkpointAge, [everyMs, jobAge]) => {
          const status: InstallationStatus = {
            ...calm,
            kycWaiting: kyc,
            bankPaymentsToMatch: bank,
            payoutsDue: payouts,
            outbox: { ...calm.outbox, count: 1, oldestAt: NOW - outboxAge, failed: 0 },
            lastCheckpoint: { number: 9, at: NOW - checkpointAge, treeSize: 9 },
            jobs: SCHEDULED_JOBS.map((job) => ranOk(job, jobAge, everyMs)),
          }
          expect(attentionOf(status)).toEqual([])
        },
      ),
    )
  })
})
