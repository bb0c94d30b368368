/**
 * `landunits status` (issue 28) as an operator runs it: the app as its own process on a fresh DATA_DIR with no
 * demo data, the CLI as another. The screen and `--json` show the one live app process (its heartbeat), each
 * job's last run, the queues, the last checkpoint, the idempotency keys deleted after their retention; the exit
 * code is 0 while nothing needs a person, and 1 naming what does: a new installation where members cannot buy yet, admin work waiting more than a day, a job whose last
 * run failed, and, after the app stopped cleanly (its heartbeat removed), no live app process.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { layerEmbedded } from "@landunits/adapters/postgres/Database.ts"
import { MIGRATIONS_DIRECTORY } from "@landunits/adapters/postgres/Migrations.ts"
import { type AppProcess, freePort, startAppProcess } from "@landunits/test-support/AppProcess.ts"
import { runCliProcess, type Target } from "@landunits/test-support/CliProcess.ts"
import { migratedDataDir } from "@landunits/test-support/DatabaseTemplates.ts"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freshServerDatabase } from "./support/ServerAndCli.ts"

/** The newest migration this version ships (its file name without .ts), which status names as the last applied. */
const LAST_MIGRATION = fs
  .readdirSync(MIGRATIONS_DIRECTORY)
  .filter((f) => /^\d+_[^.]+\.ts$/.test(f))
  .map((f) => f.slice(0, -".ts".length))
  .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10))
  .at(-1)

let dataDir: string
let target: Target
let app: AppProcess | undefined

interface StatusJson {
  readonly processes: ReadonlyArray<{ alive: boolean; version: string }>
  readonly jobs: ReadonlyArray<{ job: string; lastRun?: { outcome: string; detail: string } }>
  readonly migrations: { pending: ReadonlyArray<unknown>; applied: number }
  readonly kycWaiting: { count: number }
  readonly idempotencyKeysPruned: { count: number; lastAt?: number }
  readonly needsAPerson: boolean
  readonly attention: ReadonlyArray<{ about: string; message: string }>
}

/** One statement on the database, through the running app's socket. */
const execute = (statement: string) =>
  Effect.runPromise(
    Effect.gen(function* () {
      yield* (yield* SqlClient.SqlClient).unsafe(statement)
    }).pipe(Effect.provide(layerEmbedded(dataDir)), Effect.scoped),
  )

const status = async (...args: ReadonlyArray<string>) => runCliProcess(target, [...args, "status"])
const statusJson = async () => {
  const result = await status("--json")
  return { code: result.code, json: JSON.parse(result.stdout) as StatusJson }
}

beforeAll(async () => {
  dataDir = migratedDataDir("landunits-status-")
  target = { kind: "embedded", dataDir }
  app = await startAppProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SEED_DEMO: "0",
    ORDER_JOBS_INTERVAL_SECONDS: "3600",
    LOG_FORMAT: "logfmt",
  })
  // The jobs run once at start, beside the HTTP server: wait for their first records.
  const deadline = Date.now() + 30_000
  for (;;) {
    const { json } = await statusJson()
    if (json.jobs.every((j) => j.lastRun !== undefined)) break
    if (Date.now() > deadline) throw new Error(`The jobs did not run: ${JSON.stringify(json.jobs)}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}, 120_000)

afterAll(async () => {
  await app?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/**
 * What members need to buy, as the first production start sets it (docs/operations.md): an admin, LAND_EUR priced
 * with its land value and bank account, the rates the pages need. Rows of their own, as status reads them.
 */
const SET_UP = [
  `INSERT INTO accounts (member_id, email, role, created_at, record) VALUES ('mem_status_admin', 'ops@landunits.example', 'admin', 1, '{}')`,
  `INSERT INTO unit_prices (unit_type, base_price, base_date, growth_per_year_percent, buy_fee_cents, sell_fee_units, convert_fee_units, land_value_cents, max_double_land_value_cents) VALUES ('LAND_EUR', 10000, current_date, 5, 100, 10, 0, 500000000, 0)`,
  `INSERT INTO bank_accounts (currency, details) VALUES ('EUR', '{}')`,
  `INSERT INTO exchange_rates (day, from_currency, to_currency, rate) VALUES
     (current_date, 'EUR', 'GBP', 850000), (current_date, 'USD', 'GBP', 790000), (current_date, 'AUD', 'GBP', 520000),
     (current_date, 'GBP', 'USD', 1270000), (current_date, 'GBP', 'EUR', 1170000)`,
]

describe("landunits status", () => {
  it("on a new installation (no admin, nothing priced) says members cannot buy yet and points to landunits doctor, exit 1", async () => {
    const result = await status()
    expect(result.code).toBe(1)
    expect(result.stdout).not.toContain("Nothing needs a person.")
    expect(result.stdout).toContain(
      "  - setup: members cannot buy yet (no admin; no unit type has a price; no exchange rate EUR→GBP, USD→GBP, AUD→GBP, GBP→USD, GBP→EUR): run landunits doctor",
    )
    for (const statement of SET_UP) await execute(statement)
  })

  it("shows one screen: the live app process, each job's last run, the queues; nothing needs a person, exit 0", async () => {
    const result = await status()
    expect(result.stderr.split("\n").filter((l) => l.startsWith("Refused"))).toEqual([])
    expect(result.code).toBe(0)
    const screen = result.stdout
    expect(screen).toMatch(
      new RegExp(
        `^Landunits \\S+; schema: \\d+ migrations applied \\(last ${LAST_MIGRATION}\\), none pending`,
      ),
    )
    expect(screen).toContain("App processes: 1 alive")
    expect(screen).toMatch(/expire-due\s+\S+Z \(\d+ s ago\)\s+60 min\s+ok\s+0 unpaid buys expired/)
    expect(screen).toMatch(/unlock-due\s+.*ok/)
    expect(screen).toMatch(/ledger-checkpoint\s+.*ok/)
    expect(screen).toMatch(
      /idempotency-retention\s+\S+Z \(\d+ s ago\)\s+60 min\s+ok\s+0 idempotency keys older than 30 days deleted/,
    )
    expect(screen).toContain(
      "Idempotency keys: kept 30 days, then deleted by idempotency-retention: none yet",
    )
    expect(screen).toContain("KYC reviews:            none")
    expect(screen).toContain("Mail outbox: ")
    expect(screen).toContain("Nothing needs a person.")
  })

  it("--json is one document with the same state, and needsAPerson false", async () => {
    const { code, json } = await statusJson()
    expect(code).toBe(0)
    expect(json.processes.filter((p) => p.alive)).toHaveLength(1)
    expect(json.migrations.pending).toEqual([])
    expect(json.jobs.map((j) => [j.job, j.lastRun?.outcome])).toEqual([
      ["expire-due", "ok"],
      ["unlock-due", "ok"],
      ["ledger-checkpoint", "ok"],
      ["data-exports", "ok"],
      ["retention-purge", "ok"],
      ["recording-retention", "ok"],
      ["idempotency-retention", "ok"],
    ])
    expect(json.needsAPerson).toBe(false)
    expect(json.attention).toEqual([])
  })

  it("counts the idempotency keys the retention job deleted, on the screen and in --json; they need nobody", async () => {
    // What the job's deleting statements added up (pruned_counts), as a day of order jobs' keys would.
    await execute(
      "INSERT INTO pruned_counts (what, count, last_at) VALUES ('idempotency_keys', 2880, now() - interval '2 hours')",
    )
    try {
      const result = await status()
      expect(result.code).toBe(0)
      expect(result.stdout).toMatch(
        /\nIdempotency keys: kept 30 days, then deleted by idempotency-retention: 2880 so far, the last at \S+Z \(2 h ago\)\n/,
      )
      const { json } = await statusJson()
      expect(json.idempotencyKeysPruned.count).toBe(2880)
    } finally {
      await execute("DELETE FROM pruned_counts")
    }
  })

  it("shows a process that died without a clean shutdown as gone, which needs nobody while one is alive", async () => {
    await execute(
      "INSERT INTO app_processes (process_id, host, pid, version, started_at, seen_at) VALUES ('crashed:42:abc', 'crashed', 42, '0.1.0', now() - interval '1 hour', now() - interval '2 minutes')",
    )
    try {
      const result = await status()
      expect(result.code).toBe(0)
      expect(result.stdout).toContain("App processes: 1 alive, 1 gone without a clean shutdown")
      expect(result.stdout).toMatch(/crashed:42\s+0\.1\.0\s+gone\s+.*2 min ago/)
    } finally {
      await execute("DELETE FROM app_processes WHERE process_id = 'crashed:42:abc'")
    }
  })

  it("exits 1 naming a KYC review that has waited more than a day", async () => {
    const twoDaysAgo = Date.now() - 2 * 24 * 3600 * 1000
    await execute(
      `INSERT INTO kyc_records (member_id, kyc_status, record, updated_at) VALUES ('mem_status_kyc', 'Pending Verification', '{}', ${twoDaysAgo})`,
    )
    try {
      const result = await status()
      expect(result.code).toBe(1)
      expect(result.stdout).toContain("KYC reviews:            1 (the oldest 2 d)")
      expect(result.stdout).toContain(
        "  - admin work: 1 KYC reviews waiting, the oldest for 2 d: landunits kyc list",
      )
      const { code, json } = await statusJson()
      expect(code).toBe(1)
      expect(json.kycWaiting.count).toBe(1)
      expect(json.needsAPerson).toBe(true)
      expect(json.attention).toEqual([
        { about: "admin work", message: "1 KYC reviews waiting, the oldest for 2 d: landunits kyc list" },
      ])
    } finally {
      await execute("DELETE FROM kyc_records WHERE member_id = 'mem_status_kyc'")
    }
  })

  it("exits 1 naming a job whose last run failed, with its failure", async () => {
    await execute(
      "UPDATE job_runs SET outcome = 'failed', detail = 'SqlError: the database is unreachable' WHERE job = 'unlock-due'",
    )
    const result = await status()
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(/unlock-due\s+.*failed\s+SqlError: the database is unreachable/)
    expect(result.stdout).toMatch(
      / {2}- jobs: the job unlock-due failed \d+ s ago: SqlError: the database is unreachable/,
    )
  })

  it("with the database unreachable, says so in words (the driver's reason, what to check), never a printed Cause, exit 1", async () => {
    const nobody: Target = {
      kind: "server",
      url: `postgres://postgres@127.0.0.1:${await freePort()}/landunits`,
    }
    const result = await runCliProcess(nobody, ["status"])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain("Refused: the status could not be read: the database could not be read")
    expect(result.stderr).toContain("ECONNREFUSED")
    expect(result.stderr).not.toContain("Cause(")
  })

  it("after a clean shutdown the heartbeat is gone: no app process is alive, exit 1", async () => {
    await app?.stop()
    app = undefined
    const result = await status()
    expect(result.code).toBe(1)
    expect(result.stdout).toContain("App processes: 0 alive\n")
    expect(result.stdout).toContain("  - processes: no app process is alive")
  })
})

const serverUrl = process.env.DATABASE_URL?.trim()

describe.each(serverUrl === undefined || serverUrl === "" ? [] : [serverUrl])(
  "landunits status on a PostgreSQL server with two app processes",
  (url) => {
    let database: Awaited<ReturnType<typeof freshServerDatabase>>
    const apps: Array<AppProcess> = []
    let server: Target
    let keys: string | undefined

    beforeAll(async () => {
      database = await freshServerDatabase(url)
      server = { kind: "server", url: database.url }
      keys = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-status-keys-"))
      for (let i = 0; i < 2; i++)
        apps.push(
          await startAppProcess({
            DATABASE_URL: database.url,
            DATA_DIR: keys,
            SEED_DEMO: "0",
            LOG_FORMAT: "logfmt",
          }),
        )
    }, 180_000)

    afterAll(async () => {
      for (const app of apps) await app.stop()
      await database?.drop()
      if (keys !== undefined) fs.rmSync(keys, { recursive: true, force: true })
    })

    it("counts both processes alive by their heartbeats, and one after the other stopped cleanly", async () => {
      const both = await runCliProcess(server, ["status"])
      expect(both.stdout).toContain("App processes: 2 alive\n")
      await apps.pop()!.stop()
      const one = await runCliProcess(server, ["--json", "status"])
      const json = JSON.parse(one.stdout) as StatusJson
      expect(json.processes.map((p) => p.alive)).toEqual([true])
      expect(json.attention.filter((a) => a.about === "processes")).toEqual([])
    })
  },
)
