/**
 * PriceBook answered from a ReferenceData snapshot instead of one query each, with PriceBookPg's answers and
 * failures: a missing price or land limit is a defect naming what to configure (readers ask `pricedUnitTypes`
 * first); an external fee never set is its default. For read-only pages (the member's bundle): orders keep reading
 * the database (PriceBookPg) so an admin's change applies at once.
 */
import { PriceBook } from "@landunits/core/pricing/ports/PriceBook.ts"
import { Effect, Layer } from "effect"
import { unitPriceOn } from "./PricingAnswers.ts"
import { externalFeesIn, pricedUnitTypesIn, ReferenceData, todayIn, unitSettingsIn } from "./ReferenceData.ts"

export const PriceBookReferenceData = Layer.effect(PriceBook)(
  Effect.gen(function* () {
    const today = todayIn(yield* ReferenceData)
    return PriceBook.of({
      pricedUnitTypes: Effect.map(today, pricedUnitTypesIn),
      unitPrice: (unitType) =>
        Effect.flatMap(today, (snapshot) =>
          Effect.map(unitSettingsIn(snapshot, unitType), (settings) => unitPriceOn(settings, snapshot.day)),
        ),
      externalFees: Effect.map(today, externalFeesIn),
      landLimits: (unitType) =>
        Effect.flatMap(today, (snapshot) =>
          Effect.map(unitSettingsIn(snapshot, unitType), (settings) => settings.landLimits),
        ),
    })
  }),
)
