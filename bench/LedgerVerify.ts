/**
 * How long `landunits ledger verify` takes over a million ledger transfers, and how much memory it holds while it
 * reads them (issue 21: under 60 s, in constant memory).
 *
 *   npm run bench:verify                                  # 100,000 then 1,000,000 transfers, PostgreSQL server
 *   BENCH_SIZES=10000,100000 npm run bench:verify         # other sizes (ascending)
 *   BENCH_DATABASE=embedded BENCH_SIZES=100000 npm run bench:verify   # the embedded database (PGlite)
 *   BENCH_HEAP_MB=64 npm run bench:verify                 # the CLI's JavaScript heap capped (--max-old-space-size)
 *
 * The server is DATABASE_URL's, else postgres://postgres@127.0.0.1:5432/test; the benchmark makes a database of
 * its own there and drops it afterwards. The transfers are appended through the app's LedgerStore (the same SQL,
 * triggers and hash chains as an order's transfers), 1,000 a statement: issuance → a member's owned Units, over
 * 1,000 members and the four unit types, with an audit entry every 10,000 transfers. At each size a signed
 * checkpoint is taken (the first reads every transfer, a later one only those since the last: its time is
 * printed), then the admin CLI runs `ledger verify` as an admin runs it (every chain, balance and checkpoint, so
 * the Merkle tree is recomputed over every transfer), an OS process on the pinned Node; its wall time and its peak
 * resident memory (VmHWM, read from /proc while it runs) are printed. The same peak at 100,000 and at 1,000,000
 * transfers is what "constant memory" means here: the command keeps one page of rows (5,000) and the chains'
 * running state, never the ledger.
 */
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { PgClient } from "@effect/sql-pg"
import { Effect, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import { layerEmbedded, layerServer } from "../adapters/src/postgres/Database.ts"
import { makeRuntime } from "../cli/src/Admin.ts"
import { AccountRepository } from "../core/src/accounts/ports/AccountRepository.ts"
import { AuditLog } from "../core/src/audit/ports/AuditLog.ts"
import { LedgerCheckpointService } from "../core/src/ledger/LedgerCheckpointService.ts"
import { member, platform, type Transfer } from "../core/src/ledger/LedgerModel.ts"
import { LedgerStore } from "../core/src/ledger/ports/LedgerStore.ts"
import { UnitTypes } from "../core/src/shared/Enums.ts"
import { MemberId, OrderId, TransferId } from "../core/src/shared/Ids.ts"

const ROOT = fileURLToPath(new URL("..", import.meta.url))
const CLI = path.join(ROOT, "cli/bin/landunits.js")
const SIZES = (process.env.BENCH_SIZES ?? "100000,1000000").split(",").map(Number)
const EMBEDDED = process.env.BENCH_DATABASE === "embedded"
/**
 * A cap on the verifying process's heap: at a million transfers under a small cap, the run shows that what the
 * verifier keeps does not grow with the ledger (V8 otherwise lets the heap grow under a high allocation rate).
 */
const HEAP_MB = process.env.BENCH_HEAP_MB
const SERVER = process.env.DATABASE_URL?.trim() || "postgres://postgres@127.0.0.1:5432/test"
const BATCH = 1_000
const MEMBERS = 1_000
const ADMIN = "bench-admin@landunits.example"

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-bench-verify-"))
// The app's files (its development keys) go there too, for this process as for the CLI's.
process.env.DATA_DIR = dataDir

/** A database of the benchmark's own on the server (dropped at the end), or none for the embedded one. */
const serverDatabase = async () => {
  const name = `landunits_bench_verify_${process.pid}`
  const admin = (statement: string) =>
    Effect.runPromise(
      Effect.gen(function* () {
        yield* (yield* SqlClient.SqlClient).unsafe(statement)
      }).pipe(Effect.provide(PgClient.layer({ url: Redacted.make(SERVER), maxConnections: 1 }))),
    )
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(SERVER)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

const database = EMBEDDED ? undefined : await serverDatabase()
const openRuntime = () =>
  makeRuntime(database === undefined ? layerEmbedded(dataDir) : layerServer(database.url))

const transfer = (i: number): Transfer => ({
  transferId: TransferId.make(`trf_bench_${i}`),
  unitType: UnitTypes[i % UnitTypes.length]!,
  from: platform("issuance"),
  to: member(MemberId.make(`mem_bench_${i % MEMBERS}`), "owned"),
  units: 1 + (i % 50),
  orderId: OrderId.make(`ord_bench_${Math.floor(i / 2)}`),
  at: 1_700_000_000_000 + i * 1_000,
})

/** Appends transfers `from` … `to - 1` (and an audit entry every 10,000), as the app appends an order's. */
const append = (from: number, to: number) =>
  Effect.gen(function* () {
    const ledger = yield* LedgerStore
    const audit = yield* AuditLog
    for (let start = from; start < to; start += BATCH) {
      const batch: Array<Transfer> = []
      for (let i = start; i < Math.min(start + BATCH, to); i++) batch.push(transfer(i))
      yield* ledger.append(batch)
      if (start % 10_000 === 0) {
        yield* audit.append({
          actor: MemberId.make("mem_bench_admin"),
          action: "orders.confirmPayment",
          subject: `order:ord_bench_${start}`,
          details: { note: `bench entry ${start}` },
          at: 1_700_000_000_000 + start * 1_000,
        })
      }
    }
  })

const addAdmin = Effect.gen(function* () {
  yield* (yield* AccountRepository).insert({
    memberId: MemberId.make("mem_bench_admin"),
    email: ADMIN,
    firstName: "Bench",
    lastName: "Admin",
    userType: "USER",
    role: "admin",
    passwordHash: "x",
    emailConfirmedAt: 1,
    firstLogin: false,
    createdAt: 1,
  })
})

/** The peak resident memory of process `pid` so far, in KiB (0 once it has exited). */
const peakKiB = (pid: number): number => {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8")
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0)
  } catch {
    return 0
  }
}

/** `landunits --as ADMIN ledger verify` as an OS process: its wall time, peak RSS, exit code and what it
 * said (its answer, or its errors when it failed). */
const verify = () =>
  new Promise<{ seconds: number; peakMiB: number; code: number | null; said: string }>((resolve, reject) => {
    const env: Record<string, string | undefined> = {
      ...process.env,
      DATA_DIR: dataDir,
      LANDUNITS_CLI_LOCAL: "1",
    }
    delete env.DATABASE_URL
    if (database !== undefined) env.DATABASE_URL = database.url
    const started = performance.now()
    const heap = HEAP_MB === undefined ? [] : [`--max-old-space-size=${HEAP_MB}`]
    const child = spawn(process.execPath, [...heap, CLI, "--as", ADMIN, "ledger", "verify"], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    })
    let peak = 0
    const sampler = setInterval(() => {
      peak = Math.max(peak, peakKiB(child.pid ?? 0))
    }, 100)
    let said = ""
    let errors = ""
    child.stdout.on("data", (b: Buffer) => {
      said += b.toString("utf8")
    })
    child.stderr.on("data", (b: Buffer) => {
      errors += b.toString("utf8")
    })
    child.on("error", reject)
    child.on("close", (code) => {
      clearInterval(sampler)
      resolve({
        seconds: (performance.now() - started) / 1_000,
        peakMiB: peak / 1_024,
        code,
        said: code === 0 ? said.trim() : errors.trim(),
      })
    })
  })

const rows: Array<string> = []
try {
  let appended = 0
  let runtime = openRuntime()
  await runtime.runPromise(addAdmin)
  for (const size of SIZES) {
    const started = performance.now()
    await runtime.runPromise(append(appended, size))
    console.log(
      `appended ${size - appended} transfers in ${((performance.now() - started) / 1_000).toFixed(1)} s`,
    )
    appended = size
    const signing = performance.now()
    const { checkpoint } = await runtime.runPromise(Effect.flatMap(LedgerCheckpointService, (c) => c.take))
    const checkpointSeconds = (performance.now() - signing) / 1_000
    console.log(
      `checkpoint #${checkpoint.number} of ${checkpoint.treeSize} transfers in ${checkpointSeconds.toFixed(1)} s`,
    )
    // The embedded database has one owner: the CLI opens it itself, so this process lets it go first.
    if (EMBEDDED) await runtime.dispose()
    const result = await verify()
    if (result.code !== 0) throw new Error(`ledger verify exited ${result.code}: ${result.said}`)
    console.log(`verified ${size} transfers: ${result.said}`)
    rows.push(
      `| ${size.toLocaleString("en-US")} | ${result.seconds.toFixed(1)} s | ${result.peakMiB.toFixed(0)} MiB | ${checkpointSeconds.toFixed(1)} s |`,
    )
    if (EMBEDDED) runtime = openRuntime()
  }
  await runtime.dispose()
} finally {
  await database?.drop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}

console.log(`\nledger verify on the ${EMBEDDED ? "embedded database (PGlite)" : "PostgreSQL server"}:\n`)
if (HEAP_MB !== undefined) console.log(`(the verifying process's heap capped at ${HEAP_MB} MB)\n`)
console.log("| transfers | verify wall time | verify peak RSS | checkpoint taken in |\n|---:|---:|---:|---:|")
for (const row of rows) console.log(row)
