/**
 * How long an admin waits for the CLI: wall-clock medians of `npx landunits --help`, an argument error
 * (`npx landunits --bogus`) and a read command (`npx landunits kyc list`) with the app running, each run as
 * its own process as an admin's shell runs it, beside the floor (`npx node -e 0`: npx finding a local
 * command and starting Node, nothing else) and `--help` without npx.
 *
 *   npm run bench:cli                      # starts the app on a temporary DATA_DIR with the demo data
 *   DATABASE_URL=postgres://… npm run bench:cli
 *   BENCH_RUNS=5 npm run bench:cli         # runs per command (default 3)
 *   LANDUNITS_ADMIN=ops@… npm run bench:cli  # the admin who reads (default: the demo admin a development start seeds)
 *
 * Node's compile cache starts empty (its own temporary folder): the first run of each command is shown
 * apart ("first"), as after an install or an upgrade; the median is of the runs after it. Run from the
 * repository root, on the code there. With /usr/bin/time, the CPU seconds of each run (npx, npm and node
 * together) are given too: on a shared machine they move less than the wall clock.
 */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { DEMO_ADMIN_EMAIL } from "@landunits/adapters/demo/DemoHistory.ts"
import { startAppProcess } from "@landunits/test-support/AppProcess.ts"

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3))
const ROOT = process.cwd()
const loadBefore = os.loadavg()[0]!.toFixed(1)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-bench-cli-"))
const compileCache = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-bench-cli-cache-"))
const url = process.env.DATABASE_URL?.trim()
const TIME = fs.existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined

const env: Record<string, string | undefined> = {
  ...process.env,
  DATA_DIR: dataDir,
  NODE_COMPILE_CACHE: compileCache,
  LOG_LEVEL: "Warn",
}
delete env.NODE_DISABLE_COMPILE_CACHE

interface Run {
  readonly seconds: number
  readonly cpuSeconds: number | undefined
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** One command line as its own process, timed from spawn to exit. */
const run = (command: ReadonlyArray<string>, extraEnv: Readonly<Record<string, string>> = {}): Run => {
  const [file, ...args] = TIME === undefined ? command : [TIME, "-f", "cpu %U %S", ...command]
  const started = performance.now()
  const done = spawnSync(file!, args, {
    cwd: ROOT,
    env: { ...env, ...extraEnv },
    encoding: "utf8",
    input: "",
  })
  const seconds = (performance.now() - started) / 1000
  const cpu = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(done.stderr)
  return {
    seconds,
    cpuSeconds: cpu === null ? undefined : Number(cpu[1]) + Number(cpu[2]),
    code: done.status,
    stdout: done.stdout,
    stderr: done.stderr,
  }
}

const median = (values: ReadonlyArray<number>) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

interface Row {
  readonly name: string
  readonly command: ReadonlyArray<string>
  readonly expectCode: number
  readonly goalSeconds?: number
  readonly env?: Readonly<Record<string, string>>
}

const measure = (row: Row) => {
  const first = run(row.command, row.env)
  if (first.code !== row.expectCode) {
    throw new Error(
      `${row.command.join(" ")} exited ${first.code}, expected ${row.expectCode}:\n${first.stdout}${first.stderr}`,
    )
  }
  const runs = Array.from({ length: RUNS }, () => run(row.command, row.env))
  const cpu = runs.map((r) => r.cpuSeconds).filter((c) => c !== undefined)
  return {
    ...row,
    first: first.seconds,
    median: median(runs.map((r) => r.seconds)),
    min: Math.min(...runs.map((r) => r.seconds)),
    max: Math.max(...runs.map((r) => r.seconds)),
    cpu: cpu.length === runs.length ? median(cpu) : undefined,
  }
}

// The app as `npm start` runs it (without the web build; a development start seeds the demo admin).
const app = await startAppProcess({ DATA_DIR: dataDir, LOG_LEVEL: "Warn" }, 180_000)
try {
  // The demo admin a development start seeds, or LANDUNITS_ADMIN with DATABASE_URL's own admin.
  const admin = process.env.LANDUNITS_ADMIN?.trim() || DEMO_ADMIN_EMAIL
  const rows = [
    measure({
      name: "npx node -e 0 (the floor: npx finds a local command and starts Node)",
      command: ["npx", "node", "-e", "0"],
      expectCode: 0,
    }),
    measure({
      name: "node_modules/.bin/landunits --help (without npx)",
      command: [path.join(ROOT, "node_modules/.bin/landunits"), "--help"],
      expectCode: 0,
    }),
    measure({
      name: "npx landunits --help",
      command: ["npx", "landunits", "--help"],
      expectCode: 0,
      goalSeconds: 0.6,
    }),
    measure({
      name: "npx landunits --bogus (argument error)",
      command: ["npx", "landunits", "--bogus"],
      expectCode: 1,
      goalSeconds: 0.6,
    }),
    measure({
      name: "npx landunits kyc list (app running: answered on its admin socket)",
      command: ["npx", "landunits", "--as", admin, "kyc", "list"],
      expectCode: 0,
      goalSeconds: 1.2,
    }),
    measure({
      name: "node_modules/.bin/landunits kyc list (without npx, admin socket)",
      command: [path.join(ROOT, "node_modules/.bin/landunits"), "--as", admin, "kyc", "list"],
      expectCode: 0,
    }),
    measure({
      name: "npx landunits kyc list in the CLI's own process (LANDUNITS_CLI_LOCAL=1)",
      command: ["npx", "landunits", "--as", admin, "kyc", "list"],
      expectCode: 0,
      env: { LANDUNITS_CLI_LOCAL: "1" },
    }),
  ]
  const s = (seconds: number) => seconds.toFixed(2)
  console.log(
    `Admin CLI, ${RUNS} run(s) per command after a first one, ${url ? "PostgreSQL server" : "embedded PGlite"} with the app running, ${os.cpus().length} cores; 1-min load average ${loadBefore} before, ${os.loadavg()[0]!.toFixed(1)} after (other processes share the cores)`,
  )
  console.log("| command | first s | median s | min–max s | CPU s (median) | goal |")
  console.log("|---|---:|---:|---:|---:|---|")
  for (const r of rows) {
    const goal =
      r.goalSeconds === undefined
        ? ""
        : `≤ ${r.goalSeconds} s: ${r.median <= r.goalSeconds ? "met" : "not met"}`
    console.log(
      `| ${r.name} | ${s(r.first)} | **${s(r.median)}** | ${s(r.min)}–${s(r.max)} | ${r.cpu === undefined ? "-" : s(r.cpu)} | ${goal} |`,
    )
  }
} finally {
  await app.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
  fs.rmSync(compileCache, { recursive: true, force: true })
}
