/**
 * `landunits db reconcile`: compares the payments providers reported with the orders and prints every
 * mismatch (exit code 1 when there is any, so a scheduled run can alert). Read-only.
 */
import { ReconcileService } from "@landunits/core/reconcile/ReconcileService.ts"
import { Effect } from "effect"
import { type Cli, ExitCode, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { table } from "../../support/Output.ts"

export const dbReconcile = (cli: Cli) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const report = yield* (yield* ReconcileService).report(operator.actor)
      if (report.mismatches.length > 0) cli.io.exitCode(ExitCode.refused)
      return report
    }),
    (r) =>
      r.mismatches.length === 0
        ? `No mismatch: ${r.payments} provider payment(s), ${r.orders} buy order(s).`
        : `${r.mismatches.length} mismatch(es) in ${r.payments} provider payment(s) and ${r.orders} buy order(s):\n${table(
            r.mismatches.map((m) => ({ kind: m.kind, message: m.message })),
            ["kind", "message"],
            "",
          )}`,
  )
