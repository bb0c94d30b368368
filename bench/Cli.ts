/**
 * How long an admin waits for the CLI: wall-clock medians of `npx landunits --help`, an argument error
 * (`npx landunits --bogus`) and a read command (`npx landunits kyc list`) with the app running, each run as
 * its own process as an admin's shell runs it, beside the floor (`npx node -e 0`: npx finding a local
 * command and starting Node, nothing else) and `--help` without npx.
 *
 *   npm run bench:cli                      # starts the app on a temporary DATA_DIR with the demo data
 *   DATABASE_URL=postgres://… npm run bench:cli
 *   BENCH_RUNS=5 npm run bench:cli         # runs per command (default 3)
 *   LANDUNITS_ADMIN=ops@… npm run bench:cli  # the admin who reads (default: the demo member, made admin)
 *
 * Node's compile cache starts empty (its own temporary folder): the first run of each command is shown
 * apart ("first"), as after an install or an upgrade; the median is of the runs after it. Run from the
 * repository root, on the code there. With /usr/bin/time, the CPU seconds of each run (npx, npm and node
 * together) are given too: on a shared machine they move less than the wall clock.
 */
import { spawn, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"

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

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer()
    probe.on("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      probe.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject()))
    })
  })

/** The app as `npm start` runs it (without the web build), until /api/health answers. */
const startApp = async () => {
  const port = await freePort()
  const child = spawn(process.execPath, [path.join(ROOT, "cli/src/start.ts")], {
    cwd: ROOT,
    env: { ...env, HOST: "127.0.0.1", PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  })
  let errors = ""
  child.stderr.on("data", (chunk: Buffer) => {
    errors += chunk.toString("utf8")
  })
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited with ${child.exitCode}:\n${errors}`)
    const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined)
    if (health?.status === 200) return child
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  child.kill("SIGKILL")
  throw new Error(`The app did not answer /api/health within 180 s:\n${errors}`)
}

interface Run {
  readonly seconds: number
  readonly cpuSeconds: number | undefined
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** One command line as its own process, timed from spawn to exit. */
const run = (command: ReadonlyArray<string>): Run => {
  const [file, ...args] = TIME === undefined ? command : [TIME, "-f", "cpu %U %S", ...command]
  const started = performance.now()
  const done = spawnSync(file!, args, { cwd: ROOT, env, encoding: "utf8", input: "" })
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
}

const measure = (row: Row) => {
  const first = run(row.command)
  if (first.code !== row.expectCode) {
    throw new Error(
      `${row.command.join(" ")} exited ${first.code}, expected ${row.expectCode}:\n${first.stdout}${first.stderr}`,
    )
  }
  const runs = Array.from({ length: RUNS }, () => run(row.command))
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

const app = await startApp()
try {
  const given = process.env.LANDUNITS_ADMIN?.trim() ?? ""
  const admin = given === "" ? "demo@landunits.example" : given
  if (given === "") {
    const made = run(["npx", "landunits", "--yes", "users", "make-admin", admin])
    if (made.code !== 0) {
      throw new Error(`Could not make ${admin} an admin (set LANDUNITS_ADMIN to one):\n${made.stderr}`)
    }
  }
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
      name: "npx landunits kyc list (app running)",
      command: ["npx", "landunits", "--as", admin, "kyc", "list"],
      expectCode: 0,
      goalSeconds: 1.2,
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
  app.kill("SIGTERM")
  await new Promise((resolve) => (app.exitCode !== null ? resolve(undefined) : app.once("exit", resolve)))
  fs.rmSync(dataDir, { recursive: true, force: true })
  fs.rmSync(compileCache, { recursive: true, force: true })
}
