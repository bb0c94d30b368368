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
import type { AdminBankDetails, ExchangeRate, ExternalFees } from "@landunits/core/pricing/PricingModel.ts"
import type { CurrencyType } from "@landunits/core/shared/Enums.ts"
import { Cache, Context, Duration, Effect, Exit, Layer } from "effect"
import type { UnitSettings } from "../postgres/PricingPg.ts"

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
