/**
 * Deployed as documented (issue 28, docs/operations/haproxy-in-front.md and
 * docs/operations/pgbouncer-between-the-app-and-postgresql.md): two production app processes behind HAProxy, PgBouncer in session mode before a fresh database
 * on the PostgreSQL server of DATABASE_URL, all configured from the templates in docs/deploy/. A short run of
 * `npm run bench:deploy`'s scenario (test-support/src/RollingRestart.ts): buys through HAProxy while each
 * process in turn is stopped (health 503, out of rotation, drained, exited) and started again. Without
 * DATABASE_URL, or without haproxy, pgbouncer or psql on PATH (`.ci/run` installs them), it is reported as not
 * run, by name.
 */
import * as fs from "node:fs"
import { type DeployStack, missingTools, startDeployStack } from "@landunits/test-support/DeployStack.ts"
import { runRollingRestart } from "@landunits/test-support/RollingRestart.ts"
import { afterAll, describe, expect, it } from "vitest"
import { serverUrl } from "../support/Databases.ts"

const url = serverUrl()
const missing = missingTools()
const runs = url !== undefined && missing.length === 0
if (!runs)
  console.warn(
    `[not run] the rolling restart behind HAProxy and PgBouncer (${url === undefined ? "DATABASE_URL is not set" : `not on PATH: ${missing.join(", ")}`})`,
  )

describe("the deployment's configurations", () => {
  it("the operations docs show the HAProxy and PgBouncer configurations exactly as the scenario runs them (docs/deploy/)", () => {
    const sections = new URL("../../../docs/operations/", import.meta.url)
    const operations = fs
      .readdirSync(sections)
      .filter((file) => file.endsWith(".md"))
      .map((file) => fs.readFileSync(new URL(file, sections), "utf8"))
      .join("\n")
    for (const name of ["haproxy.cfg", "pgbouncer.ini"]) {
      const template = fs.readFileSync(new URL(`../../../docs/deploy/${name}`, import.meta.url), "utf8")
      expect(operations).toContain(`\n\`\`\`\n${template}\`\`\`\n`)
    }
  })
})

let stack: DeployStack | undefined
afterAll(async () => {
  await stack?.stop()
})

describe.runIf(runs)("a rolling restart behind HAProxy with PgBouncer", () => {
  it("restarting each app process in turn under buys fails no request and loses no acknowledged order; each answers health 503 and is taken out of rotation before it exits", async () => {
    // 4 s: twice what HAProxy needs to see the 503 here (1.1–2.0 s measured), room for a busy CI host.
    stack = await startDeployStack({ serverUrl: url!, drainSeconds: 4 })
    const result = await runRollingRestart(stack, { clients: 4, steadyMs: 1_000 })

    expect(result.answers.filter((a) => a.status !== 200)).toEqual([])
    expect(result.lost).toEqual([])
    expect(result.acknowledged).toBe(result.answers.length)
    // Buys went on during the restarts, not only around them.
    const { from, to } = result.restartWindow
    expect(result.answers.filter((a) => a.start >= from && a.end <= to).length).toBeGreaterThan(20)
    for (const r of result.restarts) {
      expect(r.unreadyMs).toBeGreaterThanOrEqual(0)
      expect(r.unreadyMs).toBeLessThan(r.downMs)
      expect(r.downMs).toBeLessThan(r.exitedMs)
      expect(r.exitedMs).toBeGreaterThanOrEqual(4_000)
      expect(r.upMs).toBeGreaterThan(r.startedMs)
    }
  }, 180_000)
})
