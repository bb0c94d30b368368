/**
 * Prices, fees, rates and land statistics of spec §3, as configured by admins and read by every screen.
 */
import { Schema } from "effect"
import { PaymentMethodFees } from "../orders/OrderModel.ts"
import { CurrencyType, PayingMethod, UnitType } from "../shared/Enums.ts"

const NonNegativeInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** What an admin sets per unit type: the price grows daily from base at growthPerYearPercent. */
export const PriceSchedule = Schema.Struct({
  unitType: UnitType,
  basePrice: Schema.Int.check(Schema.isGreaterThan(0)),
  /** YYYY-MM-DD, UTC. */
  baseDate: Schema.String,
  growthPerYearPercent: Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0)),
})
export type PriceSchedule = typeof PriceSchedule.Type

/** The price of one unit type today, with its fees (GET /order/get_price). */
export const UnitPrice = Schema.Struct({
  unitType: UnitType,
  currency: CurrencyType,
  /** In 1/PRICE_SCALE of a currency unit. */
  pricePerUnit: NonNegativeInt,
  buyOrderTransactionFeeInCents: NonNegativeInt,
  sellOrderTransactionFeeInUnits: NonNegativeInt,
  convertOrderTransactionFeeInUnits: NonNegativeInt,
})
export type UnitPrice = typeof UnitPrice.Type

export const ExternalFees = Schema.Record(PayingMethod, PaymentMethodFees)
export type ExternalFees = typeof ExternalFees.Type

export const LandUnitStats = Schema.Struct({
  landValues_aud: NonNegativeInt,
  landValues_eur: NonNegativeInt,
  landValues_usd: NonNegativeInt,
  landValues_pound: NonNegativeInt,
  maxLandUnitsForSalePercentage: Schema.Finite.check(Schema.isBetween({ minimum: 0, maximum: 100 })),
  growthPerYearPercent: Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0)),
})
export type LandUnitStats = typeof LandUnitStats.Type

export const ProjectTotals = Schema.Struct({
  totalPurchase: NonNegativeInt,
  totalPendingPurchase: NonNegativeInt,
  totalPendingSell: NonNegativeInt,
  totalProjectLandValueInCents: NonNegativeInt,
  maxDoubleLandUnitsBoughtValueInCents: NonNegativeInt,
  totalDoubleLandUnitsBoughtValueInCents: NonNegativeInt,
})
export type ProjectTotals = typeof ProjectTotals.Type

/** An exchange rate between two currencies, in millionths (EXCHANGE_RATE_SCALE). */
export const ExchangeRate = Schema.Struct({
  from: CurrencyType,
  to: CurrencyType,
  rate: Schema.Int.check(Schema.isGreaterThan(0)),
  /** YYYY-MM-DD the rate applies to. */
  day: Schema.String,
})
export type ExchangeRate = typeof ExchangeRate.Type

export const AdminBankDetails = Schema.Struct({
  bankAccountName: Schema.String,
  bankAccountNumber: Schema.String,
  iban: Schema.String,
  swiftBic: Schema.String,
  bankName: Schema.String,
  bankAddress: Schema.String,
  bankCountry: Schema.String,
})
export type AdminBankDetails = typeof AdminBankDetails.Type

export const TotalAmountsConvertedFromGBP = Schema.Struct({
  pound: NonNegativeInt,
  usd: NonNegativeInt,
  euro: NonNegativeInt,
})
export type TotalAmountsConvertedFromGBP = typeof TotalAmountsConvertedFromGBP.Type

/** A UTC day written yyyy-mm-dd that exists in the calendar (2026-02-30 does not). */
export const IsoDay = Schema.String.check(
  Schema.makeFilter(
    (s) =>
      /^\d{4}-\d{2}-\d{2}$/.test(s) &&
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
      new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    { message: "Enter a date as yyyy-mm-dd" },
  ),
)

/** A price history covers at most this many days (both ends included). */
export const PRICE_HISTORY_DAYS_MAX = 366
/** Without `from`, the history shows this many days up to `to`. */
export const PRICE_HISTORY_DAYS_DEFAULT = 90

/**
 * GET /api/prices/history: one unit type's prices from `from` to `to` (both included, UTC; `to` defaults to today,
 * `from` to 89 days before `to`). Whether `to` is after today is the service's check (it needs the clock).
 */
export const PriceHistoryQuery = Schema.Struct({
  unitType: UnitType,
  from: Schema.optionalKey(IsoDay),
  to: Schema.optionalKey(IsoDay),
}).check(
  Schema.makeFilter(
    (q) =>
      q.from === undefined ||
      q.to === undefined ||
      q.from <= q.to || { path: ["to"], issue: "The end date must be on or after the start date" },
  ),
  Schema.makeFilter(
    (q) =>
      q.from === undefined ||
      q.to === undefined ||
      (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < PRICE_HISTORY_DAYS_MAX || {
        path: ["to"],
        issue: `A price history covers at most ${PRICE_HISTORY_DAYS_MAX} days`,
      },
  ),
)
export type PriceHistoryQuery = typeof PriceHistoryQuery.Type

/** One day's price from the schedule in effect at the day's end. */
export const DailyPrice = Schema.Struct({
  /** YYYY-MM-DD, UTC. */
  day: Schema.String,
  /** In 1/PRICE_SCALE of a currency unit. */
  pricePerUnit: NonNegativeInt,
})
export type DailyPrice = typeof DailyPrice.Type

/** A change an admin made to the schedule (`pricing set-price`), with the day's price before and after it. */
export const PriceChangeEntry = Schema.Struct({
  /** When it was made, ISO 8601 (UTC). */
  at: Schema.String,
  /** Its UTC day. */
  day: Schema.String,
  basePrice: Schema.Int.check(Schema.isGreaterThan(0)),
  baseDate: Schema.String,
  growthPerYearPercent: Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0)),
  /** That day's price by the schedule it replaced; absent for the unit type's first schedule. */
  pricePerUnitBefore: Schema.optionalKey(NonNegativeInt),
  /** That day's price by the new schedule. */
  pricePerUnitAfter: NonNegativeInt,
})
export type PriceChangeEntry = typeof PriceChangeEntry.Type

export const PriceHistory = Schema.Struct({
  unitType: UnitType,
  currency: CurrencyType,
  from: Schema.String,
  to: Schema.String,
  /** Each day of the range that had a schedule, oldest first. */
  prices: Schema.Array(DailyPrice),
  /** Every change made in the range, oldest first. */
  changes: Schema.Array(PriceChangeEntry),
  /**
   * The rate from this unit type's currency to each other currency in effect each day of the range (what a
   * convert out of this unit type used that day), by pair then day; days before a pair's first rate left out.
   */
  exchangeRates: Schema.Array(ExchangeRate),
})
export type PriceHistory = typeof PriceHistory.Type
