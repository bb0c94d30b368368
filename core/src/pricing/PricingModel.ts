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
