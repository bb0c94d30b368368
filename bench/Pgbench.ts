/**
 * pgbench's built-in simple-update script on a database of its own, as the ceiling our figures are
 * compared with: the same server (the PostgreSQL server, or an embedded PGlite of its own for the embedded
 * figure), the same run, the same client counts.
 */
import { execFile, execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { promisify } from "node:util"

export interface PgbenchResult {
  readonly clients: number
  readonly tps: number
  readonly latencyMs: number
}

const connectionArgs = (url: URL): Array<string> => [
  "-h",
  url.hostname,
  "-p",
  url.port === "" ? "5432" : url.port,
  "-U",
  decodeURIComponent(url.username === "" ? "postgres" : url.username),
]

/** The embedded database (PGlite) as its socket serves it: the socket's folder, its user and database. */
export interface EmbeddedTarget {
  readonly socketDir: string
  readonly username: string
  readonly database: string
}

const run = (command: string, args: ReadonlyArray<string>, password: string): string =>
  execFileSync(command, args, {
    encoding: "utf8",
    env: { ...process.env, PGPASSWORD: password },
    stdio: ["ignore", "pipe", "pipe"],
  })

/** Creates `database` on the server of `serverUrl` and fills it with pgbench's tables (scale 1). */
export const initPgbench = (serverUrl: string, database: string): void => {
  const url = new URL(serverUrl)
  const password = decodeURIComponent(url.password)
  const adminDb = url.pathname.slice(1) || "postgres"
  run("psql", [...connectionArgs(url), "-d", adminDb, "-c", `DROP DATABASE IF EXISTS ${database}`], password)
  run("psql", [...connectionArgs(url), "-d", adminDb, "-c", `CREATE DATABASE ${database}`], password)
  run("pgbench", [...connectionArgs(url), "-i", "-q", database], password)
}

export const dropPgbench = (serverUrl: string, database: string): void => {
  const url = new URL(serverUrl)
  const adminDb = url.pathname.slice(1) || "postgres"
  run(
    "psql",
    [...connectionArgs(url), "-d", adminDb, "-c", `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`],
    decodeURIComponent(url.password),
  )
}

const simpleUpdate = (clients: number, seconds: number): Array<string> => [
  "-b",
  "simple-update",
  "-c",
  String(clients),
  "-j",
  String(Math.max(1, Math.min(clients, 2))),
  "-T",
  String(seconds),
]

/** Runs simple-update for `seconds` with `clients` connections; answers transactions per second. */
export const runPgbench = (
  serverUrl: string,
  database: string,
  clients: number,
  seconds: number,
): PgbenchResult => {
  const url = new URL(serverUrl)
  return readResult(
    clients,
    run(
      "pgbench",
      [...connectionArgs(url), ...simpleUpdate(clients, seconds), database],
      decodeURIComponent(url.password),
    ),
  )
}

/**
 * pgbench's tables (scale 1) on the embedded database, then simple-update for `seconds` with `clients`
 * connections through its socket. The tables are filled by the server (`-I dtGvp`: generate_series)
 * because the embedded socket does not take COPY from the client. Asynchronous: the embedded database
 * answers from this very process, whose event loop must keep running meanwhile.
 */
export const runPgbenchEmbedded = async (
  target: EmbeddedTarget,
  clients: number,
  seconds: number,
): Promise<PgbenchResult> => {
  const args = ["-h", target.socketDir, "-U", target.username]
  const pgbench = (more: ReadonlyArray<string>) =>
    promisify(execFile)("pgbench", [...args, ...more, target.database], { encoding: "utf8" }).then(
      ({ stdout, stderr }) => stdout + stderr,
    )
  await pgbench(["-i", "-q", "-I", "dtGvp"])
  return readResult(clients, await pgbench(simpleUpdate(clients, seconds)))
}

/**
 * Runs a custom pgbench script (its text) for `seconds` with `clients` connections on `database` of the server
 * of `serverUrl`, after `setup` (SQL run once with psql); prepared statements, as the app's driver uses them.
 */
export const runPgbenchScript = (
  serverUrl: string,
  database: string,
  script: string,
  setup: string,
  clients: number,
  seconds: number,
): PgbenchResult => {
  const url = new URL(serverUrl)
  const password = decodeURIComponent(url.password)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-pgbench-script-"))
  try {
    const file = path.join(dir, "script.sql")
    fs.writeFileSync(file, script)
    run("psql", [...connectionArgs(url), "-d", database, "-v", "ON_ERROR_STOP=1", "-c", setup], password)
    const args = [
      "-n",
      "-M",
      "prepared",
      "-f",
      file,
      "-c",
      String(clients),
      "-j",
      String(Math.max(1, Math.min(clients, 2))),
    ]
    return readResult(
      clients,
      run("pgbench", [...connectionArgs(url), ...args, "-T", String(seconds), database], password),
    )
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const readResult = (clients: number, output: string): PgbenchResult => {
  const tps = /tps = ([\d.]+)/.exec(output)
  const latency = /latency average = ([\d.]+) ms/.exec(output)
  if (tps === null || latency === null) throw new Error(`Could not read pgbench's output:\n${output}`)
  return { clients, tps: Number(tps[1]), latencyMs: Number(latency[1]) }
}
