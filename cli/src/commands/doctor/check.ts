/**
 * `landunits doctor` (issue 39; docs/operations.md "First production start"): core's doctor (SetupAdmin.ts) on this
 * installation, one line per finding, and exit code 1 when anything blocks members. It changes nothing and needs
 * no `--as`: a new installation has no admin yet, and that is one of the things it says.
 */

import { doctor } from "@landunits/core/setup/SetupAdmin.ts"
import type { Finding } from "@landunits/core/setup/SetupModel.ts"
import { type Cli, ExitCode } from "../../Admin.ts"
import { failureOf } from "../../support/Failures.ts"
import { table, terminalSafeLines, toJson } from "../../support/Output.ts"

const STATE: Readonly<Record<Finding["state"], string>> = { ok: "ok", blocks: "BLOCKS", advice: "advice" }

/** The one screen. */
export const doctorText = (findings: ReadonlyArray<Finding>): string => {
  const blocking = findings.filter((f) => f.state === "blocks").length
  return [
    "What this installation has, and what it lacks (landunits doctor):",
    "",
    table(
      findings.map((f) => ({ state: STATE[f.state], what: f.about, detail: f.message })),
      ["state", "what", "detail"],
      "",
    ),
    "",
    blocking === 0
      ? "Nothing blocks members."
      : `${blocking} ${blocking === 1 ? "thing blocks" : "things block"} members: fix ${blocking === 1 ? "it" : "them"}, then run landunits doctor again.`,
  ].join("\n")
}

export const doctorCheck = async (cli: Cli) => {
  const exit = await (await cli.runtime()).runPromiseExit(doctor)
  if (exit._tag === "Failure") {
    cli.io.err(
      `Refused: the installation could not be checked: ${terminalSafeLines(failureOf(exit.cause).message)}`,
    )
    cli.io.exitCode(ExitCode.refused)
    return
  }
  const report = exit.value
  cli.io.out(cli.options().json ? toJson(report) : terminalSafeLines(doctorText(report.findings)))
  if (report.blocksMembers) cli.io.exitCode(ExitCode.needsAPerson)
}
