/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary directory, loopback TCP on a free port,
 * trust authentication), which the test may stop and start again to play a database outage. It never
 * touches the machine's shared server. Needs the PostgreSQL binaries (POSTGRES_BIN, default
 * /usr/lib/postgresql/15/bin); when they are absent the suite fails and says so, it is not skipped.
 * Run as root, the cluster runs as the `postgres` OS user (PostgreSQL refuses to run as root).
 */
import { execFile } from "node:child_process"
import * as fs from "node:fs"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { promisify } from "node:util"

const run = promisify(execFile)

export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin"
const CLUSTER_USER = "postgres"

export interface PrivateCluster {
  /** The cluster's `postgres` database, as a DATABASE_URL. */
  readonly url: string
  readonly port: number
  /** Starts the server and waits until it accepts connections. */
  readonly start: () => Promise<void>
  /** Stops the server at once (`immediate`: like a crash) or after ending sessions (`fast`). */
  readonly stop: (mode?: "immediate" | "fast") => Promise<void>
  /** Freezes every process of the server (SIGSTOP): connections stay open and nothing answers. */
  readonly freeze: () => Promise<void>
  /** Lets a frozen server run on (SIGCONT). */
  readonly thaw: () => Promise<void>
  /** Stops the server if it runs and removes its directory. */
  readonly destroy: () => Promise<void>
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === "object" && address !== null
          ? resolve(address.port)
          : reject(new Error("No free port")),
      )
    })
  })

/** Runs a PostgreSQL program as the cluster's owner: `postgres` when we are root, else ourselves. */
const asOwner = async (program: string, args: ReadonlyArray<string>) => {
  const binary = path.join(POSTGRES_BIN, program)
  const asRoot = process.getuid?.() === 0
  const [file, argv] = asRoot ? ["runuser", ["-u", CLUSTER_USER, "--", binary, ...args]] : [binary, [...args]]
  try {
    return await run(file, argv, { timeout: 60_000 })
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string; message: string }
    throw new Error(`${program} ${args.join(" ")} failed: ${e.stderr || e.stdout || e.message}`)
  }
}

/** Creates and starts a fresh cluster. Call `destroy` in afterAll, also when a test failed. */
export const makePrivateCluster = async (): Promise<PrivateCluster> => {
  if (!fs.existsSync(path.join(POSTGRES_BIN, "initdb"))) {
    throw new Error(
      `This test needs the PostgreSQL server binaries (initdb, pg_ctl) in ${POSTGRES_BIN} ` +
        "(apt-get install postgresql, or set POSTGRES_BIN to their folder).",
    )
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-cluster-"))
  const data = path.join(dir, "data")
  fs.mkdirSync(data, { mode: 0o700 })
  const port = await freePort()
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`
  let running = false
  let frozen: ReadonlyArray<number> = []
  const start = async () => {
    await asOwner("pg_ctl", ["-D", data, "-l", path.join(dir, "server.log"), "-o", options, "-w", "start"])
    running = true
  }
  const stop = async (mode: "immediate" | "fast" = "immediate") => {
    if (!running) return
    await asOwner("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"])
    running = false
  }
  const postmasterPid = () =>
    Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0])
  const childrenOf = async (pid: number) => {
    const { stdout } = await run("ps", ["-o", "pid=", "--ppid", String(pid)]).catch(() => ({ stdout: "" }))
    return stdout.split("\n").flatMap((line) => (line.trim() === "" ? [] : [Number(line)]))
  }
  const signal = (pids: ReadonlyArray<number>, name: NodeJS.Signals) => {
    for (const pid of pids) {
      try {
        process.kill(pid, name)
      } catch {
        // A backend that ended meanwhile.
      }
    }
  }
  const thaw = async () => {
    signal(frozen, "SIGCONT")
    frozen = []
  }
  try {
    if (process.getuid?.() === 0) {
      const uid = Number((await run("id", ["-u", CLUSTER_USER])).stdout.trim())
      const gid = Number((await run("id", ["-g", CLUSTER_USER])).stdout.trim())
      fs.chownSync(dir, uid, gid)
      fs.chownSync(data, uid, gid)
    }
    await asOwner("initdb", ["-D", data, "--auth=trust", "-U", "postgres", "--no-sync", "-E", "UTF8"])
    await start()
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true })
    throw error
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    freeze: async () => {
      // The postmaster first, so it starts no backend while its backends are stopped.
      const postmaster = postmasterPid()
      frozen = [postmaster]
      signal([postmaster], "SIGSTOP")
      const backends = await childrenOf(postmaster)
      frozen = [postmaster, ...backends]
      signal(backends, "SIGSTOP")
    },
    thaw,
    destroy: async () => {
      try {
        await thaw()
        await stop("immediate")
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
