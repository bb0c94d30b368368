/**
 * A unit_prices row as the queries select it (bigint and numeric as text), and the settings it holds: read by
 * PriceBookPg, PricingSettingsPg and ReferenceDataPg.
 */
import type { UnitSettings } from "@landunits/core/pricing/ports/PricingSettings.ts"
import type { UnitType } from "@landunits/core/shared/Enums.ts"

/** A unit_prices row as the queries select it (bigint and numeric as text). */
export interface UnitRow {
  readonly unit_type: UnitType
  readonly base_price: string
  readonly base_date: string
  readonly growth_per_year_percent: string
  readonly buy_fee_cents: number
  readonly sell_fee_units: number
  readonly convert_fee_units: number
  readonly land_value_cents: string
  readonly max_double_land_value_cents: string
  readonly max_pending_purchase_cents: string | null
}

export const unitSettingsOf = (row: UnitRow): UnitSettings => ({
  schedule: {
    unitType: row.unit_type,
    basePrice: Number(row.base_price),
    baseDate: row.base_date,
    growthPerYearPercent: Number(row.growth_per_year_percent),
  },
  buyOrderTransactionFeeInCents: row.buy_fee_cents,
  sellOrderTransactionFeeInUnits: row.sell_fee_units,
  convertOrderTransactionFeeInUnits: row.convert_fee_units,
  landLimits: {
    totalProjectLandValueInCents: Number(row.land_value_cents),
    maxDoubleLandUnitsBoughtValueInCents: Number(row.max_double_land_value_cents),
    ...(row.max_pending_purchase_cents === null
      ? {}
      : { maxPendingPurchaseCents: Number(row.max_pending_purchase_cents) }),
  },
})
