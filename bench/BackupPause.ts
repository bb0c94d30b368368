/**
 * What `landunits db backup` costs the members of an app on the embedded database (issue 28): PGlite is one
 * backend, so while it dumps its files every query waits. The app runs as an operator starts it (development,
 * demo data, a fresh DATA_DIR), optionally grown by BENCH_PAD_MB of padding rows; four members' worth of bank
 * buys run through its API without a pause, for 5 s alone and then while the CLI takes a backup. Printed: the
 * data directory's size, the dump's pause (as the app measured it), the backup's wall time and size, and the
 * buys' latency (p50, p99, max) and failures before and during the backup.
 *
 *   npm run bench:backup                      # the demo installation
 *   BENCH_PAD_MB=100 npm run bench:backup     # grown by about 100 MB of table data first
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { apiClient } from "@landunits/test-support/ApiClient.ts"
import { startAppProcess } from "@landunits/test-support/AppProcess.ts"
import { runCliProcess } from "@landunits/test-support/CliProcess.ts"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { DEMO_EMAIL, DEMO_PASSWORD } from "../adapters/src/demo/DemoSeed.ts"
import { layerEmbedded } from "../adapters/src/postgres/Database.ts"

const padMb = Number(process.env.BENCH_PAD_MB ?? 0)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-bench-backup-"))
const app = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL: "", LOG_FORMAT: "logfmt" })

const percentile = (sorted: ReadonlyArray<number>, p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

try {
  if (padMb > 0) {
    // About 75 bytes a row on disk with its index: md5 text and a bigint.
    await Effect.runPromise(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql.unsafe(
          `CREATE TABLE bench_padding AS SELECT md5(g::text) AS a, g::bigint AS b FROM generate_series(1, ${Math.round((padMb * 1024 * 1024) / 75)}) g`,
        )
        yield* sql.unsafe("CHECKPOINT")
      }).pipe(Effect.provide(layerEmbedded(dataDir)), Effect.scoped),
    )
  }
  const dirMb = Number(
    execFileSync("du", ["-sm", path.join(dataDir, "pg")], { encoding: "utf8" }).split("\t")[0],
  )

  const client = apiClient(() => app.baseUrl)
  await client.get("/api/health")
  const login = await client.post("/api/auth/login", { email: DEMO_EMAIL, password: DEMO_PASSWORD })
  if (login.status !== 200) throw new Error(`Sign-in answered ${login.status}`)

  interface Sample {
    readonly start: number
    readonly end: number
    readonly ok: boolean
  }
  const samples: Array<Sample> = []
  let stopped = false
  let n = 0
  const lane = async () => {
    while (!stopped) {
      const start = performance.now()
      const response = await client.post(
        "/api/order/create_order",
        {
          orderType: "BUY",
          confirmsBusinessPurpose: true,
          currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 1 },
          paymentDetails: { paymentMethod: "bank" },
        },
        { headers: { "idempotency-key": `bench-backup-${n++}` } },
      )
      await response.text()
      samples.push({ start, end: performance.now(), ok: response.status === 200 })
    }
  }
  const lanes = Promise.all([lane(), lane(), lane(), lane()])
  await new Promise((r) => setTimeout(r, 5_000))
  const backupStart = performance.now()
  const file = path.join(dataDir, "..", `${path.basename(dataDir)}.backup`)
  const backup = await runCliProcess({ kind: "embedded", dataDir }, ["--json", "db", "backup", "--to", file])
  const backupEnd = performance.now()
  await new Promise((r) => setTimeout(r, 1_000))
  stopped = true
  await lanes
  if (backup.code !== 0) throw new Error(`The backup failed: ${backup.stderr}`)
  const taken = JSON.parse(backup.stdout) as { pausedMs: number; bytes: number }

  const summary = (name: string, of: ReadonlyArray<Sample>) => {
    const ms = of.map((s) => s.end - s.start).sort((a, b) => a - b)
    return `${name.padEnd(18)} ${String(of.length).padStart(5)} buys  p50 ${percentile(ms, 50).toFixed(0).padStart(5)} ms  p99 ${percentile(ms, 99).toFixed(0).padStart(5)} ms  max ${(ms.at(-1) ?? 0).toFixed(0).padStart(5)} ms  failed ${of.filter((s) => !s.ok).length}`
  }
  console.log(`data directory (DATA_DIR/pg): ${dirMb} MB; padding: ${padMb} MB`)
  console.log(
    `backup: ${(taken.bytes / 1024 / 1024).toFixed(1)} MB in ${((backupEnd - backupStart) / 1000).toFixed(1)} s (CLI process, start to exit); the app's queries waited ${taken.pausedMs} ms for the dump`,
  )
  console.log(
    summary(
      "before the backup",
      samples.filter((s) => s.end < backupStart),
    ),
  )
  console.log(
    summary(
      "during the backup",
      samples.filter((s) => s.end >= backupStart && s.start <= backupEnd),
    ),
  )
  fs.rmSync(file, { force: true })
} finally {
  await app.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
