/**
 * `landunits sales-queue show [--unit-type LAND_EUR]`: the sell orders waiting for buyers, first in first out,
 * with what remains of each, its position in its unit type's queue, the Units ahead of it and the estimate of
 * when it is all sold from the last 30 days' confirmed buys (core's SaleQueuePosition.ts, issue 24).
 */
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import type { FillEstimate } from "@landunits/core/orders/SaleQueuePosition.ts"
import { UnitType, UnitTypes } from "@landunits/core/shared/Enums.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { optionValue } from "../../support/Lookup.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { table } from "../../support/Output.ts"

/** The estimate in a table cell: "27 d (9–40)", "27 d (9+)" without an upper bound, or "no history". */
export const estimateCell = (estimate: FillEstimate): string =>
  estimate.kind === "notEnoughHistory"
    ? "no history"
    : `${estimate.days} d (${estimate.earliestDays}${estimate.latestDays === undefined ? "+" : `–${estimate.latestDays}`})`

export const salesQueueShow = (cli: Cli, o: { unitType?: string }) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      const unitType =
        o.unitType === undefined
          ? undefined
          : yield* optionValue(UnitType, "--unit-type", o.unitType, UnitTypes.join(", "))
      const rows = yield* (yield* OrderService).salesQueue(unitType === undefined ? UnitTypes : [unitType])
      return rows.map(({ order, standing }) => ({
        position: standing.position,
        orderId: order.orderId,
        memberId: order.memberId,
        unitType: order.currencyUnit.unitType,
        status: order.orderStatus,
        queued: order.sell?.queuedUnits ?? 0,
        sold: order.sell?.soldUnits ?? 0,
        remaining: standing.remaining,
        unitsAhead: standing.unitsAhead,
        ordersAhead: standing.ordersAhead,
        unitsBoughtLast30Days: standing.unitsBoughtLast30Days,
        estimate: standing.estimate,
        createdAt: order.createdAt,
      }))
    }),
    (rows) =>
      table(
        rows.map((r) => ({ ...r, estimate: estimateCell(r.estimate) })),
        [
          "position",
          "orderId",
          "memberId",
          "unitType",
          "status",
          "queued",
          "sold",
          "remaining",
          "unitsAhead",
          "estimate",
          "createdAt",
        ],
        "The sales queue is empty.",
      ) +
      (rows.length === 0
        ? ""
        : "\n\nposition and unitsAhead count within each unit type's queue; estimate: days until all sold at the last 30 days' pace (range from the quickest and slowest 10 days; + means no upper bound)."),
  )
