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

/** Accounts the peer ledger's transfers move between (pgbench's simple-update spreads over 100,000). */
const PEER_ACCOUNTS = 10_000

/**
 * A peer ledger in pure PostgreSQL (pgledger, whose SQL the reader supplies: `BENCH_PEER_SQL=path`, not committed)
 * on a fresh database of the server: PEER_ACCOUNTS accounts (negative balances allowed, so any transfer goes
 * through), then one `pgledger_create_transfer` of 1 (a literal its amount type takes: money now, numeric at first)
 * between two accounts at random per transaction, for
 * `seconds` with `clients` connections. Answers transfers per second.
 */
export const runPeerLedger = (
  serverUrl: string,
  database: string,
  peerSql: string,
  clients: number,
  seconds: number,
): PgbenchResult => {
  const url = new URL(serverUrl)
  const password = decodeURIComponent(url.password)
  const adminDb = url.pathname.slice(1) || "postgres"
  const psql = (...args: ReadonlyArray<string>) =>
    run("psql", [...connectionArgs(url), "-v", "ON_ERROR_STOP=1", "-q", ...args], password)
  psql("-d", adminDb, "-c", `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
  psql("-d", adminDb, "-c", `CREATE DATABASE ${database}`)
  try {
    psql("-d", database, "-f", peerSql)
    // pgledger_create_account takes (name, currency) in its current version and (name) in its first.
    const create = (currency: boolean) =>
      psql(
        "-d",
        database,
        "-c",
        `SELECT count(*) FROM generate_series(1, ${PEER_ACCOUNTS}) AS i, pgledger_create_account('acct_' || i${currency ? ", 'USD'" : ""})`,
      )
    try {
      create(true)
    } catch {
      create(false)
    }
    // Any transfer goes through; the script finds an account by its name, through an index of ours.
    psql(
      "-d",
      database,
      "-c",
      "UPDATE pgledger_accounts SET allow_negative_balance = true, allow_positive_balance = true",
    )
    psql(
      "-d",
      database,
      "-c",
      "CREATE INDEX bench_peer_account_name ON pgledger_accounts (name); ANALYZE pgledger_accounts",
    )
    const script = `\\set a random(1, ${PEER_ACCOUNTS})
\\set b random(1, ${PEER_ACCOUNTS - 1})
SELECT * FROM pgledger_create_transfer(
  (SELECT id FROM pgledger_accounts WHERE name = 'acct_' || (:a)::int),
  (SELECT id FROM pgledger_accounts WHERE name = 'acct_' || (CASE WHEN (:b)::int >= (:a)::int THEN (:b)::int + 1 ELSE (:b)::int END)),
  '1');
`
    return runPgbenchScript(serverUrl, database, script, "SELECT 1", clients, seconds)
  } finally {
    psql("-d", adminDb, "-c", `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
  }
}
