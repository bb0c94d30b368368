/**
 * The real server for browser tests: runs `node cli/src/start.ts` (the `npm start` entry) on a free port with a
 * DATA_DIR of its own (keys, mail files, and the embedded database where it has no server), serving the web build
 * that the project's global setup made current in web/builds (web/e2e/buildWeb.ts), and stops it afterwards.
 *
 * Its database: where DATABASE_URL names a PostgreSQL server (as in CI), a database of its own there, as production
 * runs; otherwise, or with `{ embedded: true }`, the embedded one in its DATA_DIR, as `npm start` on a fresh machine
 * runs. A first start migrates the database and seeds the demo's year of history (about 10 s on 2 cores). The
 * global setup does that once (`seedInstallation`) and each file's server starts from a copy of that installation
 * (its DATA_DIR, and its server database as a TEMPLATE), as a restarted installation does.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { currentBuild, DEFAULT_WEB_BUILDS_DIR } from "@landunits/adapters/http/server/WebBuilds.ts"
import { withDatabase } from "@landunits/test-support/DatabaseUrl.ts"
import { inject } from "vitest"

declare module "vitest" {
  export interface ProvidedContext {
    /** The installation after a first start (migrated, demo seeded), stopped: web/e2e/buildWeb.ts. */
    readonly seeded: SeededInstallation
  }
}

/** A first start's DATA_DIR for each database: the embedded one, and the server's (with its database) if any. */
export interface SeededInstallation {
  readonly embedded: string
  readonly server?: { readonly dataDir: string; readonly database: string }
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url))

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer()
    s.listen(0, "127.0.0.1", () => {
      const address = s.address()
      s.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      )
    })
  })

export interface RunningServer {
  readonly url: string
  readonly dataDir: string
  /** The PostgreSQL server database it runs on; undefined on the embedded one (in dataDir). */
  readonly databaseUrl: string | undefined
  readonly stop: () => Promise<void>
  /** Stops it and starts it again on the same DATA_DIR with `env` (a new port): an operator's restart. */
  readonly restart: (env: Readonly<Record<string, string>>) => Promise<RunningServer>
}

/**
 * Starts `node cli/src/start.ts` on DATA_DIR `dataDir` (and the server database `databaseUrl`, if any) and a free
 * port; resolves once /api/health answers.
 */
const spawnServer = async (
  dataDir: string,
  databaseUrl: string | undefined,
  env: Readonly<Record<string, string>>,
) => {
  const port = await freePort()
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
  }
  if (databaseUrl === undefined) delete childEnv.DATABASE_URL
  else childEnv.DATABASE_URL = databaseUrl
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, "cli/src/start.ts")], {
    cwd: ROOT,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  })
  let log = ""
  child.stdout?.on("data", (d) => {
    log += d
  })
  child.stderr?.on("data", (d) => {
    log += d
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`)
    try {
      const r = await fetch(`${url}/api/health`)
      if (r.ok) break
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`)
    await new Promise((r) => setTimeout(r, 300))
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r))
      child.kill("SIGTERM")
      await exited
    }
  }
  return { url, stop }
}

const newDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "landunits-web-e2e-"))

/** DATABASE_URL's server, where the run has one. */
const databaseServer = (): string | undefined => {
  const url = process.env.DATABASE_URL?.trim()
  return url === undefined || url === "" ? undefined : url
}

/** `statement` run on the server of `url` by psql (PostgreSQL's client, beside every server). */
const onServer = (url: string, statement: string) =>
  execFileSync("psql", ["-q", "-v", "ON_ERROR_STOP=1", url, "-c", statement], { stdio: "pipe" })

const newDatabaseName = () => `lu_e2e_${process.pid}_${Math.random().toString(36).slice(2, 10)}`

/** A first start and a clean stop on `dataDir` (and `databaseUrl`): migrated, the demo seeded, its keys made. */
const firstStart = async (dataDir: string, databaseUrl: string | undefined) => {
  const { stop } = await spawnServer(dataDir, databaseUrl, {})
  await stop()
}

/** The installations every file's server is copied from: on the embedded database, and on the server's if any. */
export const seedInstallation = async (): Promise<SeededInstallation> => {
  const embedded = newDataDir()
  const url = databaseServer()
  if (url === undefined) {
    await firstStart(embedded, undefined)
    return { embedded }
  }
  const database = newDatabaseName()
  onServer(url, `CREATE DATABASE ${database}`)
  const dataDir = newDataDir()
  await Promise.all([firstStart(embedded, undefined), firstStart(dataDir, withDatabase(url, database))])
  return { embedded, server: { dataDir, database } }
}

/** Removes what seedInstallation made. */
export const removeInstallation = (seeded: SeededInstallation) => {
  fs.rmSync(seeded.embedded, { recursive: true, force: true })
  const url = databaseServer()
  if (seeded.server === undefined || url === undefined) return
  fs.rmSync(seeded.server.dataDir, { recursive: true, force: true })
  onServer(url, `DROP DATABASE IF EXISTS ${seeded.server.database} WITH (FORCE)`)
}

/**
 * `env`: settings the server starts with besides the test's own (a crypto receiving address, say). The server starts
 * from a copy of the global setup's seeded installation: on a database of its own on DATABASE_URL's server where the
 * run has one, unless `embedded`, and on the embedded database in its DATA_DIR otherwise.
 */
export const startServer = async (
  env: Readonly<Record<string, string>> = {},
  { embedded = false }: { readonly embedded?: boolean } = {},
): Promise<RunningServer> => {
  if (currentBuild(DEFAULT_WEB_BUILDS_DIR) === undefined)
    throw new Error("No web build is current: the web-e2e project's global setup (e2e/buildWeb.ts) makes one")
  const seeded = inject("seeded")
  const url = databaseServer()
  const onTheServer = !embedded && seeded.server !== undefined && url !== undefined
  const dataDir = newDataDir()
  fs.cpSync(onTheServer ? seeded.server.dataDir : seeded.embedded, dataDir, { recursive: true })
  let databaseUrl: string | undefined
  let dropDatabase = () => {}
  if (onTheServer) {
    const database = newDatabaseName()
    onServer(url, `CREATE DATABASE ${database} TEMPLATE ${seeded.server.database}`)
    databaseUrl = withDatabase(url, database)
    dropDatabase = () => onServer(url, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
  }
  const running = (spawned: { url: string; stop: () => Promise<void> }): RunningServer => ({
    url: spawned.url,
    dataDir,
    databaseUrl,
    stop: async () => {
      await spawned.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
      dropDatabase()
    },
    restart: async (next) => {
      await spawned.stop()
      return running(await spawnServer(dataDir, databaseUrl, next))
    },
  })
  return running(await spawnServer(dataDir, databaseUrl, env))
}

const mailFiles = (dataDir: string, to: string): ReadonlyArray<string> => {
  const dir = path.join(dataDir, "mail")
  if (!fs.existsSync(dir)) return []
  const safe = to.replace(/[^a-zA-Z0-9@._-]/g, "_")
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml") && f.includes(safe))
    .sort()
    .reverse()
    .map((f) => path.join(dir, f))
}

/** How many emails were delivered to `to` so far (the outbox delivers them in the order they were sent). */
export const mailCount = (dataDir: string, to: string): number => mailFiles(dataDir, to).length

/** The newest link to `pathPrefix` in the emails sent to `to` (quoted-printable undone). */
export const linkFromMail = (dataDir: string, to: string, pathPrefix: string): string | undefined => {
  for (const f of mailFiles(dataDir, to)) {
    const text = fs
      .readFileSync(f, "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/gi, "=")
    const match = text.match(
      new RegExp(`https?://[^\\s"<>]*${pathPrefix.replace(/[/?]/g, "\\$&")}\\?token=[A-Za-z0-9_%.-]+`),
    )
    if (match) return match[0]
  }
  return undefined
}
