/**
 * The app as an operator starts it: `node cli/src/start.ts` as its own OS process (or, with `command: "serve"`,
 * `npm run serve`, the production start a supervisor runs), on a free port, with the environment given. For tests
 * of what several app processes share (limits, sessions) and of how a start behaves. `stop` sends SIGTERM to the
 * process started (npm's, for serve) and waits for its exit; `terminate` sends it and returns (to watch the stop).
 */
import { type ChildProcess, spawn } from "node:child_process"
import * as net from "node:net"
import { fileURLToPath } from "node:url"

const START = fileURLToPath(new URL("../../cli/src/start.ts", import.meta.url))
const ROOT = fileURLToPath(new URL("../../", import.meta.url))

export interface AppProcess {
  readonly baseUrl: string
  readonly port: number
  readonly output: () => string
  readonly stop: () => Promise<void>
  /** Sends SIGTERM without waiting. */
  readonly terminate: () => void
  /** Settles once the process has exited. */
  readonly exited: Promise<void>
  /** The PID of the process started (npm's, for serve): the one a supervisor signals. */
  readonly pid: number
  /** Its exit status once it exited (null when a signal ended it). */
  readonly exitCode: () => number | null
}

export interface AppProcessOptions {
  /** The port to listen on (another start of the same app behind a load balancer); a free one by default. */
  readonly port?: number
  /** `start`: `node cli/src/start.ts` (the default); `serve`: `npm run serve`, as a supervisor runs it. */
  readonly command?: "start" | "serve"
}

/** A port nobody listens on right now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer()
    probe.on("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      probe.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject()))
    })
  })

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once("exit", () => resolve())
  })

/** Starts the app and waits until /api/health answers 200 (or fails with the process's output). */
export const startAppProcess = async (
  env: Readonly<Record<string, string>>,
  timeoutMs = 90_000,
  options: AppProcessOptions = {},
): Promise<AppProcess> => {
  const port = options.port ?? (await freePort())
  const serve = options.command === "serve"
  const [command, args] = serve ? ["npm", ["run", "serve"]] : [process.execPath, [START]]
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "Info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    // npm and the app in a process group of their own, so a start that never serves is killed whole (below).
    detached: serve,
  })
  let output = ""
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8")
  })
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8")
  })
  const baseUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The app exited with ${child.exitCode} before serving:\n${output}`)
    const health = await fetch(`${baseUrl}/api/health`).catch(() => undefined)
    if (health?.status === 200) {
      return {
        baseUrl,
        port,
        output: () => output,
        stop: async () => {
          child.kill("SIGTERM")
          await exited(child)
        },
        terminate: () => child.kill("SIGTERM"),
        exited: exited(child),
        pid: child.pid!,
        exitCode: () => child.exitCode,
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  if (serve && child.pid !== undefined) process.kill(-child.pid, "SIGKILL")
  else child.kill("SIGKILL")
  throw new Error(`The app did not answer /api/health within ${timeoutMs} ms:\n${output}`)
}
