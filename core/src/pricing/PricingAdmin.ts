/**
 * The admins' pricing use cases (issue 37): a unit type's price, fees and land value, an external fee, an
 * exchange rate, a coin price and the account members pay into. Each is a money-or-power operation
 * (core/src/access/AdminOperations.ts): `prepare` checks the parameters as typed and fixes them (a day left out is
 * today, so an approval tomorrow sets the same thing), `apply` re-checks and writes through the ports, audited with
 * before and after. Nothing here is written but by `apply`, which the runner calls only when the gate allows it or
 * a second admin approved (AdminOperationRunner.ts), so members keep seeing the old value until then.
 *
 * Each concern is a module of its own: prices (PriceScheduleAdmin.ts), fees (FeesAdmin.ts), exchange rates
 * (ExchangeRateAdmin.ts), coin prices (CoinPriceAdmin.ts), land values (LandValueAdmin.ts) and the bank accounts
 * (BankAccountAdmin.ts), over the shared parameters (PricingAdminParams.ts), audit (PricingAdminAudit.ts) and unit
 * settings (PricingUnitSettings.ts). This file lists them by operation name and reads `pricing show`.
 */
import { Effect } from "effect"
import { setBankAccount } from "./BankAccountAdmin.ts"
import { coinPricesNow, setCoinPrice } from "./CoinPriceAdmin.ts"
import { setRate } from "./ExchangeRateAdmin.ts"
import { setExternalFee, setFees } from "./FeesAdmin.ts"
import { setLand } from "./LandValueAdmin.ts"
import { setPrice } from "./PriceScheduleAdmin.ts"
import { PriceBook } from "./ports/PriceBook.ts"
import { PricingSettings } from "./ports/PricingSettings.ts"

export { newUnitSettings } from "./PricingUnitSettings.ts"
export { setBankAccount, setCoinPrice, setExternalFee, setFees, setLand, setPrice, setRate }

/** The pricing operations' use cases, by operation name. */
export const PricingAdminOperations = {
  "pricing.setPrice": setPrice,
  "pricing.setFees": setFees,
  "pricing.setExternalFee": setExternalFee,
  "pricing.setRate": setRate,
  "pricing.setCoinPrice": setCoinPrice,
  "pricing.setLand": setLand,
  "pricing.setBankAccount": setBankAccount,
} as const

/**
 * What `pricing show` reads: per unit type its settings and today's price; the external fees; the latest exchange
 * rates, coin prices (current or not) and the accounts members pay into.
 */
export const pricingOverview = Effect.gen(function* () {
  const settings = yield* PricingSettings
  const book = yield* PriceBook
  const units = yield* settings.units
  return {
    units: yield* Effect.forEach(units, (u) =>
      Effect.map(book.unitPrice(u.schedule.unitType), (today) => ({
        ...u,
        pricePerUnitToday: today.pricePerUnit,
      })),
    ),
    externalFees: yield* settings.externalFees,
    rates: yield* settings.latestRates,
    coinPrices: yield* coinPricesNow,
    bankAccounts: yield* settings.bankAccounts,
  }
}).pipe(Effect.withSpan("PricingAdmin.overview"))
