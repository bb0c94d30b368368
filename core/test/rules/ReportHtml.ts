/** The audit report as one self-contained HTML page (audit/report.html): the same sections as ReportMarkdown.ts. */
import type { AuditReport, RuleResult } from "./AuditReport.ts"
import { propertyWords, summaryWords } from "./ReportMarkdown.ts"

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;")

const section = (result: RuleResult): string => {
  const rows = result.provedBy.flatMap((proof) =>
    proof.outcomes.length === 0
      ? [
          `<tr class="not-run"><td>${escapeHtml(proof.reference.file)}</td><td>${escapeHtml(proof.reference.name)}</td><td>not run (no such test ran)</td><td></td></tr>`,
        ]
      : proof.outcomes.map(
          (outcome) =>
            `<tr class="${outcome.state}"><td>${escapeHtml(outcome.file)}</td><td>${escapeHtml(outcome.fullName)}</td><td>${outcome.state}</td><td>${escapeHtml(outcome.properties.map(propertyWords).join("; ") || "example")}</td></tr>`,
        ),
  )
  const failures = result.provedBy.flatMap((proof) =>
    proof.outcomes
      .filter((outcome) => outcome.state === "failed")
      .map(
        (outcome) =>
          `<h3>Failed: ${escapeHtml(outcome.fullName)}</h3><pre>${escapeHtml((outcome.error ?? "").slice(0, 2000))}</pre>` +
          `<p>Replay:</p><pre class="replay">${escapeHtml((outcome.replay ?? []).join("\n"))}</pre>`,
      ),
  )
  return [
    `<section id="${escapeHtml(result.rule.id)}" class="${result.status.replace(" ", "-")}">`,
    `<h2>${escapeHtml(result.rule.id)}: <span class="status">${escapeHtml(result.status)}</span></h2>`,
    `<p class="source">${escapeHtml(result.rule.source)}</p>`,
    `<blockquote>${escapeHtml(result.rule.quote).replaceAll("\n", "<br>")}</blockquote>`,
    result.rule.note === undefined ? "" : `<p class="note">Note: ${escapeHtml(result.rule.note)}</p>`,
    result.rule.outside !== undefined
      ? `<p>Not proved by this run: ${escapeHtml(result.rule.outside)}</p>`
      : rows.length === 0
        ? "<p><strong>No test proves this rule.</strong></p>"
        : `<table><thead><tr><th>File</th><th>Test</th><th>Result</th><th>Generated cases</th></tr></thead><tbody>${rows.join("")}</tbody></table>`,
    ...failures,
    "</section>",
  ].join("\n")
}

export const reportHtml = (report: AuditReport): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Landunits audit: ${escapeHtml(report.commit)}</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; max-width: 72rem; margin: 2rem auto; padding: 0 1rem; color: #1b1b1b; }
blockquote { border-left: 4px solid #b9c7b0; margin: 0.5rem 0; padding: 0.25rem 0.75rem; background: #f6f8f4; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
th, td { border: 1px solid #ccc; padding: 4px 6px; text-align: left; vertical-align: top; }
tr.failed td, tr.not-run td, tr.no-test td { background: #fde8e8; }
section { border-top: 1px solid #ddd; margin-top: 1.5rem; }
section.failed .status, section.not-run .status, section.no-test .status { color: #a40000; }
section.passed .status { color: #1d6b1d; }
pre { white-space: pre-wrap; background: #f4f4f4; padding: 0.5rem; }
</style>
</head>
<body>
<h1>Landunits: the auditor's run of the money and Units rules</h1>
<p>Commit <code>${escapeHtml(report.commit)}</code>, run at ${escapeHtml(report.time)} in ${report.durationSeconds.toFixed(1)} s${
  report.runs === undefined ? "" : `, every property at ${report.runs.toLocaleString("en-US")} cases`
}.</p>
<p><strong>${report.passed ? "PASSED" : "NOT PASSED"}</strong>: ${escapeHtml(summaryWords(report))}.</p>
<table><thead><tr><th>Rule</th><th>Where it is written</th><th>Verdict</th></tr></thead><tbody>
${report.rules
  .map(
    (result) =>
      `<tr class="${result.status.replace(" ", "-")}"><td><a href="#${escapeHtml(result.rule.id)}">${escapeHtml(result.rule.id)}</a></td><td>${escapeHtml(result.rule.source)}</td><td>${escapeHtml(result.status)}</td></tr>`,
  )
  .join("\n")}
</tbody></table>
${report.rules.map(section).join("\n")}
</body>
</html>
`
