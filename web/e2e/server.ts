/**
 * The real server for browser tests: runs `node cli/src/start.ts` (the `npm start` entry) on a free port with a
 * DATA_DIR of its own (embedded database, mail files), serving the web build that the project's global setup made
 * current in web/builds (web/e2e/buildWeb.ts), and stops it afterwards.
 *
 * A first start migrates the embedded database and seeds the demo's year of history (about 10 s on 2 cores). The
 * global setup does that once (`seedDataDir`) and each file's server starts from a copy of that DATA_DIR, as a
 * restarted installation does; `startServer(env, { fresh: true })` starts from an empty one instead.
 */
import { type ChildProcess, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { currentBuild, DEFAULT_WEB_BUILDS_DIR } from "@landunits/adapters/http/server/WebBuilds.ts"
import { inject } from "vitest"

declare module "vitest" {
  export interface ProvidedContext {
    /** A DATA_DIR after a first start (migrated, demo seeded), stopped: web/e2e/buildWeb.ts. */
    readonly seededDataDir: string
  }
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
  readonly stop: () => Promise<void>
  /** Stops it and starts it again on the same DATA_DIR with `env` (a new port): an operator's restart. */
  readonly restart: (env: Readonly<Record<string, string>>) => Promise<RunningServer>
}

/** Starts `node cli/src/start.ts` on DATA_DIR `dataDir` and a free port; resolves once /api/health answers. */
const spawnServer = async (dataDir: string, env: Readonly<Record<string, string>>) => {
  const port = await freePort()
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
  }
  delete childEnv.DATABASE_URL
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

/** A DATA_DIR after a first start and a clean stop: migrated, the demo seeded, its keys made. */
export const seedDataDir = async (): Promise<string> => {
  const dataDir = newDataDir()
  const { stop } = await spawnServer(dataDir, {})
  await stop()
  return dataDir
}

/**
 * `env`: settings the server starts with besides the test's own (a crypto receiving address, say). The server starts
 * from a copy of the global setup's seeded DATA_DIR, or from an empty one with `fresh`.
 */
export const startServer = async (
  env: Readonly<Record<string, string>> = {},
  { fresh = false }: { readonly fresh?: boolean } = {},
): Promise<RunningServer> => {
  if (currentBuild(DEFAULT_WEB_BUILDS_DIR) === undefined)
    throw new Error("No web build is current: the web-e2e project's global setup (e2e/buildWeb.ts) makes one")
  const dataDir = newDataDir()
  if (!fresh) fs.cpSync(inject("seededDataDir"), dataDir, { recursive: true })
  const running = (spawned: { url: string; stop: () => Promise<void> }): RunningServer => ({
    url: spawned.url,
    dataDir,
    stop: async () => {
      await spawned.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
    restart: async (next) => {
      await spawned.stop()
      return running(await spawnServer(dataDir, next))
    },
  })
  return running(await spawnServer(dataDir, env))
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
