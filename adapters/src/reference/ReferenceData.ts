/**
 * The reference data every member page shows and no member owns: each unit type's price schedule, fees and
 * land limits, the external fees, the latest exchange rate of each currency pair on or before a day, and
 * the bank accounts members pay into. Read as one snapshot (one query, ReferenceDataPg.ts).
 *
 * `ReferenceData.cached` keeps the snapshot in the process for REFERENCE_DATA_TTL (docs/decisions.md:
 * "Reference data is cached for 5 seconds"): an admin's change through the CLI, or through another app
 * process, is seen within that time. Prices of the day are still computed per call from the cached
 * schedule, and the snapshot is keyed by the day, so midnight (UTC) never serves yesterday's rates.
 */
import { formatIsoDate } from "@landunits/core/format/Format.ts"
import type { AdminBankDetails, ExchangeRate, ExternalFees } from "@landunits/core/pricing/PricingModel.ts"
import type { UnitSettings } from "@landunits/core/pricing/ports/PricingSettings.ts"
import { type CurrencyType, type UnitType, UnitTypes } from "@landunits/core/shared/Enums.ts"
import { Cache, Clock, Context, Duration, Effect, Exit, Layer } from "effect"
import { unconfigured, withDefaultExternalFees } from "./PricingAnswers.ts"

export interface ReferenceSnapshot {
  /** The UTC day (YYYY-MM-DD) the exchange rates were chosen for. */
  readonly day: string
  /** Every configured unit type's settings, by unit type. */
  readonly units: ReadonlyArray<UnitSettings>
  /** The external fees per payment method, as configured (possibly incomplete: the reader decides). */
  readonly externalFees: Partial<ExternalFees>
  /** For each currency pair that has one, its latest rate on or before `day`. */
  readonly rates: ReadonlyArray<ExchangeRate>
  readonly bankAccounts: Partial<Record<CurrencyType, AdminBankDetails>>
}

/** How long a process may answer from its copy of the reference data. */
export const REFERENCE_DATA_TTL = Duration.seconds(5)

export class ReferenceData extends Context.Service<
  ReferenceData,
  { readonly on: (day: string) => Effect.Effect<ReferenceSnapshot> }
>()("@landunits/adapters/reference/ReferenceData") {
  /**
   * Keeps each day's snapshot for `ttl` over the ReferenceData below it. Concurrent readers of an expired
   * snapshot share one read; a failed read is not kept.
   */
  static readonly cached = (ttl: Duration.Input = REFERENCE_DATA_TTL) =>
    Layer.effect(ReferenceData)(
      Effect.gen(function* () {
        const source = yield* ReferenceData
        const cache = yield* Cache.makeWith((day: string) => source.on(day), {
          capacity: 2,
          timeToLive: (exit) => (Exit.isSuccess(exit) ? ttl : Duration.zero),
        })
        return ReferenceData.of({ on: (day) => Cache.get(cache, day) })
      }),
    )
}

/** The reference data for today's UTC day (Effect's Clock). */
export const todayIn = (reference: ReferenceData["Service"]) =>
  Effect.flatMap(Clock.currentTimeMillis, (now) => reference.on(formatIsoDate(now)))

export const unitSettingsIn = (snapshot: ReferenceSnapshot, unitType: UnitType) => {
  const found = snapshot.units.find((u) => u.schedule.unitType === unitType)
  return found === undefined ? unconfigured(`price for ${unitType}`) : Effect.succeed(found)
}

/** The unit types that have a price in the snapshot, in the order of UnitTypes. */
export const pricedUnitTypesIn = (snapshot: ReferenceSnapshot): ReadonlyArray<UnitType> =>
  UnitTypes.filter((unitType) => snapshot.units.some((u) => u.schedule.unitType === unitType))

export const externalFeesIn = (snapshot: ReferenceSnapshot): ExternalFees =>
  withDefaultExternalFees(snapshot.externalFees)
