/**
 * ReferenceData on PostgreSQL: the whole snapshot in one query (one JSON array per table), so a page that
 * shows prices, rates, fees and bank accounts costs one round trip instead of one per item.
 */
import type { AdminBankDetails, ExchangeRate } from "@landunits/core/pricing/PricingModel.ts"
import type { CurrencyType, PayingMethod } from "@landunits/core/shared/Enums.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { ReferenceData } from "../reference/ReferenceData.ts"
import { type UnitRow, unitSettingsOf } from "./UnitRowsPg.ts"

interface SnapshotRow {
  readonly units: ReadonlyArray<UnitRow>
  readonly fees: ReadonlyArray<{
    payment_method: PayingMethod
    fixed_cents: number
    fixed_percentage: string
  }>
  readonly rates: ReadonlyArray<{
    from_currency: CurrencyType
    to_currency: CurrencyType
    rate: string
    day: string
  }>
  readonly banks: ReadonlyArray<{ currency: CurrencyType; details: AdminBankDetails }>
}

export const ReferenceDataPg = Layer.effect(ReferenceData)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return ReferenceData.of({
      on: (day) =>
        sql<SnapshotRow>`
          SELECT
            (SELECT coalesce(json_agg(u ORDER BY u.unit_type), '[]'::json) FROM (
               SELECT unit_type, base_price::text AS base_price, to_char(base_date, 'YYYY-MM-DD') AS base_date,
                      growth_per_year_percent::text AS growth_per_year_percent, buy_fee_cents, sell_fee_units,
                      convert_fee_units, land_value_cents::text AS land_value_cents,
                      max_double_land_value_cents::text AS max_double_land_value_cents,
                      max_pending_purchase_cents::text AS max_pending_purchase_cents
               FROM unit_prices) u) AS units,
            (SELECT coalesce(json_agg(f), '[]'::json) FROM (
               SELECT payment_method, fixed_cents, fixed_percentage::text AS fixed_percentage
               FROM external_fees) f) AS fees,
            (SELECT coalesce(json_agg(r), '[]'::json) FROM (
               SELECT DISTINCT ON (from_currency, to_currency) from_currency, to_currency, rate::text AS rate,
                      to_char(day, 'YYYY-MM-DD') AS day
               FROM exchange_rates WHERE day <= ${day}::date
               ORDER BY from_currency, to_currency, day DESC) r) AS rates,
            (SELECT coalesce(json_agg(b), '[]'::json) FROM (SELECT currency, details FROM bank_accounts) b) AS banks`.pipe(
          Effect.orDie,
          Effect.map(([row]) => ({
            day,
            units: (row?.units ?? []).map(unitSettingsOf),
            externalFees: Object.fromEntries(
              (row?.fees ?? []).map((f) => [
                f.payment_method,
                { fixedCentsFees: f.fixed_cents, fixedPercentageFees: Number(f.fixed_percentage) },
              ]),
            ),
            rates: (row?.rates ?? []).map(
              (r): ExchangeRate => ({
                from: r.from_currency,
                to: r.to_currency,
                rate: Number(r.rate),
                day: r.day,
              }),
            ),
            bankAccounts: Object.fromEntries((row?.banks ?? []).map((b) => [b.currency, b.details])),
          })),
        ),
    })
  }),
)
