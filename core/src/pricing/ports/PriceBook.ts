import { Context, Effect, Layer, Schema } from "effect"
import { DEFAULT_EXTERNAL_FEES } from "../../shared/Constants.ts"
import { type UnitType, UnitTypes } from "../../shared/Enums.ts"
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
  /** A unit type left out has no price yet (a test of a new installation removes one). */
  readonly prices: Readonly<Record<UnitType, UnitPrice>>
  readonly externalFees: ExternalFees
  readonly landLimits: Readonly<Record<UnitType, LandLimits>>
}

/** Asking for what a unit type without a price has: a defect, as in the adapters. */
const unpriced = (unitType: UnitType) => Effect.die(new Error(`No price for ${unitType} is configured`))

/**
 * Port: today's prices, fees and land limits, as admins configured them. The adapter computes today's
 * pricePerUnit from each unit type's PriceSchedule with `priceOnDay` (pricing/Pricing.ts). A new
 * installation may not have priced every unit type yet: `pricedUnitTypes` says which have a price (and
 * with it fees and land limits); asking for another one is a defect.
 */
export class PriceBook extends Context.Service<
  PriceBook,
  {
    /** The unit types that have a price, in the order of UnitTypes. */
    readonly pricedUnitTypes: Effect.Effect<ReadonlyArray<UnitType>>
    readonly unitPrice: (unitType: UnitType) => Effect.Effect<UnitPrice>
    readonly externalFees: Effect.Effect<ExternalFees>
    readonly landLimits: (unitType: UnitType) => Effect.Effect<LandLimits>
  }
>()("@landunits/core/pricing/ports/PriceBook") {
  /** In memory over a config object the caller owns (a test changes a price by replacing `config.prices`). */
  static readonly layerMemory = (config: { current: PriceBookConfig }) => {
    const priced = (unitType: UnitType) =>
      (config.current.prices as Partial<PriceBookConfig["prices"]>)[unitType] !== undefined
    return Layer.succeed(PriceBook)({
      pricedUnitTypes: Effect.sync(() => UnitTypes.filter(priced)),
      unitPrice: (unitType) =>
        Effect.suspend(() =>
          priced(unitType) ? Effect.succeed(config.current.prices[unitType]) : unpriced(unitType),
        ),
      externalFees: Effect.sync(() => config.current.externalFees),
      landLimits: (unitType) =>
        Effect.suspend(() =>
          priced(unitType) ? Effect.succeed(config.current.landLimits[unitType]) : unpriced(unitType),
        ),
    })
  }

  /** The default external fees of decisions.md. */
  static readonly defaultExternalFees: ExternalFees = DEFAULT_EXTERNAL_FEES
}
