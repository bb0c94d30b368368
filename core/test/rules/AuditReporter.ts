/**
 * The audit run's vitest reporter (vitest.audit.ts): gathers every test's outcome and the properties it recorded,
 * builds the report (AuditReport.ts) and writes audit/report.md, audit/report.html and audit/report.json. A replay or
 * any run of part of the files or tests (a file filter, `-t`) leaves the report of the last full run as it was.
 */
import { execFileSync } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import type { Reporter, TestModule } from "vitest/node"
import { propertyRuns } from "./AuditProperties.ts"
import { buildAuditReport, type TestOutcome } from "./AuditReport.ts"
import { reportHtml } from "./ReportHtml.ts"
import { reportMarkdown, summaryWords } from "./ReportMarkdown.ts"
import { RULES } from "./RuleMap.ts"

const repoDir = fileURLToPath(new URL("../../..", import.meta.url))

const commit = (): string => {
  try {
    const head = execFileSync("git", ["rev-parse", "HEAD"], { cwd: repoDir, encoding: "utf8" }).trim()
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], {
      cwd: repoDir,
      encoding: "utf8",
    }).trim()
    return dirty === "" ? head : `${head} (with uncommitted changes)`
  } catch {
    return "unknown (not a git checkout)"
  }
}

export const testOutcomes = (modules: ReadonlyArray<TestModule>): ReadonlyArray<TestOutcome> =>
  modules.flatMap((module) =>
    [...module.children.allTests()].map((test) => {
      const result = test.result()
      const error = result.errors?.map((e) => e.message).join("\n")
      return {
        file: relative(repoDir, module.moduleId),
        name: test.name,
        fullName: test.fullName,
        state: result.state,
        ...(result.state === "failed" && error !== undefined ? { error } : {}),
        properties: propertyRuns(test.meta()),
      }
    }),
  )

export default class AuditReporter implements Reporter {
  private started = Date.now()

  onInit() {
    this.started = Date.now()
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const tests = testOutcomes(modules)
    const ran = new Set(tests.map((test) => test.file))
    const partial =
      (process.env.AUDIT_PATH ?? "") !== "" ||
      RULES.some((rule) => rule.tests.some((test) => !ran.has(test.file))) ||
      tests.some((test) => test.state === "skipped")
    if (partial) {
      process.stdout.write("\nA part of the audit ran: audit/report.* stay those of the last full run.\n")
      return
    }
    const runs = process.env.AUDIT_RUNS
    const report = buildAuditReport({
      rules: RULES,
      tests,
      commit: commit(),
      time: new Date().toISOString(),
      durationSeconds: (Date.now() - this.started) / 1000,
      ...(runs === undefined || runs === "" ? {} : { runs: Number(runs) }),
    })
    const dir = join(repoDir, "audit")
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "report.md"), reportMarkdown(report))
    writeFileSync(join(dir, "report.html"), reportHtml(report))
    writeFileSync(join(dir, "report.json"), `${JSON.stringify(report, null, 2)}\n`)
    process.stdout.write(
      `\nAudit ${report.passed ? "PASSED" : "NOT PASSED"}: ${summaryWords(report)}.\nReport: audit/report.html, audit/report.md, audit/report.json\n`,
    )
  }
}
