/**
 * PricingSettings on PostgreSQL: what the admin CLI and the demo seed write prices, fees, exchange rates, reference
 * codes and bank accounts through (read by PriceBookPg, ExchangeRatesPg, DiscountCodesPg and BankTransfersPg).
 */
import type { AdminBankDetails } from "@landunits/core/pricing/PricingModel.ts"
import { PricingSettings } from "@landunits/core/pricing/ports/PricingSettings.ts"
import type { CurrencyType, PayingMethod } from "@landunits/core/shared/Enums.ts"
import { Clock, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { type UnitRow, unitSettingsOf } from "./UnitRowsPg.ts"

export const PricingSettingsPg = Layer.effect(PricingSettings)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return PricingSettings.of({
      units: sql<UnitRow>`
        SELECT unit_type, base_price, to_char(base_date, 'YYYY-MM-DD') AS base_date, growth_per_year_percent,
               buy_fee_cents, sell_fee_units, convert_fee_units, land_value_cents, max_double_land_value_cents,
               max_pending_purchase_cents
        FROM unit_prices ORDER BY unit_type`.pipe(
        Effect.map((rows) => rows.map(unitSettingsOf)),
        Effect.orDie,
      ),
      setUnit: (s, options) =>
        sql
          .withTransaction(
            Effect.gen(function* () {
              const before = yield* sql<{ base_price: string; base_date: string; growth: string }>`
                SELECT base_price, to_char(base_date, 'YYYY-MM-DD') AS base_date, growth_per_year_percent AS growth
                FROM unit_prices WHERE unit_type = ${s.schedule.unitType} FOR UPDATE`
              yield* sql`
                INSERT INTO unit_prices (unit_type, base_price, base_date, growth_per_year_percent, buy_fee_cents, sell_fee_units,
                  convert_fee_units, land_value_cents, max_double_land_value_cents, max_pending_purchase_cents)
                VALUES (${s.schedule.unitType}, ${s.schedule.basePrice}, ${s.schedule.baseDate}::date, ${s.schedule.growthPerYearPercent},
                  ${s.buyOrderTransactionFeeInCents}, ${s.sellOrderTransactionFeeInUnits}, ${s.convertOrderTransactionFeeInUnits},
                  ${s.landLimits.totalProjectLandValueInCents}, ${s.landLimits.maxDoubleLandUnitsBoughtValueInCents},
                  ${s.landLimits.maxPendingPurchaseCents ?? null})
                ON CONFLICT (unit_type) DO UPDATE SET base_price = EXCLUDED.base_price, base_date = EXCLUDED.base_date,
                  growth_per_year_percent = EXCLUDED.growth_per_year_percent, buy_fee_cents = EXCLUDED.buy_fee_cents,
                  sell_fee_units = EXCLUDED.sell_fee_units, convert_fee_units = EXCLUDED.convert_fee_units,
                  land_value_cents = EXCLUDED.land_value_cents, max_double_land_value_cents = EXCLUDED.max_double_land_value_cents,
                  max_pending_purchase_cents = EXCLUDED.max_pending_purchase_cents`
              const old = before[0]
              const unchanged =
                old !== undefined &&
                Number(old.base_price) === s.schedule.basePrice &&
                old.base_date === s.schedule.baseDate &&
                Number(old.growth) === s.schedule.growthPerYearPercent
              if (unchanged) return
              const at = options?.since ?? (yield* Clock.currentTimeMillis)
              yield* sql`
                INSERT INTO price_schedule_changes (unit_type, base_price, base_date, growth_per_year_percent, changed_at)
                VALUES (${s.schedule.unitType}, ${s.schedule.basePrice}, ${s.schedule.baseDate}::date,
                  ${s.schedule.growthPerYearPercent}, ${at})`
            }),
          )
          .pipe(Effect.asVoid, Effect.orDie),
      setExternalFees: (fees) =>
        Effect.forEach(
          Object.entries(fees),
          ([method, fee]) =>
            sql`
              INSERT INTO external_fees (payment_method, fixed_cents, fixed_percentage)
              VALUES (${method}, ${fee.fixedCentsFees}, ${fee.fixedPercentageFees})
              ON CONFLICT (payment_method) DO UPDATE SET fixed_cents = EXCLUDED.fixed_cents,
                fixed_percentage = EXCLUDED.fixed_percentage`,
          { discard: true },
        ).pipe(Effect.orDie),
      setRate: (r) =>
        sql`
          INSERT INTO exchange_rates (day, from_currency, to_currency, rate) VALUES (${r.day}::date, ${r.from}, ${r.to}, ${r.rate})
          ON CONFLICT (from_currency, to_currency, day) DO UPDATE SET rate = EXCLUDED.rate`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      setDiscountCode: (c) =>
        sql`
          INSERT INTO discount_codes (code, is_percent, amount, min_payment_cents, active)
          VALUES (${c.code}, ${c.isPercent}, ${c.amount}, ${c.minPaymentAmountInCents}, ${c.active})
          ON CONFLICT (code) DO UPDATE SET is_percent = EXCLUDED.is_percent, amount = EXCLUDED.amount,
            min_payment_cents = EXCLUDED.min_payment_cents, active = EXCLUDED.active`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      discountCodes: sql<{
        code: string
        is_percent: boolean
        amount: number
        min_payment_cents: number
        active: boolean
      }>`SELECT code, is_percent, amount, min_payment_cents, active FROM discount_codes ORDER BY code`.pipe(
        Effect.map((rows) =>
          rows.map((r) => ({
            code: r.code,
            isPercent: r.is_percent,
            amount: r.amount,
            minPaymentAmountInCents: r.min_payment_cents,
            active: r.active,
          })),
        ),
        Effect.orDie,
      ),
      latestRates: sql<{ from_currency: CurrencyType; to_currency: CurrencyType; rate: string; day: string }>`
        SELECT DISTINCT ON (from_currency, to_currency) from_currency, to_currency, rate, to_char(day, 'YYYY-MM-DD') AS day
        FROM exchange_rates ORDER BY from_currency, to_currency, day DESC`.pipe(
        Effect.map((rows) =>
          rows.map((r) => ({ from: r.from_currency, to: r.to_currency, rate: Number(r.rate), day: r.day })),
        ),
        Effect.orDie,
      ),
      setBankAccount: (currency, details) =>
        sql`
          INSERT INTO bank_accounts (currency, details) VALUES (${currency}, ${JSON.stringify(details)}::jsonb)
          ON CONFLICT (currency) DO UPDATE SET details = EXCLUDED.details`.pipe(Effect.asVoid, Effect.orDie),
      externalFees: sql<{ payment_method: PayingMethod; fixed_cents: number; fixed_percentage: string }>`
        SELECT payment_method, fixed_cents, fixed_percentage FROM external_fees ORDER BY payment_method`.pipe(
        Effect.map((rows) =>
          Object.fromEntries(
            rows.map((r) => [
              r.payment_method,
              { fixedCentsFees: r.fixed_cents, fixedPercentageFees: Number(r.fixed_percentage) },
            ]),
          ),
        ),
        Effect.orDie,
      ),
      bankAccounts: sql<{ currency: CurrencyType; details: AdminBankDetails }>`
        SELECT currency, details FROM bank_accounts ORDER BY currency`.pipe(
        Effect.map((rows) => Object.fromEntries(rows.map((r) => [r.currency, r.details]))),
        Effect.orDie,
      ),
      anyConfigured: sql<{ configured: boolean }>`
        SELECT EXISTS (SELECT 1 FROM unit_prices) OR EXISTS (SELECT 1 FROM external_fees)
          OR EXISTS (SELECT 1 FROM exchange_rates) OR EXISTS (SELECT 1 FROM bank_accounts)
          OR EXISTS (SELECT 1 FROM discount_codes) AS configured`.pipe(
        Effect.map((rows) => rows[0]?.configured === true),
        Effect.orDie,
      ),
    })
  }),
)
