/**
 * Rolling restarts behind a load balancer (docs/operations.md): a process told to stop (SIGTERM) with
 * SHUTDOWN_DRAIN_SECONDS answers health 503 at once and keeps serving every other route, each answer closing
 * its connection, for the drain; then it stops accepting, finishes what is in flight and exits. The real server
 * entry as its own process on the embedded database, and `npm run serve` as a supervisor runs it (the unit in
 * docs/deploy/): SIGTERM to npm's PID. The whole restart under HAProxy and PgBouncer is `npm run bench:deploy`
 * (bench/Deploy.ts).
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as http from "node:http"
import { type AppProcess, startAppProcess } from "@landunits/test-support/AppProcess.ts"
import { migratedDataDir } from "@landunits/test-support/DatabaseTemplates.ts"
import { afterEach, describe, expect, it } from "vitest"
import { publishTestBuild } from "../support/WebBuildFixture.ts"

let app: AppProcess | undefined
const folders: Array<string> = []

afterEach(async () => {
  await app?.stop()
  app = undefined
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

const folder = (name: string) => {
  const made = migratedDataDir(`landunits-${name}-`)
  folders.push(made)
  return made
}

const start = async (env: Record<string, string>) => {
  app = await startAppProcess({ DATA_DIR: folder("drain"), DATABASE_URL: "", SEED_DEMO: "0", ...env })
  return app
}

const status = (url: string) =>
  fetch(url).then(
    async (r) => ({ status: r.status, connection: r.headers.get("connection"), body: await r.text() }),
    () => "refused" as const,
  )

describe("stopping without a drain", () => {
  it("without SHUTDOWN_DRAIN_SECONDS a stop begins at once: no drain", async () => {
    const running = await start({})
    const told = Date.now()
    running.terminate()
    await running.exited
    // No drain step at all (the line below); the stop itself (jobs, heartbeat, the embedded database closing) took
    // 5 s on a CI host at load 10, so the bound only says it did not wait out a drain of the test above's length.
    expect(running.output()).not.toContain("Stopping: health answers 503")
    expect(Date.now() - told).toBeLessThan(10_000)
  }, 120_000)
})

/** The stop timeout the shipped systemd units give a process (docs/deploy/landunits.service), in ms. */
const unitStopTimeoutMs = () => {
  const unit = fs.readFileSync(new URL("../../../docs/deploy/landunits.service", import.meta.url), "utf8")
  const seconds = /^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1]
  if (seconds === undefined) throw new Error("docs/deploy/landunits.service sets no TimeoutStopSec")
  return Number(seconds) * 1000
}

/** The processes whose parent is `pid`, with their command lines. */
const childrenOf = (pid: number) =>
  execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(pid)], { encoding: "utf8" })
    .trim()
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const [, child = "", args = ""] = /^\s*(\d+)\s+(.*)$/.exec(line) ?? []
      return { pid: Number(child), args }
    })

/**
 * A download of `pathname` that reads its first bytes and then waits, its socket paused (the server's writes back
 * up), until `resume` is called; resolves with the bytes read and the answer's status.
 */
const slowDownload = (url: string) =>
  new Promise<{
    readonly status: number
    readonly resume: () => Promise<number>
  }>((resolve, reject) => {
    const request = http.get(url, (response) => {
      let bytes = 0
      let paused = false
      let done: (total: number) => void = () => {}
      let failed: (error: Error) => void = () => {}
      const finished = new Promise<number>((res, rej) => {
        done = res
        failed = rej
      })
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length
        if (!paused && bytes >= 1_000_000) {
          paused = true
          response.pause()
          resolve({
            status: response.statusCode ?? 0,
            resume: () => {
              response.resume()
              return finished
            },
          })
        }
      })
      response.on("end", () => done(bytes))
      response.on("error", (error) => failed(error))
      response.on("aborted", () => failed(new Error(`the download was cut after ${bytes} bytes`)))
    })
    request.on("error", reject)
  })

/** Long enough for the checks made during it on a loaded 2-core host. */
const DRAIN_SECONDS = 5

describe("npm run serve, stopped by its supervisor", () => {
  it("SIGTERM to npm's PID drains and stops the app (npm's shell exec'd it): health 503 and every answer closing its connection while other routes still serve, a second SIGTERM to the app changes nothing, the download in flight finishes, new connections are refused, and it exits 0 within the unit's stop timeout", async () => {
    const builds = folder("builds")
    const large = new Uint8Array(48 * 1024 * 1024).fill(97)
    publishTestBuild(builds, "served", new Date(), { "assets/large-0a1b2c3d.bin": large })
    const running = await startAppProcess(
      {
        NODE_ENV: "production",
        DOCUMENT_KEY: Buffer.alloc(32, 7).toString("base64"),
        LEDGER_SIGNING_KEY: Buffer.alloc(32, 9).toString("base64"),
        APP_URL: "https://landunits.example",
        // No mail server here: the emails are files, as production allows when told (docs/operations.md, "Mail delivery").
        MAIL_TRANSPORT: "file",
        DATA_DIR: folder("serve"),
        DATABASE_URL: "",
        WEB_BUILDS_DIR: builds,
        SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
      },
      150_000,
      { command: "serve" },
    )
    app = running
    // The app is npm's own child: npm's shell (dash here) exec'd node, so the SIGTERM npm forwards reaches it.
    // (Without `exec`, dash stays between them, dies of the SIGTERM and leaves node serving.)
    const children = childrenOf(running.pid)
    expect(children).toHaveLength(1)
    expect(children[0]!.args).toMatch(/node(\s.*)? cli\/src\/serve\.ts$/)

    expect(await status(`${running.baseUrl}/api/health`)).toMatchObject({
      status: 200,
      connection: "keep-alive",
    })
    const download = await slowDownload(`${running.baseUrl}/assets/large-0a1b2c3d.bin`)
    expect(download.status).toBe(200)
    const told = Date.now()
    running.terminate()
    let exitedAt = 0
    void running.exited.then(() => {
      exitedAt = Date.now()
    })

    await new Promise((resolve) => setTimeout(resolve, 500))
    const health = await status(`${running.baseUrl}/api/health`)
    expect(health).toMatchObject({ status: 503, connection: "close" })
    if (health === "refused") throw new Error("unreachable")
    expect(JSON.parse(health.body)).toHaveProperty("message")
    // systemd signals every process of the unit: the app's own SIGTERM, mid-drain, is the same stop.
    process.kill(children[0]!.pid, "SIGTERM")
    // Still serving, from the database, until the drain is over.
    expect(await status(`${running.baseUrl}/api/content/faq`)).toMatchObject({
      status: 200,
      connection: "close",
    })
    // After the drain: no new connection, while the download is still in flight and the process still up.
    await new Promise((resolve) => setTimeout(resolve, told + (DRAIN_SECONDS + 1) * 1000 - Date.now()))
    expect(await status(`${running.baseUrl}/api/health`)).toBe("refused")
    expect(exitedAt).toBe(0)

    expect(await download.resume()).toBe(large.length)
    await running.exited
    expect(running.exitCode()).toBe(0)
    expect(exitedAt - told).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000)
    expect(exitedAt - told).toBeLessThan(unitStopTimeoutMs())
    expect(running.output()).toContain("Stopping: health answers 503")
    expect(running.output()).not.toMatch(/npm error|command failed/i)
  }, 240_000)
})
