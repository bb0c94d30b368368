/**
 * `landunits db backup` and `db restore` (issue 28), as an operator runs them: the app as its own process
 * serving buys through its API while the CLI, as another process, backs it up; then the backup restored into a
 * fresh target and read back. On the embedded database (the dump taken by the serving app), and on the
 * PostgreSQL server (pg_dump) when DATABASE_URL names one and pg_dump is on PATH (CI's run):
 * - every order acknowledged before the backup began is in the copy, none acknowledged after it ended is, and
 *   the copy's transfers are the original's, with its kept balances their sums; `ledger verify` passes on it;
 * - a target that already holds a database is refused, and so is a backup whose dump does not match its
 *   manifest's SHA-256 (nothing is restored).
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { findOnPath } from "@landunits/adapters/backup/ServerBackup.ts"
import { DEMO_ADMIN_EMAIL } from "@landunits/adapters/demo/DemoHistory.ts"
import { DEMO_EMAIL, DEMO_PASSWORD } from "@landunits/adapters/demo/DemoSeed.ts"
import { layerEmbedded, layerServer } from "@landunits/adapters/postgres/Database.ts"
import { type AppProcess, startAppProcess } from "@landunits/test-support/AppProcess.ts"
import { runCliProcess, type Target } from "@landunits/test-support/CliProcess.ts"
import { migratedDataDir } from "@landunits/test-support/DatabaseTemplates.ts"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freshServerDatabase, signIn } from "./support/ServerAndCli.ts"

/** Where the app runs and where a backup is restored to: the embedded database or a server's. */
interface Installation {
  readonly name: string
  /**
   * A fresh, empty target; `env` starts an app on it. `migrated`: its database may already hold the schema (a copy
   * of the run's migrated one, test-support's DatabaseTemplates.ts) where the installation has a cheaper start.
   */
  readonly fresh: (options?: { readonly migrated?: boolean }) => Promise<{
    target: Target
    env: Record<string, string>
    drop: () => Promise<void>
  }>
  readonly dumpedBy: string
}

const serverUrl = process.env.DATABASE_URL?.trim()
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-backup-test-"))

const INSTALLATIONS: ReadonlyArray<Installation> = [
  {
    name: "embedded",
    dumpedBy: "through the running app",
    fresh: async ({ migrated = false } = {}) => {
      const dataDir = migrated
        ? migratedDataDir("landunits-backup-data-")
        : fs.mkdtempSync(path.join(scratch, "data-"))
      return {
        target: { kind: "embedded", dataDir },
        env: { DATA_DIR: dataDir, DATABASE_URL: "" },
        drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
      }
    },
  },
  ...(serverUrl === undefined || serverUrl === "" || findOnPath("pg_dump") === undefined
    ? []
    : [
        {
          name: "PostgreSQL server",
          dumpedBy: "by pg_dump",
          fresh: async () => {
            const database = await freshServerDatabase(serverUrl)
            const dataDir = fs.mkdtempSync(path.join(scratch, "keys-"))
            return {
              target: { kind: "server", url: database.url } as Target,
              env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
              drop: database.drop,
            }
          },
        },
      ]),
]

/** Rows of one query on a target, with no app running on it (or through its socket when one does). */
const query = <A extends object>(target: Target, text: string) =>
  Effect.runPromise(
    Effect.gen(function* () {
      return (yield* (yield* SqlClient.SqlClient).unsafe<A>(text)) as ReadonlyArray<A>
    }).pipe(
      Effect.provide(target.kind === "embedded" ? layerEmbedded(target.dataDir) : layerServer(target.url, 1)),
      Effect.scoped,
    ),
  )

interface Transfer {
  transfer_id: string
  order_id: string
  unit_type: string
  from_key: string
  to_key: string
  units: number
}

const transfers = (target: Target) =>
  query<Transfer>(
    target,
    "SELECT transfer_id, order_id, unit_type, from_key, to_key, units FROM ledger_transfers ORDER BY seq",
  )

/** Each account's balance as the sum of `rows`: what it receives less what it sends. */
const sums = (rows: ReadonlyArray<Transfer>) => {
  const balances = new Map<string, number>()
  const add = (key: string, units: number) => balances.set(key, (balances.get(key) ?? 0) + units)
  for (const t of rows) {
    add(`${t.unit_type}/${t.to_key}`, t.units)
    add(`${t.unit_type}/${t.from_key}`, -t.units)
  }
  return balances
}

/** Bank buys of one LAND_EUR Unit each by the signed-in demo member, one after another until `stop()`. */
const buyUntil = async (
  client: Awaited<ReturnType<typeof signIn>>,
  lane: string,
  acked: Array<{ orderId: string }>,
  stop: () => boolean,
) => {
  for (let n = 0; !stop(); n++) {
    const response = await client.post(
      "/api/order/create_order",
      {
        orderType: "BUY",
        confirmsBusinessPurpose: true,
        currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 1 },
        paymentDetails: { paymentMethod: "bank" },
      },
      { "idempotency-key": `backup-load-${lane}-${n}` },
    )
    if (response.status === 200) {
      const orderId = ((await response.json()) as { orderCreatedData: { orderId: string } }).orderCreatedData
        .orderId
      acked.push({ orderId })
    } else await response.text()
  }
}

const waitFor = async (condition: () => boolean, what: string, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }))

describe.each(INSTALLATIONS)("db backup and db restore on the $name database", (installation) => {
  let original: Awaited<ReturnType<Installation["fresh"]>>
  let copy: Awaited<ReturnType<Installation["fresh"]>>
  let app: AppProcess | undefined
  const acked: Array<{ orderId: string }> = []
  // Counted, not timed: an ack in the same millisecond as the backup's start is still before or after it.
  let ackedWhenBackupBegan = 0
  let ackedWhenBackupEnded = 0
  let backedUp: Awaited<ReturnType<typeof runCliProcess>>
  let restored: Awaited<ReturnType<typeof runCliProcess>>
  const file = path.join(scratch, `${installation.name.replace(/\W/g, "-")}.backup`)

  beforeAll(async () => {
    original = await installation.fresh({ migrated: true })
    app = await startAppProcess({ ...original.env, LOG_FORMAT: "logfmt" })
    const client = await signIn(app.baseUrl, DEMO_EMAIL, DEMO_PASSWORD)
    let stopped = false
    const load = Promise.all(["a", "b"].map((lane) => buyUntil(client, lane, acked, () => stopped)))
    try {
      await waitFor(() => acked.length >= 10, "ten buys before the backup")
      ackedWhenBackupBegan = acked.length
      backedUp = await runCliProcess(original.target, ["db", "backup", "--to", file])
      ackedWhenBackupEnded = acked.length
      await waitFor(() => acked.length >= ackedWhenBackupEnded + 5, "five buys after the backup")
    } finally {
      stopped = true
      await load
    }
    await app.stop()
    app = undefined
    copy = await installation.fresh()
    // The keys the backup names as the things to keep: an operator puts them beside the restored copy.
    for (const key of ["document.key", "ledger-signing.key"]) {
      const from = path.join(original.env.DATA_DIR!, key)
      if (fs.existsSync(from)) fs.copyFileSync(from, path.join(copy.env.DATA_DIR!, key))
    }
    restored = await runCliProcess(copy.target, ["db", "restore", file], { DATA_DIR: copy.env.DATA_DIR! })
  }, 300_000)

  afterAll(async () => {
    await app?.stop()
    await original?.drop()
    await copy?.drop()
  })

  it("takes the backup while the app serves buys, and names the keys to keep beside it", () => {
    expect(backedUp.stderr.split("\n").filter((l) => l.startsWith("Refused"))).toEqual([])
    expect(backedUp.code).toBe(0)
    expect(backedUp.stdout).toContain(installation.dumpedBy)
    expect(backedUp.stdout).toContain("DOCUMENT_KEY")
    expect(backedUp.stdout).toContain("LEDGER_SIGNING_KEY")
    expect(acked.slice(0, ackedWhenBackupBegan).length).toBeGreaterThanOrEqual(10)
    expect(acked.slice(ackedWhenBackupEnded).length).toBeGreaterThanOrEqual(5)
  })

  it("restores into a fresh target with every order acknowledged before the backup began, and none after it ended", async () => {
    expect(restored.stderr.split("\n").filter((l) => l.startsWith("Refused"))).toEqual([])
    expect(restored.code).toBe(0)
    expect(restored.stdout).toContain("every file matched the manifest")
    const orders = new Set(
      (await query<{ order_id: string }>(copy.target, "SELECT order_id FROM orders")).map((o) => o.order_id),
    )
    const before = acked.slice(0, ackedWhenBackupBegan).map((a) => a.orderId)
    expect(before.filter((id) => !orders.has(id))).toEqual([])
    const after = acked.slice(ackedWhenBackupEnded).map((a) => a.orderId)
    expect(after.filter((id) => orders.has(id))).toEqual([])
  })

  it("restores the original's transfers unchanged, with the kept balances equal to their sums", async () => {
    const inCopy = await transfers(copy.target)
    const inOriginal = new Map((await transfers(original.target)).map((t) => [t.transfer_id, t]))
    expect(inCopy.length).toBeGreaterThan(0)
    expect(inCopy.filter((t) => JSON.stringify(inOriginal.get(t.transfer_id)) !== JSON.stringify(t))).toEqual(
      [],
    )
    const expected = sums(inCopy.map((t) => inOriginal.get(t.transfer_id)!))
    const kept = await query<{ unit_type: string; account_key: string; units: string | number }>(
      copy.target,
      "SELECT unit_type, account_key, units FROM ledger_balances",
    )
    const mismatched = kept.filter(
      (b) => Number(b.units) !== (expected.get(`${b.unit_type}/${b.account_key}`) ?? 0),
    )
    expect(mismatched).toEqual([])
    expect(kept.length).toBeGreaterThan(0)
  })

  it("passes ledger verify on the restored copy", async () => {
    const verified = await runCliProcess(copy.target, ["--as", DEMO_ADMIN_EMAIL, "ledger", "verify"], {
      DATA_DIR: copy.env.DATA_DIR!,
    })
    expect(verified.stderr.split("\n").filter((l) => l.startsWith("Refused"))).toEqual([])
    expect(verified.code).toBe(0)
  })

  it("restored with --drill, the copy starts only with DRILL=1, then signs no checkpoint, sends no email and runs no job, and says so in its log and status", async () => {
    const drill = await installation.fresh()
    const env = { DATA_DIR: drill.env.DATA_DIR! }
    let drillApp: AppProcess | undefined
    try {
      for (const key of ["document.key", "ledger-signing.key"]) {
        const from = path.join(original.env.DATA_DIR!, key)
        if (fs.existsSync(from)) fs.copyFileSync(from, path.join(drill.env.DATA_DIR!, key))
      }
      const marked = await runCliProcess(drill.target, ["db", "restore", "--drill", file], env)
      expect(marked.code).toBe(0)
      expect(marked.stdout).toContain("Marked as a restore drill: start the app on it with DRILL=1")
      // Started as production (no DRILL), a drill's copy refuses.
      await expect(startAppProcess({ ...drill.env, LOG_FORMAT: "logfmt" })).rejects.toThrow(
        /a restore drill's copy of .* start it with DRILL=1/,
      )
      const countCheckpoints = async () =>
        (await query<{ n: number }>(drill.target, "SELECT count(*)::int AS n FROM ledger_checkpoints"))[0]!.n
      const jobRuns = () =>
        query<{ job: string; finished_at: Date }>(
          drill.target,
          "SELECT job, finished_at FROM job_runs ORDER BY job",
        )
      const checkpointsBefore = await countCheckpoints()
      const runsBefore = JSON.stringify(await jobRuns())

      drillApp = await startAppProcess({ ...drill.env, DRILL: "1", LOG_FORMAT: "logfmt" })
      expect(drillApp.output()).toContain("Restore drill (DRILL=1): this process signs no ledger checkpoint")
      // The ledger grows (a checkpoint would be due) and a member asks for a reset link (an email).
      const client = await signIn(drillApp.baseUrl, DEMO_EMAIL, DEMO_PASSWORD)
      const buy = await client.post(
        "/api/order/create_order",
        {
          orderType: "BUY",
          confirmsBusinessPurpose: true,
          currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 1 },
          paymentDetails: { paymentMethod: "bank" },
        },
        { "idempotency-key": "drill-buy" },
      )
      expect(buy.status).toBe(200)
      expect((await client.post("/api/auth/login/forgot", { email: DEMO_EMAIL })).status).toBe(200)
      // Longer than the outbox worker's round (2 s) and the jobs' first run (at start).
      await new Promise((resolve) => setTimeout(resolve, 5_000))

      expect(await countCheckpoints()).toBe(checkpointsBefore)
      expect(JSON.stringify(await jobRuns())).toBe(runsBefore)
      const [newest] = await query<{ status: string; attempts: number }>(
        drill.target,
        "SELECT status, attempts FROM mail_outbox ORDER BY id DESC LIMIT 1",
      )
      expect(newest).toEqual({ status: "pending", attempts: 0 })
      const status = await runCliProcess(drill.target, ["status"], env)
      expect(status.stdout).toContain("Restore drill: every live process started with DRILL=1")
      expect(status.stdout).toMatch(/alive \(drill\)/)
      // Asked by hand, the drill still signs nothing, and says why.
      const checkpoint = await runCliProcess(
        drill.target,
        ["--as", DEMO_ADMIN_EMAIL, "ledger", "checkpoint"],
        { ...env, DRILL: "1" },
      )
      expect(checkpoint.code).toBe(1)
      expect(checkpoint.stderr).toContain("A restore drill (DRILL=1) signs nothing with the ledger key")
      expect(checkpoint.stderr).not.toContain("Cause(")
      expect(await countCheckpoints()).toBe(checkpointsBefore)
    } finally {
      await drillApp?.stop()
      await drill.drop()
    }
  })

  it("refuses to restore into a target that already holds a database", async () => {
    const again = await runCliProcess(copy.target, ["db", "restore", file], { DATA_DIR: copy.env.DATA_DIR! })
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/Refused: .*(already holds a database|is not empty)/)
  })

  it("refuses a backup whose dump does not match its manifest's checksum, restoring nothing", async () => {
    const damaged = `${file}.damaged`
    fs.copyFileSync(file, damaged)
    const fd = fs.openSync(damaged, "r+")
    const at = fs.statSync(damaged).size - 4096
    const byte = Buffer.alloc(1)
    fs.readSync(fd, byte, 0, 1, at)
    fs.writeSync(fd, Buffer.from([byte[0]! ^ 0xff]), 0, 1, at)
    fs.closeSync(fd)
    const target = await installation.fresh()
    try {
      const refused = await runCliProcess(target.target, ["db", "restore", damaged], {
        DATA_DIR: target.env.DATA_DIR!,
      })
      expect(refused.code).toBe(1)
      expect(refused.stderr).toMatch(/Refused: .* is damaged: .*SHA-256 is [0-9a-f]{64}, its manifest says/)
      const tables = await query<{ n: number }>(
        target.target,
        "SELECT count(*)::int AS n FROM pg_catalog.pg_tables WHERE schemaname = 'public'",
      )
      expect(tables[0]?.n).toBe(0)
    } finally {
      await target.drop()
    }
  })
})

describe("db backup with no app running on the embedded database", () => {
  it("opens the data directory itself, and the backup restores", async () => {
    const dataDir = fs.mkdtempSync(path.join(scratch, "idle-"))
    const target: Target = { kind: "embedded", dataDir }
    expect((await runCliProcess(target, ["db", "migrate"])).code).toBe(0)
    const file = path.join(scratch, "idle.backup")
    const taken = await runCliProcess(target, ["--json", "db", "backup", "--to", file])
    expect(taken.code).toBe(0)
    const manifest = JSON.parse(taken.stdout) as { dumpedBy: string; manifest: { migrations: unknown[] } }
    expect(manifest.dumpedBy).toBe("cli")
    const copy: Target = { kind: "embedded", dataDir: path.join(scratch, "idle-copy") }
    const restored = await runCliProcess(copy, ["--json", "db", "restore", file])
    expect(restored.code).toBe(0)
    expect((JSON.parse(restored.stdout) as { migrations: unknown[] }).migrations).toEqual(
      manifest.manifest.migrations,
    )
  })

  it("refuses to overwrite an existing file", async () => {
    const dataDir = fs.mkdtempSync(path.join(scratch, "exists-"))
    const file = path.join(scratch, "exists.backup")
    fs.writeFileSync(file, "keep me")
    const refused = await runCliProcess({ kind: "embedded", dataDir }, ["db", "backup", "--to", file])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain("already exists")
    expect(fs.readFileSync(file, "utf8")).toBe("keep me")
  })
})

describe.each(serverUrl === undefined || serverUrl === "" ? [] : [serverUrl])(
  "db backup on a PostgreSQL server without pg_dump on PATH",
  (url) => {
    it("refuses, saying how to get pg_dump or take the backup by hand, and writes no file", async () => {
      const file = path.join(scratch, "no-pg-dump.backup")
      const refused = await runCliProcess({ kind: "server", url }, ["db", "backup", "--to", file], {
        PATH: path.dirname(process.execPath),
      })
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain("Refused: pg_dump is not on PATH")
      expect(refused.stderr).toContain("apt-get install postgresql-client")
      expect(refused.stderr).toContain("pg_dump --format=custom")
      expect(fs.existsSync(file)).toBe(false)
    })
  },
)
