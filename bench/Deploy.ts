/**
 * The rolling restart of a release, deployed as documented (issues 28 and 39): two app processes (`npm run serve`,
 * as the systemd units run it: NODE_ENV=production, SHUTDOWN_DRAIN_SECONDS) behind HAProxy, PgBouncer in session
 * mode between them and a fresh database on the PostgreSQL server, both configured from docs/deploy/
 * (test-support/src/DeployStack.ts). The processes serve the current web build (`npm run build` first when there
 * is none). Clients make bank buys through HAProxy back to back (the demo member, each buy with its own
 * idempotency key), and guests load the home page and every script and style sheet it names, while the release
 * happens: `npm run build` makes a new web build on the same host, then each process in turn is stopped with
 * SIGTERM to npm's PID (its health answers 503, HAProxy takes it out, it drains and exits), started again on the
 * new build and taken back in. Printed: requests, failures (any answer but 200, or none), orders acknowledged and
 * lost (acknowledged but not in the database), p50/p99/max latency before and during the restarts, the pages and
 * assets loaded and those that failed (404s apart), and each restart's timeline.
 *
 *   npm run bench:deploy                              # server from DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test
 *   BENCH_CLIENTS=32 BENCH_PAGE_CLIENTS=4 BENCH_STEADY_SECONDS=10 npm run bench:deploy
 *   BENCH_DRAIN_SECONDS=5 npm run bench:deploy        # each process's SHUTDOWN_DRAIN_SECONDS
 *   BENCH_RELEASE=0 npm run bench:deploy              # no new build: the restarts alone
 *
 * Needs haproxy, pgbouncer and psql on PATH (`.ci/run` installs them); exits 1 when a request or an asset failed
 * or an order was lost.
 */
import { execFileSync, spawn } from "node:child_process"
import * as os from "node:os"
import { currentBuild, DEFAULT_WEB_BUILDS_DIR } from "@landunits/adapters/http/server/WebBuilds.ts"
import { missingTools, startDeployStack } from "@landunits/test-support/DeployStack.ts"
import { type Answer, percentile, runRollingRestart } from "@landunits/test-support/RollingRestart.ts"

const SERVER = process.env.DATABASE_URL?.trim() || "postgres://postgres@127.0.0.1:5432/test"
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16)
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 5)
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 5)
const PAGE_CLIENTS = Number(process.env.BENCH_PAGE_CLIENTS ?? 2)
const RELEASE = process.env.BENCH_RELEASE !== "0"

/** `npm run build`, as an operator runs it for a release, on this host while the processes serve. */
const npmRunBuild = () =>
  new Promise<void>((resolve, reject) => {
    const build = spawn("npm", ["run", "build"], { stdio: "inherit" })
    build.once("error", reject)
    build.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`npm run build exited ${code}`))))
  })

const missing = missingTools()
if (missing.length > 0) {
  console.error(
    `Missing on PATH: ${missing.join(", ")} (apt-get install -y haproxy pgbouncer postgresql-client)`,
  )
  process.exit(2)
}

const loadBefore = os.loadavg()[0]!.toFixed(1)
const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim()
const versions = [
  execFileSync("haproxy", ["-v"], { encoding: "utf8" }).split("\n")[0]!.split(" - ")[0]!,
  execFileSync("pgbouncer", ["--version"], { encoding: "utf8" }).split("\n")[0]!,
  execFileSync("psql", ["-qAt", SERVER, "-c", "SHOW server_version"], { encoding: "utf8" }).trim(),
]
if (currentBuild(DEFAULT_WEB_BUILDS_DIR) === undefined) await npmRunBuild()
const builtBefore = currentBuild(DEFAULT_WEB_BUILDS_DIR)!.id
const stack = await startDeployStack({ serverUrl: SERVER, drainSeconds: DRAIN_SECONDS })
let failed = true
try {
  let buildMs = 0
  const result = await runRollingRestart(stack, {
    clients: CLIENTS,
    pageClients: PAGE_CLIENTS,
    steadyMs: STEADY_SECONDS * 1000,
    ...(RELEASE
      ? {
          release: async () => {
            const began = performance.now()
            await npmRunBuild()
            buildMs = performance.now() - began
          },
        }
      : {}),
  })
  const { from, to } = result.restartWindow
  const row = (name: string, of: ReadonlyArray<Answer>, seconds: number) => {
    const ms = of.map((a) => a.end - a.start)
    const failures = of.filter((a) => a.status !== 200).length
    return `| ${name} | ${of.length} | ${(of.length / seconds).toFixed(0)} | ${failures} | ${percentile(ms, 50).toFixed(0)} | ${percentile(ms, 99).toFixed(0)} | ${Math.max(0, ...ms).toFixed(0)} |`
  }
  const total = Math.max(...result.answers.map((a) => a.end)) / 1000
  const before = result.answers.filter((a) => a.end < from)
  const during = result.answers.filter((a) => a.end >= from && a.start <= to)
  const failures = result.answers.filter((a) => a.status !== 200)
  const pageFailures = result.pages.filter((p) => p.status !== 200)
  const assetFailures = result.assets.filter((a) => a.status !== 200)
  const through = result.assets.filter((a) => a.via === "haproxy")
  const builtAfter = currentBuild(DEFAULT_WEB_BUILDS_DIR)!.id
  console.log(
    [
      `Rolling restart on commit ${commit}: 2 app processes (npm run serve, production) behind ${versions[0]}, ${versions[1]} (session mode), PostgreSQL ${versions[2]}; ${CLIENTS} clients buying and ${PAGE_CLIENTS} loading / with its assets through HAProxy; SHUTDOWN_DRAIN_SECONDS=${DRAIN_SECONDS}; ${os.cpus().length} cores, 1-min load average ${loadBefore} before, ${os.loadavg()[0]!.toFixed(1)} after`,
      RELEASE
        ? `Release: web build ${builtBefore} → ${builtAfter} (npm run build, ${(buildMs / 1000).toFixed(1)} s, during the load, before the first restart)`
        : `No release: every process served web build ${builtBefore}`,
      "",
      "| window | requests | req/s | failed | p50 ms | p99 ms | max ms |",
      "|---|---:|---:|---:|---:|---:|---:|",
      row("before the restarts", before, from / 1000),
      row("during the restarts (first SIGTERM to last back UP)", during, (to - from) / 1000),
      row("whole run", result.answers, total),
      "",
      `requests ${result.answers.length}, failed ${failures.length}, orders acknowledged ${result.acknowledged}, lost ${result.lost.length}; HAProxy connection retries ${result.retries}, redispatched ${result.redispatches}`,
      `pages ${result.pages.length} (failed ${pageFailures.length}) of ${result.pageBuilds.length} builds; assets through HAProxy ${through.length}, asked of each process after each restart ${result.assets.length - through.length}; failed ${assetFailures.length}, of them 404 ${assetFailures.filter((a) => a.status === 404).length}`,
      "",
      "| process | health 503 | HAProxy DOWN | exited | started again (health 200) | HAProxy UP |",
      "|---|---:|---:|---:|---:|---:|",
      ...result.restarts.map(
        (r) =>
          `| ${r.name} | ${r.unreadyMs} ms | ${r.downMs} ms | ${r.exitedMs} ms | ${r.startedMs} ms | ${r.upMs} ms |`,
      ),
      "(ms after its SIGTERM)",
    ].join("\n"),
  )
  for (const f of failures.slice(0, 10))
    console.log(`failed at ${f.start.toFixed(0)} ms: ${f.status} ${f.error}`)
  for (const f of pageFailures.slice(0, 10))
    console.log(`page failed at ${f.start.toFixed(0)} ms: ${f.status} ${f.error ?? ""}`)
  for (const f of assetFailures.slice(0, 10))
    console.log(`asset failed at ${f.start.toFixed(0)} ms: ${f.status} ${f.path} via ${f.via}`)
  if (result.lost.length > 0) console.log(`lost: ${result.lost.slice(0, 10).join(", ")}`)
  failed =
    failures.length > 0 || result.lost.length > 0 || pageFailures.length > 0 || assetFailures.length > 0
  if (failed && process.env.BENCH_LOGS === "1") console.log(stack.logs())
} finally {
  await stack.stop()
}
process.exit(failed ? 1 : 0)
