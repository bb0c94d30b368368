import { Context, Effect, Layer, Schema } from "effect"
import { DEFAULT_EXTERNAL_FEES } from "../../shared/Constants.ts"
import type { UnitType } from "../../shared/Enums.ts"
import type { ExternalFees, UnitPrice } from "../PricingModel.ts"

const NonNegativeInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** The limits of one unit type's land project (spec §3 Project totals, §5 order rules). */
export const LandLimits = Schema.Struct({
  /** The land value Units of this type may be sold against (the availability formula's "project land value"). */
  totalProjectLandValueInCents: NonNegativeInt,
  /** The platform-wide cap of the LU2X offer, valued at the full pricePerUnit. */
  maxDoubleLandUnitsBoughtValueInCents: NonNegativeInt,
  /** How much a member may have in unpaid buys of this type at once (payment amounts); absent: no limit. */
  maxPendingPurchaseCents: Schema.optionalKey(NonNegativeInt),
})
export type LandLimits = typeof LandLimits.Type

export interface PriceBookConfig {
  readonly prices: Readonly<Record<UnitType, UnitPrice>>
  readonly externalFees: ExternalFees
  readonly landLimits: Readonly<Record<UnitType, LandLimits>>
}

/**
 * Port: today's prices, fees and land limits, as admins configured them. The adapter computes today's
 * pricePerUnit from each unit type's PriceSchedule with `priceOnDay` (pricing/Pricing.ts).
 */
export class PriceBook extends Context.Service<
  PriceBook,
  {
    readonly unitPrice: (unitType: UnitType) => Effect.Effect<UnitPrice>
    readonly externalFees: Effect.Effect<ExternalFees>
    readonly landLimits: (unitType: UnitType) => Effect.Effect<LandLimits>
  }
>()("@landunits/core/pricing/ports/PriceBook") {
  /** In memory over a config object the caller owns (a test changes a price by replacing `config.prices`). */
  static readonly layerMemory = (config: { current: PriceBookConfig }) =>
    Layer.succeed(PriceBook)({
      unitPrice: (unitType) => Effect.sync(() => config.current.prices[unitType]),
      externalFees: Effect.sync(() => config.current.externalFees),
      landLimits: (unitType) => Effect.sync(() => config.current.landLimits[unitType]),
    })

  /** The default external fees of decisions.md. */
  static readonly defaultExternalFees: ExternalFees = DEFAULT_EXTERNAL_FEES
}
