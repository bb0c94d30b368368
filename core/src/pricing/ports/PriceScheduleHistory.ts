import { Context, Effect, Layer } from "effect"
import type { UnitType } from "../../shared/Enums.ts"
import type { PriceChange } from "../PriceHistory.ts"

/**
 * Port: every schedule a unit type has had, each with when it was set (issue 24). The adapter appends one when an
 * admin's setting changes the schedule (base price, base date or growth); a fee or land setting that leaves it
 * as it was appends nothing.
 */
export class PriceScheduleHistory extends Context.Service<
  PriceScheduleHistory,
  {
    /** The unit type's changes, oldest first. */
    readonly changes: (unitType: UnitType) => Effect.Effect<ReadonlyArray<PriceChange>>
  }
>()("@landunits/core/pricing/ports/PriceScheduleHistory") {
  /** In memory over a list the caller owns (any order; two changes at one instant keep their order). */
  static readonly layerMemory = (changes: { current: ReadonlyArray<PriceChange> }) =>
    Layer.succeed(PriceScheduleHistory)({
      changes: (unitType) =>
        Effect.sync(() =>
          changes.current
            .filter((c) => c.schedule.unitType === unitType)
            .map((c, i) => [c, i] as const)
            .toSorted((a, b) => a[0].at - b[0].at || a[1] - b[1])
            .map(([c]) => c),
        ),
    })
}
