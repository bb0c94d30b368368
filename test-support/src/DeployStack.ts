/**
 * The product deployed as docs/operations.md says, on this machine, for `npm run bench:deploy` and its test:
 * app processes (`npm run serve`, as the systemd units in docs/deploy/ run it: NODE_ENV=production, each with
 * SHUTDOWN_DRAIN_SECONDS, serving the web build current in `webBuilds`) behind HAProxy,
 * with PgBouncer (session mode) between them and a fresh database on a PostgreSQL server. HAProxy and PgBouncer
 * run as child processes on free ports, configured from the templates in docs/deploy/ (the ones
 * docs/operations.md shows), in a temporary folder; no system service is touched. `restart` stops one app
 * process as a process manager does (SIGTERM to npm's PID), watches HAProxy take it out of rotation, and starts it
 * again.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { type AppProcess, freePort, startAppProcess } from "./AppProcess.ts"
import { withDatabase } from "./DatabaseUrl.ts"

const DEPLOY = fileURLToPath(new URL("../../docs/deploy/", import.meta.url))

/** The user docs/deploy/pgbouncer.ini's console admits (`admin_users`), as docs/operations.md names it. */
export const PGBOUNCER_ADMIN_USER = "pgbouncer_admin"

/** The template at docs/deploy/`name` with every `${NAME}` replaced; a name without a value is refused. */
export const renderTemplate = (name: string, values: Readonly<Record<string, string>>): string =>
  fs.readFileSync(path.join(DEPLOY, name), "utf8").replace(/\$\{([A-Z0-9_]+)\}/g, (_, key: string) => {
    const value = values[key]
    if (value === undefined) throw new Error(`docs/deploy/${name} names \${${key}}, which has no value`)
    return value
  })

/** The Debian packages the stack needs that are not on PATH (`.ci/run` installs them). */
export const missingTools = (): ReadonlyArray<string> =>
  ["haproxy", "pgbouncer", "psql"].filter((tool) => {
    try {
      execFileSync("sh", ["-c", `command -v ${tool}`], { stdio: "ignore" })
      return false
    } catch {
      return true
    }
  })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const waitFor = async (what: string, check: () => Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return
    await sleep(25)
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1")
    socket.once("connect", () => {
      socket.destroy()
      resolve(true)
    })
    socket.once("error", () => resolve(false))
  })

/** A child process whose output is kept (for the report when something fails). */
const child = (command: string, args: ReadonlyArray<string>) => {
  const process_ = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] })
  let output = ""
  process_.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8")
  })
  process_.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8")
  })
  return { process: process_, output: () => output }
}

const stopChild = async (c: ChildProcess) => {
  if (c.exitCode !== null || c.signalCode !== null) return
  const exited = new Promise((resolve) => c.once("exit", resolve))
  c.kill("SIGTERM")
  await exited
}

const psql = (url: string, statement: string) =>
  execFileSync("psql", ["-qAt", "-v", "ON_ERROR_STOP=1", url, "-c", statement], { encoding: "utf8" })

/** HAProxy's view of one app process: `UP`, `DOWN`, `UP 1/2` (going down), `DOWN 1/2` (coming up), … */
export interface ServerState {
  readonly status: string
  /** Connection attempts retried (`wretr`) and requests sent to another server instead (`wredis`). */
  readonly retries: number
  readonly redispatches: number
}

/** One app process's restart, in ms from its SIGTERM. */
export interface RestartTimeline {
  readonly name: string
  /** Its own /api/health first answered 503. */
  readonly unreadyMs: number
  /** HAProxy marked it DOWN (no new request goes to it from then on). */
  readonly downMs: number
  /** The process exited (the drain, then the requests in flight). */
  readonly exitedMs: number
  /** The new process answered its own /api/health 200. */
  readonly startedMs: number
  /** HAProxy marked it UP again. */
  readonly upMs: number
}

export interface DeployStackOptions {
  /** A PostgreSQL server URL whose user may create databases; the stack makes a fresh one there. */
  readonly serverUrl: string
  readonly processes?: number
  readonly drainSeconds?: number
  /** The web builds folder the processes serve from (WEB_BUILDS_DIR; `npm run build`'s by default). */
  readonly webBuilds?: string
}

export interface DeployStack {
  /** HAProxy's address: what members reach. */
  readonly baseUrl: string
  /** Each app process's own address, by name. */
  readonly appUrl: (name: string) => string
  /** The fresh database, directly (not through PgBouncer). */
  readonly databaseUrl: string
  readonly names: ReadonlyArray<string>
  readonly serverStates: () => Promise<Record<string, ServerState>>
  readonly restart: (index: number) => Promise<RestartTimeline>
  /** SQL on the database directly, one value per row and line. */
  readonly query: (statement: string) => string
  /** HAProxy's and PgBouncer's output so far, and each app process's. */
  readonly logs: () => string
  readonly stop: () => Promise<void>
}

/** HAProxy as docs/deploy/haproxy.cfg configures it, listening on a free loopback port. */
export interface Haproxy {
  /** Where members connect. */
  readonly baseUrl: string
  readonly adminSocket: string
  readonly output: () => string
  readonly stop: () => Promise<void>
}

/**
 * HAProxy from docs/deploy/haproxy.cfg, its files in `dir`, in front of the two app processes at `apps`
 * (`HOST:PORT`; the same one twice for a single process). Resolves once it listens; its health checks may not
 * have marked the processes UP yet.
 */
export const startHaproxy = async (dir: string, apps: readonly [string, string]): Promise<Haproxy> => {
  const port = await freePort()
  const adminSocket = path.join(dir, "haproxy.sock")
  const config = path.join(dir, "haproxy.cfg")
  fs.writeFileSync(
    config,
    renderTemplate("haproxy.cfg", {
      HAPROXY_ADMIN_SOCKET: adminSocket,
      HAPROXY_BIND: `127.0.0.1:${port}`,
      APP_1_ADDRESS: apps[0],
      APP_2_ADDRESS: apps[1],
    }),
  )
  const haproxy = child("haproxy", ["-db", "-f", config])
  try {
    await waitFor("HAProxy to listen", () => accepts(port), 10_000)
  } catch (error) {
    await stopChild(haproxy.process)
    throw new Error(`${String(error)}\n${haproxy.output()}`)
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    adminSocket,
    output: haproxy.output,
    stop: () => stopChild(haproxy.process),
  }
}

/** PgBouncer as docs/deploy/pgbouncer.ini configures it, listening on a free loopback port. */
export interface Pgbouncer {
  readonly port: number
  readonly output: () => string
  readonly stop: () => Promise<void>
}

export interface PgbouncerOptions {
  /** The PostgreSQL server and database it pools for (need not answer: the console works without it). */
  readonly upstream: { readonly host: string; readonly port: string; readonly database: string }
  /** The auth file's users and their passwords; every password empty: `trust` (loopback only). */
  readonly users: Readonly<Record<string, string>>
  readonly poolSize: number
}

/**
 * PgBouncer from docs/deploy/pgbouncer.ini, its files in `dir` (which PgBouncer's user must be able to read:
 * started as root, it switches to the postgres user). Resolves once it listens.
 */
export const startPgbouncer = async (dir: string, options: PgbouncerOptions): Promise<Pgbouncer> => {
  const asRoot = process.getuid?.() === 0
  const port = await freePort()
  const passwords = Object.values(options.users)
  // The passwords readable by PgBouncer's user alone.
  const userlist = path.join(dir, "userlist.txt")
  fs.writeFileSync(
    userlist,
    Object.entries(options.users)
      .map(([name, password]) => `"${name}" "${password}"\n`)
      .join(""),
    { mode: 0o600 },
  )
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }))
    fs.chownSync(userlist, id("-u"), id("-g"))
  }
  const config = path.join(dir, "pgbouncer.ini")
  fs.writeFileSync(
    config,
    renderTemplate("pgbouncer.ini", {
      PG_HOST: options.upstream.host,
      PG_PORT: options.upstream.port,
      PG_DATABASE: options.upstream.database,
      PGBOUNCER_LISTEN_ADDR: "127.0.0.1",
      PGBOUNCER_PORT: String(port),
      PGBOUNCER_AUTH_TYPE: passwords.every((p) => p === "") ? "trust" : "scram-sha-256",
      PGBOUNCER_AUTH_FILE: userlist,
      PGBOUNCER_POOL_SIZE: String(options.poolSize),
      PGBOUNCER_ADMIN_USER,
    }),
  )
  const bouncer = child("pgbouncer", [...(asRoot ? ["-u", "postgres"] : []), config])
  try {
    await waitFor("PgBouncer to listen", () => accepts(port), 10_000)
  } catch (error) {
    await stopChild(bouncer.process)
    throw new Error(`${String(error)}\n${bouncer.output()}`)
  }
  return { port, output: bouncer.output, stop: () => stopChild(bouncer.process) }
}

/** 32 bytes, base64: what `openssl rand -base64 32` makes (for DOCUMENT_KEY and LEDGER_SIGNING_KEY). */
const key = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64")

export const startDeployStack = async (options: DeployStackOptions): Promise<DeployStack> => {
  const processes = options.processes ?? 2
  const drainSeconds = options.drainSeconds ?? 5
  if (processes !== 2) throw new Error("docs/deploy/haproxy.cfg names two app processes")
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-deploy-"))
  // PgBouncer refuses to run as root: started as root, it switches to the postgres user, who must read its files.
  fs.chmodSync(dir, 0o755)
  const database = `landunits_deploy_${process.pid}_${Date.now()}`
  const serverUrl = new URL(options.serverUrl)
  const cleanups: Array<() => Promise<void> | void> = [() => fs.rmSync(dir, { recursive: true, force: true })]
  const logs: Array<{ name: string; output: () => string }> = []
  const apps: Array<AppProcess> = []
  const stop = async () => {
    for (const app of apps) await app.stop()
    for (const cleanup of cleanups.reverse()) await cleanup()
  }
  try {
    psql(options.serverUrl, `CREATE DATABASE ${database}`)
    cleanups.push(() => {
      psql(options.serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
    })
    const user = decodeURIComponent(serverUrl.username) || "postgres"

    const bouncer = await startPgbouncer(dir, {
      upstream: { host: serverUrl.hostname, port: serverUrl.port || "5432", database },
      // The password (if any); this machine's PostgreSQL trusts loopback, production uses scram-sha-256.
      users: { [user]: decodeURIComponent(serverUrl.password) },
      poolSize: processes * 10 + 10,
    })
    logs.push({ name: "pgbouncer", output: bouncer.output })
    cleanups.push(bouncer.stop)
    const bouncerPort = bouncer.port

    const appPorts = await Promise.all(Array.from({ length: processes }, () => freePort()))
    const haproxy = await startHaproxy(dir, [`127.0.0.1:${appPorts[0]}`, `127.0.0.1:${appPorts[1]}`])
    logs.push({ name: "haproxy", output: haproxy.output })
    cleanups.push(haproxy.stop)
    const adminSocket = haproxy.adminSocket

    const bouncerUrl = new URL(options.serverUrl)
    bouncerUrl.hostname = "127.0.0.1"
    bouncerUrl.port = String(bouncerPort)
    bouncerUrl.pathname = "/landunits"
    const documentKey = key()
    const signingKey = key()
    const env = (n: number) => ({
      NODE_ENV: "production",
      DATABASE_URL: bouncerUrl.toString(),
      DOCUMENT_KEY: documentKey,
      LEDGER_SIGNING_KEY: signingKey,
      // The public address: HAProxy's, which every process serves behind.
      APP_URL: haproxy.baseUrl,
      // The demo member and prices, so buys have someone to make them and something to buy; production never
      // seeds the demo admin or history, whatever SEED_DEMO says.
      SEED_DEMO: "1",
      SHUTDOWN_DRAIN_SECONDS: String(drainSeconds),
      // No mail server here: the emails are files, as production allows when it is told (docs/operations.md).
      MAIL_TRANSPORT: "file",
      // HAProxy connects from loopback here (docs/operations.md, "HAProxy in front").
      TRUSTED_PROXIES: "127.0.0.1",
      // Each process its own DATA_DIR: its admin socket lives there.
      DATA_DIR: path.join(dir, `app${n + 1}`),
      LOG_FORMAT: "logfmt",
      ...(options.webBuilds === undefined ? {} : { WEB_BUILDS_DIR: options.webBuilds }),
    })
    const names = appPorts.map((_, n) => `app${n + 1}`)
    for (let n = 0; n < processes; n++) {
      fs.mkdirSync(path.join(dir, `app${n + 1}`))
      apps.push(await startAppProcess(env(n), 90_000, { port: appPorts[n]!, command: "serve" }))
    }

    const serverStates = () =>
      new Promise<Record<string, ServerState>>((resolve, reject) => {
        const socket = net.connect(adminSocket)
        let text = ""
        socket.on("data", (chunk) => {
          text += chunk.toString("utf8")
        })
        socket.on("error", reject)
        socket.on("end", () => {
          const [header = "", ...rows] = text.trim().split("\n")
          const columns = header.replace(/^# /, "").split(",")
          const at = (row: ReadonlyArray<string>, column: string) => row[columns.indexOf(column)] ?? ""
          const states: Record<string, ServerState> = {}
          for (const line of rows) {
            const row = line.split(",")
            if (at(row, "pxname") !== "app" || !names.includes(at(row, "svname"))) continue
            states[at(row, "svname")] = {
              status: at(row, "status"),
              retries: Number(at(row, "wretr")),
              redispatches: Number(at(row, "wredis")),
            }
          }
          resolve(states)
        })
        socket.end("show stat\n")
      })
    const statusOf = async (name: string) => (await serverStates())[name]?.status ?? ""
    for (const name of names)
      await waitFor(`HAProxy to mark ${name} UP`, async () => (await statusOf(name)) === "UP", 30_000)

    const restart = async (index: number): Promise<RestartTimeline> => {
      const name = names[index]!
      const app = apps[index]!
      const told = performance.now()
      const since = () => Math.round(performance.now() - told)
      app.terminate()
      let unreadyMs = -1
      let downMs = -1
      let exitedMs = -1
      void app.exited.then(() => {
        exitedMs = since()
      })
      await waitFor(
        `HAProxy to mark ${name} DOWN`,
        async () => {
          if (unreadyMs < 0) {
            const health = await fetch(`${app.baseUrl}/api/health`).catch(() => undefined)
            await health?.text()
            if (health?.status === 503) unreadyMs = since()
          }
          if ((await statusOf(name)).startsWith("DOWN")) downMs = since()
          return downMs >= 0
        },
        30_000,
      )
      await app.exited
      const started = await startAppProcess(env(index), 90_000, { port: app.port, command: "serve" })
      apps[index] = started
      const startedMs = since()
      await waitFor(`HAProxy to mark ${name} UP`, async () => (await statusOf(name)) === "UP", 30_000)
      return { name, unreadyMs, downMs, exitedMs, startedMs, upMs: since() }
    }

    return {
      baseUrl: haproxy.baseUrl,
      appUrl: (name) => apps[names.indexOf(name)]!.baseUrl,
      databaseUrl: withDatabase(options.serverUrl, database),
      names,
      serverStates,
      restart,
      query: (statement) => psql(withDatabase(options.serverUrl, database), statement),
      logs: () =>
        [...logs, ...apps.map((app, n) => ({ name: names[n]!, output: app.output }))]
          .map((l) => `--- ${l.name}\n${l.output()}`)
          .join("\n"),
      stop,
    }
  } catch (error) {
    const output = [...logs, ...apps.map((app, n) => ({ name: `app${n + 1}`, output: app.output }))]
      .map((l) => `--- ${l.name}\n${l.output()}`)
      .join("\n")
    await stop().catch(() => undefined)
    throw new Error(`The deployment did not start: ${String(error)}\n${output}`)
  }
}
