/**
 * The report builder of `npm run audit:rules`: a rule's test broken on purpose shows the rule as failed, with the
 * one command that replays its counterexample (seed, path and the property's place in its test), and that command's
 * settings replay exactly that case; a rule whose test did not run, or that names none, cannot pass.
 */
import fc from "fast-check"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { assert as auditAssert } from "./AuditFastCheck.ts"
import { auditTest, type PropertyRun, propertyRuns } from "./AuditProperties.ts"
import { buildAuditReport, replayCommand, type TestOutcome } from "./AuditReport.ts"
import { reportHtml } from "./ReportHtml.ts"
import { reportMarkdown } from "./ReportMarkdown.ts"
import type { Rule } from "./Rule.ts"

const AUDIT_ENV = ["AUDIT_RUNS", "AUDIT_SEED", "AUDIT_PATH", "AUDIT_PROPERTY"] as const
let saved: Record<string, string | undefined> = {}
beforeEach(() => {
  saved = Object.fromEntries(AUDIT_ENV.map((name) => [name, process.env[name]]))
  for (const name of AUDIT_ENV) delete process.env[name]
})
afterEach(() => {
  for (const name of AUDIT_ENV)
    if (saved[name] === undefined) delete process.env[name]
    else process.env[name] = saved[name]
})

const FILE = "core/test/fees/Fees.test.ts"
const rule = (id: string, tests: Rule["tests"], extra: Partial<Rule> = {}): Rule => ({
  id,
  source: "decisions.md Money and prices",
  quote: `The rule ${id} <in its words> & more.`,
  tests,
  ...extra,
})
const outcome = (name: string, state: TestOutcome["state"], properties: ReadonlyArray<PropertyRun> = []) => ({
  file: FILE,
  name,
  fullName: `buy fee > ${name}`,
  state,
  properties,
  ...(state === "failed" ? { error: "Property failed after 3 tests" } : {}),
})
const input = (rules: ReadonlyArray<Rule>, tests: ReadonlyArray<TestOutcome>) => ({
  rules,
  tests,
  commit: "0123456789abcdef0123456789abcdef01234567",
  time: "2026-11-30T03:00:00.000Z",
  durationSeconds: 42.5,
})

/** Runs a property through the audit's fast-check as a test would, and gives what it recorded. */
const runProperty = (property: fc.IRawProperty<[number]>, parameters: fc.Parameters<[number]> = {}) => {
  const task = { meta: {} }
  auditTest(task)
  let error: unknown
  try {
    auditAssert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (n) => n > 0 || n === 0),
      {},
    )
    auditAssert(property, parameters)
  } catch (e) {
    error = e
  }
  return { runs: propertyRuns(task.meta), error }
}

// Broken on purpose: no amount of cents is ever 1,000 or more.
const broken = fc.property(fc.integer({ min: 0, max: 1_000_000 }), (cents) => cents < 1000)

describe("the audit report", () => {
  it("a rule whose tests passed is passed, with each property's generated cases and seed, the commit and the time", () => {
    const property = { index: 1, numRuns: 1000, seed: 42, failed: false, path: null, counterexample: null }
    const report = buildAuditReport(
      input(
        [rule("fees.buy", [{ file: FILE, name: "the buy fee is within half a cent" }])],
        [outcome("the buy fee is within half a cent", "passed", [property])],
      ),
    )
    expect(report.passed).toBe(true)
    expect(report.rules[0]?.status).toBe("passed")
    const markdown = reportMarkdown(report)
    expect(markdown).toContain("## fees.buy: PASSED")
    expect(markdown).toContain("> The rule fees.buy <in its words> & more.")
    expect(markdown).toContain(
      "| core/test/fees/Fees.test.ts | buy fee > the buy fee is within half a cent | passed |",
    )
    expect(markdown).toContain("property 1: 1,000 generated cases, seed 42")
    expect(markdown).toContain(
      "Commit 0123456789abcdef0123456789abcdef01234567, run at 2026-11-30T03:00:00.000Z",
    )
    const html = reportHtml(report)
    expect(html).toContain("The rule fees.buy &lt;in its words&gt; &amp; more.")
    expect(html).toContain('<section id="fees.buy" class="passed">')
  })

  it("a property broken on purpose fails its rule, and the report gives the command that replays its counterexample", () => {
    const { runs, error } = runProperty(broken, { seed: 7 })
    expect(String(error)).toContain("Property failed")
    expect(runs.map((run) => [run.index, run.failed])).toEqual([
      [1, false],
      [2, true],
    ])
    const failed = runs[1] as PropertyRun
    expect(failed.seed).toBe(7)
    expect(failed.counterexample).toBe("[1000]")
    expect(failed.path).toMatch(/^\d+(:\d+)*$/)

    const report = buildAuditReport(
      input(
        [
          rule("fees.cents", [{ file: FILE, name: "no amount reaches 1,000 cents" }]),
          rule("fees.other", [{ file: FILE, name: "an example" }]),
        ],
        [outcome("no amount reaches 1,000 cents", "failed", runs), outcome("an example", "passed")],
      ),
    )
    expect(report.passed).toBe(false)
    expect(report.rules.map((result) => result.status)).toEqual(["failed", "passed"])
    const replay = `AUDIT_SEED=7 AUDIT_PATH='${failed.path}' AUDIT_PROPERTY=2 npm run audit:rules -- ${FILE} -t 'no amount reaches 1,000 cents$'`
    expect(replayCommand(outcome("no amount reaches 1,000 cents", "failed"), failed)).toBe(replay)
    const markdown = reportMarkdown(report)
    expect(markdown).toContain("## fees.cents: FAILED")
    expect(markdown).toContain("property 2: FAILED at its ")
    expect(markdown).toContain(`seed 7, path ${failed.path}, counterexample [1000]`)
    expect(markdown).toContain(replay)
    expect(markdown).toContain("**NOT PASSED**: 2 rules: 1 passed, 1 failed")
    expect(markdown).toContain("| fees.cents | decisions.md Money and prices | failed | 1 |")
    expect(reportHtml(report)).toContain('<tr class="failed"><td><a href="#fees.cents">fees.cents</a>')
    expect(reportHtml(report)).toContain(replay)

    // The replay's settings run that property on its counterexample alone, and fail it again on the same value.
    process.env.AUDIT_SEED = String(failed.seed)
    process.env.AUDIT_PATH = failed.path ?? ""
    process.env.AUDIT_PROPERTY = String(failed.index)
    const again = runProperty(fc.property(fc.integer({ min: 0, max: 1_000_000 }), (cents) => cents < 1000))
    expect(again.runs[0]?.failed).toBe(false)
    expect(again.runs[1]?.failed).toBe(true)
    expect(again.runs[1]?.counterexample).toBe("[1000]")
    expect(again.runs[1]?.numRuns).toBe(1)
  })

  it("a failed test without a property is replayed by its file and name", () => {
    const report = buildAuditReport(
      input(
        [rule("fees.example", [{ file: FILE, name: "AUD pays a buy fee of 160 cents" }])],
        [outcome("AUD pays a buy fee of 160 cents", "failed")],
      ),
    )
    expect(report.rules[0]?.status).toBe("failed")
    expect(reportMarkdown(report)).toContain(
      `npm run audit:rules -- ${FILE} -t 'AUD pays a buy fee of 160 cents$'`,
    )
  })

  it("AUDIT_RUNS sets every property's number of cases, over the test's own", () => {
    process.env.AUDIT_RUNS = "250"
    const { runs } = runProperty(
      fc.property(fc.integer(), (_n: number) => true),
      { numRuns: 10 },
    )
    expect(runs.map((run) => run.numRuns)).toEqual([250, 250])
  })

  it("a rule whose test did not run, or that names none, cannot pass; a clause outside the code is listed as such", () => {
    const report = buildAuditReport(
      input(
        [
          rule("a.ran", [{ file: FILE, name: "ran" }]),
          rule("a.missing", [{ file: FILE, name: "was renamed" }]),
          rule("a.none", []),
          rule("a.outside", [], { outside: "The site's legal words, not a rule of the code." }),
        ],
        [outcome("ran", "passed")],
      ),
    )
    expect(report.rules.map((result) => result.status)).toEqual(["passed", "not run", "no test", "outside"])
    expect(report.passed).toBe(false)
    const markdown = reportMarkdown(report)
    expect(markdown).toContain("| core/test/fees/Fees.test.ts | was renamed | NOT RUN (no such test ran) | |")
    expect(markdown).toContain("**No test proves this rule.**")
    expect(markdown).toContain("Not proved by this run: The site's legal words, not a rule of the code.")

    const withoutGaps = buildAuditReport(
      input([report.rules[0]?.rule as Rule, report.rules[3]?.rule as Rule], [outcome("ran", "passed")]),
    )
    expect(withoutGaps.passed).toBe(true)
  })

  it("a name with a placeholder (the model runs' template) matches the test's name whatever it became", () => {
    const placeholder = ["$", "{RUNS}"].join("")
    const name = `keep every invariant after every step of ${placeholder} random sequences of all commands`
    const ran = {
      ...outcome("x", "passed"),
      name: name.replace(placeholder, "1000"),
      fullName: `model > ${name.replace(placeholder, "1000")}`,
    }
    const report = buildAuditReport(input([rule("model.all", [{ file: FILE, name }])], [ran]))
    expect(report.rules[0]?.status).toBe("passed")
    const other = {
      ...ran,
      fullName: "model > keep every invariant after every step of 1000 random sequences of buys",
    }
    expect(
      buildAuditReport(input([rule("model.all", [{ file: FILE, name }])], [other])).rules[0]?.status,
    ).toBe("not run")
  })
})
