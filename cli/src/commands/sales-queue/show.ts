/** `landunits sales-queue show [--unit-type LAND_EUR]`: the sell orders waiting for buyers, first in first out, with what remains of each. */
import { OrderRepository } from "@landunits/core/orders/ports/OrderRepository.ts"
import { remainingInQueue } from "@landunits/core/orders/SalesQueue.ts"
import { UnitType, UnitTypes } from "@landunits/core/shared/Enums.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { optionValue } from "../../support/Lookup.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { table } from "../../support/Output.ts"

export const salesQueueShow = (cli: Cli, o: { unitType?: string }) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      const unitType =
        o.unitType === undefined
          ? undefined
          : yield* optionValue(UnitType, "--unit-type", o.unitType, UnitTypes.join(", "))
      const sells = yield* (yield* OrderRepository).find({
        orderType: "SELL",
        statuses: ["InProcess", "PartialComplete"],
        ...(unitType === undefined ? {} : { unitType }),
      })
      return sells
        .filter((s) => s.sell !== undefined && remainingInQueue(s.sell) > 0)
        .map((s, i) => ({
          position: i + 1,
          orderId: s.orderId,
          memberId: s.memberId,
          unitType: s.currencyUnit.unitType,
          status: s.orderStatus,
          queued: s.sell?.queuedUnits ?? 0,
          sold: s.sell?.soldUnits ?? 0,
          remaining: s.sell === undefined ? 0 : remainingInQueue(s.sell),
          createdAt: s.createdAt,
        }))
    }),
    (rows) =>
      table(
        rows,
        ["position", "orderId", "memberId", "unitType", "status", "queued", "sold", "remaining", "createdAt"],
        "The sales queue is empty.",
      ),
  )
