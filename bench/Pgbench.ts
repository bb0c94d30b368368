/**
 * pgbench's built-in simple-update script on a database of its own, as the ceiling our figures are
 * compared with: the same server, the same run, the same client counts.
 */
import { execFileSync } from "node:child_process"

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

/** Runs simple-update for `seconds` with `clients` connections; answers transactions per second. */
export const runPgbench = (
  serverUrl: string,
  database: string,
  clients: number,
  seconds: number,
): PgbenchResult => {
  const url = new URL(serverUrl)
  const threads = Math.max(1, Math.min(clients, 2))
  const output = run(
    "pgbench",
    [
      ...connectionArgs(url),
      "-b",
      "simple-update",
      "-c",
      String(clients),
      "-j",
      String(threads),
      "-T",
      String(seconds),
      database,
    ],
    decodeURIComponent(url.password),
  )
  const tps = /tps = ([\d.]+)/.exec(output)
  const latency = /latency average = ([\d.]+) ms/.exec(output)
  if (tps === null || latency === null) throw new Error(`Could not read pgbench's output:\n${output}`)
  return { clients, tps: Number(tps[1]), latencyMs: Number(latency[1]) }
}
