/**
 * PriceBook, ExchangeRates and BankTransfers answered from a ReferenceData snapshot instead of one query
 * each, with PricingPg's answers and failures: a missing price, land limit or bank account is a defect
 * naming what to configure (readers ask `pricedUnitTypes` first); an external fee never set is its default;
 * a missing rate is ExchangeRateUnavailable. For read-only pages (the member's bundle): orders keep reading
 * the database (PricingPg) so an admin's change applies at once.
 */
import { formatIsoDate } from "@landunits/core/format/Format.ts"
import { EXCHANGE_RATE_SCALE } from "@landunits/core/orders/OrderModel.ts"
import { BankTransfers } from "@landunits/core/orders/ports/BankTransfers.ts"
import type { ExternalFees } from "@landunits/core/pricing/PricingModel.ts"
import { ExchangeRates, ExchangeRateUnavailable } from "@landunits/core/pricing/ports/ExchangeRates.ts"
import { PriceBook } from "@landunits/core/pricing/ports/PriceBook.ts"
import { type UnitType, UnitTypes } from "@landunits/core/shared/Enums.ts"
import { Clock, Context, Effect, Layer } from "effect"
import { unconfigured, unitPriceOn, withDefaultExternalFees } from "../postgres/PricingPg.ts"
import { ReferenceData, type ReferenceSnapshot } from "./ReferenceData.ts"

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

export const layerReferencePorts = Layer.effectContext(
  Effect.gen(function* () {
    const reference = yield* ReferenceData
    const today = todayIn(reference)
    const priceBook = PriceBook.of({
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
    const rates = ExchangeRates.of({
      rate: (from, to) =>
        Effect.flatMap(today, (snapshot) => {
          if (from === to) return Effect.succeed({ from, to, rate: EXCHANGE_RATE_SCALE, day: snapshot.day })
          const found = snapshot.rates.find((r) => r.from === from && r.to === to)
          return found === undefined
            ? Effect.fail(
                new ExchangeRateUnavailable({
                  message: `No exchange rate from ${from} to ${to} today`,
                  from,
                  to,
                }),
              )
            : Effect.succeed(found)
        }),
    })
    const bank = BankTransfers.of({
      adminBankDetails: (currency) =>
        Effect.flatMap(today, (snapshot) => {
          const details = snapshot.bankAccounts[currency]
          return details === undefined
            ? unconfigured(`bank account for ${currency}`)
            : Effect.succeed(details)
        }),
    })
    return Context.make(PriceBook, priceBook).pipe(
      Context.add(ExchangeRates, rates),
      Context.add(BankTransfers, bank),
    )
  }),
)
