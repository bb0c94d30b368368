/**
 * Deployed as documented (issues 28 and 39, docs/operations/haproxy-in-front.md,
 * docs/operations/pgbouncer-between-the-app-and-postgresql.md and docs/operations/running-under-systemd.md): two
 * production app processes (`npm run serve`, as the systemd units run it) behind HAProxy, PgBouncer in session mode
 * before a fresh database on the PostgreSQL server of DATABASE_URL, all configured from the templates in
 * docs/deploy/. A short run of `npm run bench:deploy`'s scenario (test-support/src/RollingRestart.ts): buys, and
 * guests loading a page and its scripts, through HAProxy while a new web build is published and each process in
 * turn is stopped (SIGTERM to npm: health 503, out of rotation, drained, exited) and started again on the new build.
 * Without DATABASE_URL, or without haproxy, pgbouncer or psql on PATH (`.ci/run` installs them), it is reported as
 * not run, by name. The web builds are small ones made here (WebBuildFixture.ts), published as `npm run build`
 * publishes them; Vite runs once, for the browser tests.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { type DeployStack, missingTools, startDeployStack } from "@landunits/test-support/DeployStack.ts"
import { runRollingRestart } from "@landunits/test-support/RollingRestart.ts"
import { afterAll, describe, expect, it } from "vitest"
import { EXIT_CONFIG } from "../../src/settings/ProductionStartChecks.ts"
import { serverUrl } from "../support/Databases.ts"
import { assetsOf, publishTestBuild } from "../support/WebBuildFixture.ts"

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

const deployFile = (name: string) =>
  fs.readFileSync(new URL(`../../../docs/deploy/${name}`, import.meta.url), "utf8")
/** A unit's settings, comments left out, as `Key=value` lines. */
const unitSettings = (text: string) => text.split("\n").filter((line) => /^[A-Za-z]+=/.test(line))
const unitSetting = (text: string, key: string) =>
  unitSettings(text)
    .filter((line) => line.startsWith(`${key}=`))
    .map((line) => line.slice(key.length + 1))
const UNITS = ["landunits.service", "landunits@.service"]

const systemdAnalyze = (() => {
  try {
    execFileSync("sh", ["-c", "command -v systemd-analyze"], { stdio: "ignore" })
    return true
  } catch {
    return false
  }
})()
if (!systemdAnalyze) console.warn("[not run] systemd-analyze verify of docs/deploy/*.service (not on PATH)")

describe("the systemd units (docs/deploy/landunits.service, landunits@.service)", () => {
  it("run `npm run serve` with the settings file, restart after a failure but not after a refused configuration, and wait out the drain and the slowest answer before they kill", () => {
    const settings = deployFile("landunits.env")
    const drain = Number(/^SHUTDOWN_DRAIN_SECONDS=(\d+)$/m.exec(settings)?.[1])
    const haproxyTimeout = Number(/^\s*timeout server (\d+)s$/m.exec(deployFile("haproxy.cfg"))?.[1])
    expect(drain).toBeGreaterThan(0)
    expect(haproxyTimeout).toBeGreaterThan(0)
    // The settings file leaves each process's own port and DATA_DIR to the unit.
    expect(settings).not.toMatch(/^(PORT|DATA_DIR)=/m)
    const serve = JSON.parse(fs.readFileSync(new URL("../../../package.json", import.meta.url), "utf8"))
      .scripts.serve as string
    expect(serve).toMatch(/^exec node /)
    for (const name of UNITS) {
      const unit = deployFile(name)
      expect(unitSetting(unit, "ExecStart")[0], name).toMatch(
        / \/usr\/bin\/npm run serve$|^\/usr\/bin\/npm run serve$/,
      )
      expect(unitSetting(unit, "EnvironmentFile"), name).toEqual(["/etc/landunits/landunits.env"])
      expect(unitSetting(unit, "Restart"), name).toEqual(["on-failure"])
      expect(unitSetting(unit, "RestartPreventExitStatus"), name).toEqual([String(EXIT_CONFIG)])
      expect(unitSetting(unit, "KillSignal"), name).toEqual(["SIGTERM"])
      expect(Number(unitSetting(unit, "TimeoutStopSec")[0]), name).toBeGreaterThanOrEqual(
        drain + haproxyTimeout + 5,
      )
    }
    // The template is the single unit but for the lines that name its instance.
    const instanceKeys = /^(Description|StateDirectory|CacheDirectory|Environment|ExecStart)=/
    const common = (text: string) => unitSettings(text).filter((line) => !instanceKeys.test(line))
    expect(common(deployFile("landunits@.service"))).toEqual(common(deployFile("landunits.service")))
    expect(unitSetting(deployFile("landunits@.service"), "ExecStart")[0]).toContain("PORT=%i")
  })

  it.runIf(systemdAnalyze)("systemd-analyze verify finds nothing to say about either unit", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-units-"))
    try {
      for (const name of UNITS)
        fs.copyFileSync(new URL(`../../../docs/deploy/${name}`, import.meta.url), path.join(dir, name))
      for (const unit of ["landunits.service", "landunits@3001.service"]) {
        const said = execFileSync("sh", ["-c", `systemd-analyze verify "${path.join(dir, unit)}" 2>&1`], {
          encoding: "utf8",
        })
        expect(said, unit).toBe("")
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

let stack: DeployStack | undefined
const builds = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-deploy-builds-"))
afterAll(async () => {
  await stack?.stop()
  fs.rmSync(builds, { recursive: true, force: true })
})

describe.runIf(runs)("a rolling restart behind HAProxy with PgBouncer", () => {
  it("a new web build, then each app process restarted in turn, under buys and page loads: no request fails, no acknowledged order is lost, every asset of every page answers 200; each process answers health 503 and is taken out of rotation before it exits", async () => {
    // 4 s: twice what HAProxy needs to see the 503 here (1.1–2.0 s measured), room for a busy CI host.
    publishTestBuild(builds, "before")
    stack = await startDeployStack({ serverUrl: url!, drainSeconds: 4, webBuilds: builds })
    const result = await runRollingRestart(stack, {
      clients: 4,
      pageClients: 1,
      steadyMs: 1_000,
      release: async () => {
        publishTestBuild(builds, "after")
      },
    })

    expect(result.answers.filter((a) => a.status !== 200)).toEqual([])
    // Pages of both builds were served, and every script and style sheet they named answered 200: through
    // HAProxy, and from each process asked directly after each restart, a process of the old build for the new
    // build's assets and one of the new build for the old's.
    expect(result.pages.filter((p) => p.status !== 200)).toEqual([])
    expect(result.pageBuilds).toEqual(expect.arrayContaining([assetsOf("before"), assetsOf("after")]))
    expect(result.pageBuilds).toHaveLength(2)
    expect(result.assets.filter((a) => a.status !== 200)).toEqual([])
    expect(result.assets.filter((a) => a.via === "haproxy").length).toBeGreaterThan(10)
    for (const name of stack.names)
      for (const asset of [...assetsOf("before"), ...assetsOf("after")])
        expect(result.assets.some((a) => a.via === name && a.path === asset)).toBe(true)
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
