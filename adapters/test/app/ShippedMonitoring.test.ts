/**
 * The shipped monitoring (docs/deploy/alerts.yml, docs/deploy/grafana-dashboard.json; docs/operations.md "Alerts"):
 * - the rules pass `promtool check rules`, and two of them fire on made-up series under `promtool test rules`;
 * - every metric the rules and the dashboard name is one the app exposes (adapters/src/observability/Metrics.ts);
 * - every rule's runbook link names a section of docs/operations.md, and the alert table of
 *   docs/operations/metrics.md lists exactly the rules.
 * Without promtool on PATH (`.ci/run` installs Debian's `prometheus` package) the promtool parts are reported as
 * not run, by name.
 */
import { execFileSync, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { renderTemplate } from "@landunits/test-support/DeployStack.ts"
import { afterAll, describe, expect, it } from "vitest"

const read = (relative: string) => fs.readFileSync(new URL(`../../../${relative}`, import.meta.url), "utf8")

const hasPromtool = (() => {
  try {
    execFileSync("sh", ["-c", "command -v promtool"], { stdio: "ignore" })
    return true
  } catch {
    return false
  }
})()
if (!hasPromtool) console.warn("[not run] promtool check rules / test rules (promtool is not on PATH)")

const RUNBOOK_BASE_URL = "https://docs.example/landunits/docs"
const rules = renderTemplate("alerts.yml", { RUNBOOK_BASE_URL })
const alertNames = [...rules.matchAll(/^\s*- alert: (\S+)$/gm)].map((m) => m[1]!)
const dashboard = JSON.parse(read("docs/deploy/grafana-dashboard.json")) as {
  readonly panels: ReadonlyArray<{
    readonly title: string
    readonly targets: ReadonlyArray<{ readonly expr: string }>
  }>
}

/** Every metric family Metrics.ts declares. */
const exposed = new Set(
  [...read("adapters/src/observability/Metrics.ts").matchAll(/"(landunits_[a-z0-9_]+)"/g)].map((m) => m[1]!),
)
/** The families an expression names (a histogram's series by their family). */
const familiesIn = (expr: string) =>
  [...expr.matchAll(/\blandunits_[a-z0-9_]+/g)].map((m) => m[0].replace(/_(bucket|sum|count)$/, ""))

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-")

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-monitoring-"))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
const promtool = (...args: ReadonlyArray<string>) => {
  const run = spawnSync("promtool", args, { encoding: "utf8", cwd: dir })
  return { status: run.status, output: `${run.stdout}${run.stderr}` }
}

describe("docs/deploy/alerts.yml", () => {
  it.runIf(hasPromtool)("passes promtool check rules", () => {
    fs.writeFileSync(path.join(dir, "alerts.yml"), rules)
    const checked = promtool("check", "rules", "alerts.yml")
    expect(checked.output).toContain(`SUCCESS: ${alertNames.length} rules found`)
    expect(checked.status).toBe(0)
  })

  it.runIf(hasPromtool)(
    "fires LandunitsOutboxStuck after 15 minutes of a waiting email, and LandunitsDatabaseUnreachable after 2 minutes of failed reads",
    () => {
      fs.writeFileSync(path.join(dir, "alerts.yml"), rules)
      fs.writeFileSync(
        path.join(dir, "alerts.test.yml"),
        `rule_files: [alerts.yml]
evaluation_interval: 1m
tests:
  - interval: 1m
    input_series:
      - series: 'landunits_outbox_oldest_age_seconds{job="landunits",instance="app1"}'
        values: '0+60x20'
      - series: 'landunits_database_up{job="landunits",instance="app1"}'
        values: '1 1 0 0 0 0'
    alert_rule_test:
      - eval_time: 10m
        alertname: LandunitsOutboxStuck
        exp_alerts: []
      - eval_time: 17m
        alertname: LandunitsOutboxStuck
        exp_alerts:
          - exp_labels: { severity: critical }
            exp_annotations:
              summary: "The oldest email in the outbox has waited 17m 0s"
              runbook_url: "${RUNBOOK_BASE_URL}/operations.md#landunitsoutboxstuck"
      - eval_time: 3m
        alertname: LandunitsDatabaseUnreachable
        exp_alerts: []
      - eval_time: 5m
        alertname: LandunitsDatabaseUnreachable
        exp_alerts:
          - exp_labels: { severity: critical, job: landunits, instance: app1 }
            exp_annotations:
              summary: "app1 cannot read the database"
              description: "Its requests answer 503 with Retry-After; it recovers by itself when the database is back."
              runbook_url: "${RUNBOOK_BASE_URL}/operations.md#landunitsdatabaseunreachable"
`,
      )
      const tested = promtool("test", "rules", "alerts.test.yml")
      expect(tested.output).toContain("SUCCESS")
      expect(tested.status).toBe(0)
    },
  )

  it("names only metrics the app exposes, and every rule's runbook is a section of docs/operations.md", () => {
    const named = familiesIn(rules)
    expect(named.length).toBeGreaterThan(alertNames.length)
    expect(named.filter((name) => !exposed.has(name))).toEqual([])
    const sections = new Set(
      [...read("docs/operations.md").matchAll(/^#{2,4} (.+)$/gm)].map((m) => anchorOf(m[1]!)),
    )
    const runbooks = [...rules.matchAll(/runbook_url: "([^"]+)"/g)].map((m) => m[1]!)
    expect(runbooks).toHaveLength(alertNames.length)
    for (const runbook of runbooks) {
      expect(runbook.startsWith(`${RUNBOOK_BASE_URL}/operations.md#`), runbook).toBe(true)
      expect(sections.has(runbook.split("#")[1]!), runbook).toBe(true)
    }
  })

  it("is the alert table of docs/operations/metrics.md, rule for rule", () => {
    const table = [...read("docs/operations/metrics.md").matchAll(/^\| `(Landunits[A-Za-z]+)` \|/gm)].map(
      (m) => m[1]!,
    )
    expect([...table].sort()).toEqual([...alertNames].sort())
  })
})

describe("docs/deploy/grafana-dashboard.json", () => {
  it("queries only metrics the app exposes, each panel at least one", () => {
    expect(dashboard.panels.length).toBeGreaterThan(10)
    for (const panel of dashboard.panels) {
      expect(panel.targets.length, panel.title).toBeGreaterThan(0)
      for (const { expr } of panel.targets)
        expect(
          familiesIn(expr).filter((name) => !exposed.has(name)),
          panel.title,
        ).toEqual([])
    }
  })
})
