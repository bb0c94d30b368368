/**
 * How long `landunits audit fees` takes over 100,000 stored orders (issue 42: under 10 s), and the memory it holds.
 *
 *   npm run bench:fees                                # 100,000 orders, PostgreSQL server
 *   BENCH_SIZES=10000,100000,200000 npm run bench:fees   # other sizes (ascending)
 *
 * The server is DATABASE_URL's, else postgres://postgres@127.0.0.1:5432/test; the benchmark makes a database of its
 * own there and drops it afterwards. It seeds the demo data with its year of history (orders of every kind through
 * core's use cases, a year of exchange rates), then adds generated orders of every type over the past 300 days
 * (test-support GeneratedOrders.ts: priced through the app's own PriceBook and ExchangeRates at each order's
 * instant, 1,000 a statement) up to each size, then `VACUUM ANALYZE orders` (what autovacuum does to a table that
 * grew: a live installation's orders are not a minute-old bulk load whose first read still sets every row's hint
 * bits). At each size the admin CLI runs `audit fees --format json` as an
 * OS process on the pinned Node, as an admin runs it; its wall time (the process's start included) and peak
 * resident memory (VmHWM, read from /proc while it runs) are printed, and the run must be clean. Then one order's
 * transaction fee is changed by a SQL UPDATE and the run again must exit 1 naming that order and field alone.
 */
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { PgClient } from "@effect/sql-pg"
import { insertGeneratedOrders } from "@landunits/test-support/GeneratedOrders.ts"
import { Effect, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import { DEMO_ADMIN_EMAIL } from "../adapters/src/demo/DemoHistory.ts"
import { seedDemoWithHistory } from "../adapters/src/demo/FirstStartSeed.ts"
import { layerServer } from "../adapters/src/postgres/Database.ts"
import { makeRuntime } from "../cli/src/Admin.ts"

const ROOT = fileURLToPath(new URL("..", import.meta.url))
const CLI = path.join(ROOT, "cli/bin/landunits.js")
const SIZES = (process.env.BENCH_SIZES ?? "100000").split(",").map(Number)
const SERVER = process.env.DATABASE_URL?.trim() || "postgres://postgres@127.0.0.1:5432/test"

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-bench-fees-"))
process.env.DATA_DIR = dataDir

const admin = (url: string, statement: string) =>
  Effect.runPromise(
    Effect.gen(function* () {
      return yield* (yield* SqlClient.SqlClient).unsafe<Record<string, unknown>>(statement)
    }).pipe(Effect.provide(PgClient.layer({ url: Redacted.make(url), maxConnections: 1 }))),
  )

const name = `landunits_bench_fees_${process.pid}`
await admin(SERVER, `CREATE DATABASE ${name}`)
const dbUrl = new URL(SERVER)
dbUrl.pathname = `/${name}`
const database = dbUrl.toString()

const peakKiB = (pid: number): number => {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0)
  } catch {
    return 0
  }
}

/** `landunits --as admin audit fees --format json` as an OS process: wall time, peak RSS, exit code, its answer. */
const replay = () =>
  new Promise<{ seconds: number; peakMiB: number; code: number | null; out: string; err: string }>(
    (resolve, reject) => {
      const env = { ...process.env, DATA_DIR: dataDir, LANDUNITS_CLI_LOCAL: "1", DATABASE_URL: database }
      const started = performance.now()
      const child = spawn(
        process.execPath,
        [CLI, "--as", DEMO_ADMIN_EMAIL, "audit", "fees", "--format", "json"],
        { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
      )
      let peak = 0
      const sampler = setInterval(() => {
        peak = Math.max(peak, peakKiB(child.pid ?? 0))
      }, 50)
      let out = ""
      let err = ""
      child.stdout.on("data", (b: Buffer) => {
        out += b.toString("utf8")
      })
      child.stderr.on("data", (b: Buffer) => {
        err += b.toString("utf8")
      })
      child.on("error", reject)
      child.on("close", (code) => {
        clearInterval(sampler)
        resolve({ seconds: (performance.now() - started) / 1_000, peakMiB: peak / 1_024, code, out, err })
      })
    },
  )

const rows: Array<string> = []
try {
  const runtime = makeRuntime(layerServer(database))
  const seeded = await runtime.runPromise(seedDemoWithHistory)
  if (seeded.history !== "seeded") throw new Error(`the demo history was not seeded: ${seeded.history}`)
  let generated = 0
  for (const [step, size] of SIZES.entries()) {
    const started = performance.now()
    await runtime.runPromise(insertGeneratedOrders(size - generated, { seed: 1_000 + step }))
    console.log(
      `generated ${size - generated} orders in ${((performance.now() - started) / 1_000).toFixed(1)} s`,
    )
    generated = size
    await admin(database, "VACUUM ANALYZE orders")
    const clean = await replay()
    const report = JSON.parse(clean.out || "{}")
    if (clean.code !== 0 || report.differences?.length !== 0)
      throw new Error(
        `audit fees was not clean (exit ${clean.code}): ${clean.err || clean.out.slice(0, 2_000)}`,
      )
    console.log(
      `replayed ${report.orders} orders (${JSON.stringify(report.byType)}) clean in ${clean.seconds.toFixed(1)} s, peak RSS ${clean.peakMiB.toFixed(0)} MiB`,
    )
    // One fee changed behind the app: found and named, alone.
    const [row] = await admin(
      database,
      "SELECT order_id, (record #>> '{paymentDetails,transactionFee}')::int AS fee FROM orders WHERE order_type = 'BUY' ORDER BY sequence DESC LIMIT 1",
    )
    const orderId = String(row!.order_id)
    const fee = Number(row!.fee)
    const edit = (value: number) =>
      admin(
        database,
        `UPDATE orders SET record = jsonb_set(record, '{paymentDetails,transactionFee}', '${value}') WHERE order_id = '${orderId}'`,
      )
    await edit(fee + 1)
    const tampered = await replay()
    await edit(fee)
    const found = JSON.parse(tampered.out || "{}").differences ?? []
    if (
      tampered.code !== 1 ||
      found.length !== 1 ||
      found[0].orderId !== orderId ||
      found[0].field !== "paymentDetails.transactionFee"
    )
      throw new Error(
        `the changed fee was not named alone (exit ${tampered.code}): ${tampered.out.slice(0, 2_000)}`,
      )
    console.log(
      `with ${orderId}'s fee changed: exit 1 naming it (${found[0].field} ${found[0].stored} ≠ ${found[0].recomputed}) in ${tampered.seconds.toFixed(1)} s`,
    )
    rows.push(
      `| ${Number(report.orders).toLocaleString("en-US")} | ${clean.seconds.toFixed(1)} s | ${clean.peakMiB.toFixed(0)} MiB | ${tampered.seconds.toFixed(1)} s |`,
    )
  }
  await runtime.dispose()
} finally {
  await admin(SERVER, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  fs.rmSync(dataDir, { recursive: true, force: true })
}

console.log(
  `\naudit fees on the PostgreSQL server (load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")}):\n`,
)
console.log(
  "| orders replayed | wall time (clean) | peak RSS | wall time (one fee changed: exit 1) |\n|---:|---:|---:|---:|",
)
for (const r of rows) console.log(r)
