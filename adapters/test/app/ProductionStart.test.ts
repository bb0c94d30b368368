/**
 * "Production is production" (docs/decisions.md): the real `npm start` entry (`node cli/src/start.ts`) run as
 * its own process with NODE_ENV=production, on the embedded database in a fresh DATA_DIR each time.
 */
import { type ChildProcess, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { afterEach, describe, expect, it } from "vitest"

const ROOT = fileURLToPath(new URL("../../../", import.meta.url))
const START = path.join(ROOT, "cli/src/start.ts")

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() =>
        typeof address === "object" && address !== null
          ? resolve(address.port)
          : reject(new Error("no port")),
      )
    })
  })

interface Start {
  readonly child: ChildProcess
  readonly dataDir: string
  readonly url: string
  /** Everything the process wrote so far, stdout and stderr. */
  readonly log: () => string
}

const started: Array<Start> = []

afterEach(async () => {
  for (const s of started.splice(0)) {
    if (s.child.exitCode === null && s.child.signalCode === null) {
      const exited = new Promise((resolve) => s.child.once("exit", resolve))
      s.child.kill("SIGTERM")
      await exited
    }
    fs.rmSync(s.dataDir, { recursive: true, force: true })
  }
})

/** Starts production on a fresh DATA_DIR with `env` and nothing else of ours (no DATABASE_URL, no key). */
const startProduction = async (env: Record<string, string>): Promise<Start> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-production-"))
  const port = await freePort()
  const childEnv: NodeJS.ProcessEnv = { ...process.env }
  for (const name of [
    "DATABASE_URL",
    "DOCUMENT_KEY",
    "SEED_DEMO",
    "LOG_LEVEL",
    "LOG_FORMAT",
    "APP_URL",
    "SMTP_URL",
  ])
    delete childEnv[name]
  Object.assign(
    childEnv,
    { NODE_ENV: "production", DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" },
    env,
  )
  const child = spawn(process.execPath, [START], {
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
  const s = { child, dataDir, url: `http://127.0.0.1:${port}`, log: () => log }
  started.push(s)
  return s
}

/** Waits until the process answers /api/health (true) or exits (false). */
const serving = async (s: Start): Promise<boolean> => {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (s.child.exitCode !== null) return false
    try {
      if ((await fetch(`${s.url}/api/health`)).ok) return true
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`The production start neither served nor stopped:\n${s.log()}`)
}

const exitCode = (s: Start) =>
  s.child.exitCode !== null
    ? Promise.resolve(s.child.exitCode)
    : new Promise<number | null>((resolve) => s.child.once("exit", (code) => resolve(code)))

describe("a production start (NODE_ENV=production)", () => {
  it("without DOCUMENT_KEY stops before it opens the database, naming the setting and how to make one", async () => {
    const s = await startProduction({})
    expect(await serving(s)).toBe(false)
    expect(await exitCode(s)).not.toBe(0)
    expect(s.log()).toContain("DOCUMENT_KEY is not set")
    expect(s.log()).toContain("openssl rand -base64 32")
    // No embedded database, no generated key, no mail: nothing was created, so nothing was migrated or seeded.
    expect(fs.readdirSync(s.dataDir)).toEqual([])
  })

  it("with a DOCUMENT_KEY that is not 32 bytes stops the same way", async () => {
    const s = await startProduction({ DOCUMENT_KEY: "c2hvcnQ=" })
    expect(await serving(s)).toBe(false)
    expect(await exitCode(s)).not.toBe(0)
    expect(s.log()).toContain("DOCUMENT_KEY must be 32 random bytes")
    expect(fs.readdirSync(s.dataDir)).toEqual([])
  })
})
