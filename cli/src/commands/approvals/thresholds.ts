/** `landunits approvals thresholds`: each currency's threshold; money moves above it need a second admin. */
import { ApprovalService } from "@landunits/core/approvals/ApprovalService.ts"
import { DEFAULT_THRESHOLD_MINOR_UNITS } from "@landunits/core/approvals/FourEyes.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { table } from "../../support/Output.ts"

export const approvalsThresholds = (cli: Cli) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      return yield* (yield* ApprovalService).thresholds
    }),
    (t) =>
      table(
        Object.entries(t).map(([currency, minorUnits]) => ({
          currency,
          minorUnits,
          default: minorUnits === DEFAULT_THRESHOLD_MINOR_UNITS ? "yes" : "no",
        })),
        ["currency", "minorUnits", "default"],
        "No currency.",
      ),
  )
