import { Context, Effect, Layer } from "effect"
import type { PriceSchedule } from "../PricingModel.ts"

/**
 * Port: every configured unit type's price schedule (base price, base date, growth per year), from which
 * the price of any day follows (`priceOnDay`). Read by the statistics and the dashboard's price history.
 */
export class PriceSchedules extends Context.Service<
  PriceSchedules,
  { readonly schedules: Effect.Effect<ReadonlyArray<PriceSchedule>> }
>()("@landunits/core/pricing/ports/PriceSchedules") {
  /** In memory over a list the caller owns. */
  static readonly layerMemory = (schedules: { current: ReadonlyArray<PriceSchedule> }) =>
    Layer.succeed(PriceSchedules)({ schedules: Effect.sync(() => [...schedules.current]) })
}
