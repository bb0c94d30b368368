/**
 * Rolling restarts behind a load balancer (docs/operations.md): a process told to stop (SIGTERM) with
 * SHUTDOWN_DRAIN_SECONDS answers health 503 at once and keeps serving every other route, each answer closing
 * its connection, for the drain; then it stops. The real `npm start` entry as its own process on the embedded
 * database. The whole restart under HAProxy and PgBouncer is `npm run bench:deploy` (bench/Deploy.ts).
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { type AppProcess, startAppProcess } from "@landunits/test-support/AppProcess.ts"
import { afterEach, describe, expect, it } from "vitest"

let app: AppProcess | undefined
let dataDir: string | undefined

afterEach(async () => {
  await app?.stop()
  app = undefined
  if (dataDir !== undefined) fs.rmSync(dataDir, { recursive: true, force: true })
})

const start = async (env: Record<string, string>) => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-drain-"))
  app = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL: "", SEED_DEMO: "0", ...env })
  return app
}

const status = (url: string) =>
  fetch(url).then(
    async (r) => ({ status: r.status, connection: r.headers.get("connection"), body: await r.text() }),
    () => "refused" as const,
  )

describe("stopping with a drain", () => {
  it("a stopping process answers health 503 and closes each connection for the drain, serves other routes meanwhile, then stops", async () => {
    const running = await start({ SHUTDOWN_DRAIN_SECONDS: "3" })
    const before = await status(`${running.baseUrl}/api/health`)
    expect(before).toMatchObject({ status: 200, connection: "keep-alive" })

    const told = Date.now()
    running.terminate()
    let exitedAt = 0
    void running.exited.then(() => {
      exitedAt = Date.now()
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    const health = await status(`${running.baseUrl}/api/health`)
    expect(health).toMatchObject({ status: 503, connection: "close" })
    if (health === "refused") throw new Error("unreachable")
    expect(JSON.parse(health.body)).toHaveProperty("message")
    // Still serving, from the database, until the drain is over.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(await status(`${running.baseUrl}/api/content/faq`)).toMatchObject({
      status: 200,
      connection: "close",
    })
    expect(exitedAt).toBe(0)

    await running.exited
    expect(exitedAt - told).toBeGreaterThanOrEqual(3_000)
    expect(exitedAt - told).toBeLessThan(15_000)
    expect(await status(`${running.baseUrl}/api/health`)).toBe("refused")
    expect(running.output()).toContain("Stopping: health answers 503")
  }, 120_000)

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
