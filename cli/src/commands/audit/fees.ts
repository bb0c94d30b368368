/**
 * `landunits audit fees [--from day] [--to day] [--format text|json]` (issue 42): core's fee replay
 * (FeeReplayAdmin.ts) over every stored order created in those days: each order's subtotal, fees, discount and
 * payment amount recomputed from the prices, fee settings and discount terms in force when it was created. Prints
 * every difference (order, field, stored, recomputed); exit 1 when there is any, 0 when every order replays.
 */
import { type FeeReplayReport, replayFees } from "@landunits/core/fees/FeeReplayAdmin.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, ExitCode, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { table } from "../../support/Output.ts"

interface FeesOptions {
  from?: string
  to?: string
  format?: string
}

const counted = (r: FeeReplayReport) =>
  `${r.orders} order(s)${r.from === undefined && r.to === undefined ? "" : ` created ${r.from ?? "from the first"} to ${r.to ?? "the last"}`} (` +
  Object.entries(r.byType)
    .map(([type, n]) => `${n} ${type}`)
    .join(", ") +
  ")"

const uncheckedLine = (r: FeeReplayReport) =>
  r.unchecked.price + r.unchecked.exchangeRate === 0
    ? ""
    : `\nPriced with their stored terms, which the history does not reach: ${r.unchecked.price} order(s)' price per Unit, ${r.unchecked.exchangeRate} convert(s)' exchange rate.`

const human = (r: FeeReplayReport) =>
  r.differences.length === 0
    ? `Every fee replays: ${counted(r)}, each subtotal, fee, discount and payment amount as core's formulas give them from the terms in force when the order was created.${uncheckedLine(r)}`
    : `${r.differences.length} difference(s) in ${r.ordersWithDifferences} of ${counted(r)}:\n` +
      table(
        r.differences.map((d) => ({
          order: d.orderId,
          type: d.orderType,
          created: d.createdAt,
          field: d.field,
          stored: d.stored,
          recomputed: d.recomputed,
        })),
        ["order", "type", "created", "field", "stored", "recomputed"],
        "",
      ) +
      uncheckedLine(r)

export const auditFees = (cli: Cli, o: FeesOptions) => {
  const asJson = o.format === "json"
  return runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      if (o.format !== undefined && o.format !== "text" && o.format !== "json") {
        return yield* new AdminRefused({ message: `--format is text or json (got ${o.format})` })
      }
      const report = yield* replayFees({ from: o.from, to: o.to })
      if (report.differences.length > 0) cli.io.exitCode(ExitCode.refused)
      return report
    }),
    // --format json prints what --json prints.
    (r) => (asJson ? JSON.stringify(r, null, 2) : human(r)),
  )
}
