/** The audit report as Markdown (audit/report.md): what an auditor files beside the HTML. */

import type { PropertyRun } from "./AuditProperties.ts"
import type { AuditReport, RuleResult } from "./AuditReport.ts"

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ")

const cases = (count: number) => `${count.toLocaleString("en-US")} generated case${count === 1 ? "" : "s"}`

export const propertyWords = (property: PropertyRun) =>
  property.failed
    ? `property ${property.index}: FAILED at its ${ordinal(property.numRuns)} generated case, seed ${property.seed}, ` +
      `path ${property.path ?? "(none)"}, counterexample ${property.counterexample ?? "(none)"}`
    : `property ${property.index}: ${cases(property.numRuns)}, seed ${property.seed}`

const ordinal = (n: number) => {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th")
  return `${n.toLocaleString("en-US")}${suffix}`
}

export const summaryWords = (report: AuditReport) =>
  `${report.rules.length} rules: ${report.counts.passed} passed, ${report.counts.failed} failed, ` +
  `${report.counts["not run"]} with a test that did not run, ${report.counts["no test"]} with no test, ` +
  `${report.counts.outside} outside the code`

const section = (result: RuleResult): string => {
  const lines = [
    `## ${result.rule.id}: ${result.status.toUpperCase()}`,
    "",
    `${result.rule.source}:`,
    "",
    ...result.rule.quote.split("\n").map((line) => `> ${line}`),
    "",
    ...(result.rule.note === undefined ? [] : [`Note: ${result.rule.note}`, ""]),
  ]
  if (result.rule.outside !== undefined) lines.push(`Not proved by this run: ${result.rule.outside}`, "")
  else if (result.provedBy.length === 0) lines.push("**No test proves this rule.**", "")
  else {
    lines.push("| File | Test | Result | Generated cases |", "| --- | --- | --- | --- |")
    for (const proof of result.provedBy) {
      if (proof.outcomes.length === 0)
        lines.push(
          `| ${cell(proof.reference.file)} | ${cell(proof.reference.name)} | NOT RUN (no such test ran) | |`,
        )
      for (const outcome of proof.outcomes)
        lines.push(
          `| ${cell(outcome.file)} | ${cell(outcome.fullName)} | ${outcome.state} | ${cell(
            outcome.properties.map(propertyWords).join("; ") || "example",
          )} |`,
        )
    }
    lines.push("")
    for (const proof of result.provedBy)
      for (const outcome of proof.outcomes) {
        if (outcome.state !== "failed") continue
        lines.push(
          `Failed: ${outcome.fullName}`,
          "",
          "```",
          cell(outcome.error ?? "").slice(0, 2000),
          "```",
          "",
        )
        lines.push("Replay:", "", "```sh", ...(outcome.replay ?? []), "```", "")
      }
  }
  return lines.join("\n")
}

export const reportMarkdown = (report: AuditReport): string =>
  [
    "# Landunits: the auditor's run of the money and Units rules",
    "",
    `Commit ${report.commit}, run at ${report.time} in ${report.durationSeconds.toFixed(1)} s` +
      (report.runs === undefined ? "." : `, every property at ${report.runs.toLocaleString("en-US")} cases.`),
    "",
    `**${report.passed ? "PASSED" : "NOT PASSED"}**: ${summaryWords(report)}.`,
    "",
    "| Rule | Where it is written | Verdict | Tests |",
    "| --- | --- | --- | ---: |",
    ...report.rules.map(
      (result) =>
        `| ${result.rule.id} | ${cell(result.rule.source)} | ${result.status} | ${result.provedBy.reduce(
          (count, proof) => count + proof.outcomes.length,
          0,
        )} |`,
    ),
    "",
    ...report.rules.map(section),
  ].join("\n")
