/**
 * The public market data: the fees page, the statistics page, exchange rates (today's and day by day) and a
 * reference code's discount terms. Field names follow spec §3 (landUnitStats, externalFees, exchangeRate,
 * dailyExchangeRate, totalAmountsConvertedFromGBP).
 */
import { Schema } from "effect"
import {
  ExchangeRate,
  ExternalFees,
  LandUnitStats,
  ProjectTotals,
  TotalAmountsConvertedFromGBP,
} from "../pricing/PricingModel.ts"
import { CurrencyType, UnitType } from "../shared/Enums.ts"

const NonNegativeInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/**
 * The share of each project's land value offered as Units: all of it. The land value configured per unit
 * type is already the value Units are sold against (docs/decisions.md); GET /user's bundle says the same.
 */
export const MAX_LAND_UNITS_FOR_SALE_PERCENTAGE = 100

/** One unit type's platform fees (spec §3 Prices and fees). */
export const UnitFees = Schema.Struct({
  unitType: UnitType,
  currency: CurrencyType,
  buyOrderTransactionFeeInCents: NonNegativeInt,
  sellOrderTransactionFeeInUnits: NonNegativeInt,
  convertOrderTransactionFeeInUnits: NonNegativeInt,
})
export type UnitFees = typeof UnitFees.Type

/** The fees page: per unit type, and the payment providers' fees per payment method. */
export const FeesPage = Schema.Struct({
  fees: Schema.Array(UnitFees),
  externalFees: ExternalFees,
})
export type FeesPage = typeof FeesPage.Type

export const UnitProjectTotals = Schema.Struct({ unitType: UnitType, ...ProjectTotals.fields })
export type UnitProjectTotals = typeof UnitProjectTotals.Type

/** The statistics page. */
export const Statistics = Schema.Struct({
  landUnitStats: LandUnitStats,
  totalAmountsConvertedFromGBP: TotalAmountsConvertedFromGBP,
  /** Spec §3 Project totals, per unit type. */
  projectTotals: Schema.Array(UnitProjectTotals),
})
export type Statistics = typeof Statistics.Type

export const ExchangeRatesNow = Schema.Struct({ exchangeRate: Schema.Array(ExchangeRate) })
export type ExchangeRatesNow = typeof ExchangeRatesNow.Type

export const DAILY_RATE_DAYS_DEFAULT = 30
export const DAILY_RATE_DAYS_MAX = 366

/** GET …/exchange-rates/daily: one pair's rate in effect on each of the last `days` days (today included). */
export const DailyRateQuery = Schema.Struct({
  from: CurrencyType,
  to: CurrencyType,
  days: Schema.optionalKey(
    Schema.Int.check(
      Schema.isBetween(
        { minimum: 1, maximum: DAILY_RATE_DAYS_MAX },
        { message: `days must be a whole number from 1 to ${DAILY_RATE_DAYS_MAX}` },
      ),
    ),
  ),
})
export type DailyRateQuery = typeof DailyRateQuery.Type

export const DailyExchangeRates = Schema.Struct({ dailyExchangeRate: Schema.Array(ExchangeRate) })
export type DailyExchangeRates = typeof DailyExchangeRates.Type

export const ReferenceCodeQuery = Schema.Struct({
  code: Schema.String.check(
    Schema.isMinLength(1, { message: "Reference code is required" }),
    Schema.isMaxLength(64, { message: "Reference code must be at most 64 characters" }),
  ),
})
export type ReferenceCodeQuery = typeof ReferenceCodeQuery.Type
