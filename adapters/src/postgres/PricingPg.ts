/**
 * Prices, fees, exchange rates, reference codes and bank accounts on PostgreSQL: the ports the order
 * engine reads (PriceBook, ExchangeRates, DiscountCodes, BankTransfers), and `PricingSettingsPg`, what the
 * admin CLI and the demo seed write through.
 *
 * Today's pricePerUnit is computed from each unit type's schedule with core's `priceOnDay`, for the UTC
 * day of Effect's Clock. An exchange rate is the latest one set on or before today.
 */
import { formatIsoDate } from "@landunits/core/format/Format.ts"
import { BankTransfers } from "@landunits/core/orders/ports/BankTransfers.ts"
import { type DiscountCode, DiscountCodes } from "@landunits/core/orders/ports/DiscountCodes.ts"
import { priceOnDay } from "@landunits/core/pricing/Pricing.ts"
import type { AdminBankDetails, ExternalFees, UnitPrice } from "@landunits/core/pricing/PricingModel.ts"
import { ExchangeRates, ExchangeRateUnavailable } from "@landunits/core/pricing/ports/ExchangeRates.ts"
import { PriceBook } from "@landunits/core/pricing/ports/PriceBook.ts"
import { PricingSettings, type UnitSettings } from "@landunits/core/pricing/ports/PricingSettings.ts"
import { DEFAULT_EXTERNAL_FEES } from "@landunits/core/shared/Constants.ts"
import {
  CurrencyOfUnitType,
  type CurrencyType,
  type PayingMethod,
  type UnitType,
  UnitTypes,
} from "@landunits/core/shared/Enums.ts"
import { Clock, Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

/** The port lives in core (core/src/pricing/ports/PricingSettings.ts); re-exported for the seeds. */
export { PricingSettings, type UnitSettings }

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

/** A unit type's price on `day` (YYYY-MM-DD) from its settings: the schedule grown to that day. */
export const unitPriceOn = (settings: UnitSettings, day: string): UnitPrice => ({
  unitType: settings.schedule.unitType,
  currency: CurrencyOfUnitType[settings.schedule.unitType],
  pricePerUnit: priceOnDay({ ...settings.schedule, day }),
  buyOrderTransactionFeeInCents: settings.buyOrderTransactionFeeInCents,
  sellOrderTransactionFeeInUnits: settings.sellOrderTransactionFeeInUnits,
  convertOrderTransactionFeeInUnits: settings.convertOrderTransactionFeeInUnits,
})

/** Settings are missing: the installation was not configured. A defect, named. */
export const unconfigured = (what: string) =>
  Effect.die(new Error(`No ${what} is configured: set it with the admin CLI (landunits pricing …)`))

/**
 * The external fees as configured, each payment method that has none at the product owner's default
 * (decisions.md: "External fees per payment method … defaults, all admin-configurable").
 */
export const withDefaultExternalFees = (configured: Partial<ExternalFees>): ExternalFees => ({
  ...DEFAULT_EXTERNAL_FEES,
  ...configured,
})

export const PricingPg = Layer.effectContext(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const unitRow = (unitType: UnitType) =>
      sql<UnitRow>`
        SELECT unit_type, base_price, to_char(base_date, 'YYYY-MM-DD') AS base_date, growth_per_year_percent,
               buy_fee_cents, sell_fee_units, convert_fee_units, land_value_cents, max_double_land_value_cents,
               max_pending_purchase_cents
        FROM unit_prices WHERE unit_type = ${unitType}`.pipe(
        Effect.orDie,
        Effect.flatMap((rows) =>
          rows[0] === undefined ? unconfigured(`price for ${unitType}`) : Effect.succeed(rows[0]),
        ),
      )
    const today = Effect.map(Clock.currentTimeMillis, (now) => formatIsoDate(now))

    const priceBook = PriceBook.of({
      pricedUnitTypes: sql<{ unit_type: UnitType }>`SELECT unit_type FROM unit_prices`.pipe(
        Effect.orDie,
        Effect.map((rows) => UnitTypes.filter((u) => rows.some((r) => r.unit_type === u))),
      ),
      unitPrice: (unitType) =>
        Effect.gen(function* () {
          const row = yield* unitRow(unitType)
          return unitPriceOn(unitSettingsOf(row), yield* today)
        }),
      externalFees: sql<{ payment_method: PayingMethod; fixed_cents: number; fixed_percentage: string }>`
        SELECT payment_method, fixed_cents, fixed_percentage FROM external_fees`.pipe(
        Effect.orDie,
        Effect.map((rows) =>
          withDefaultExternalFees(
            Object.fromEntries(
              rows.map((r) => [
                r.payment_method,
                { fixedCentsFees: r.fixed_cents, fixedPercentageFees: Number(r.fixed_percentage) },
              ]),
            ),
          ),
        ),
      ),
      landLimits: (unitType) =>
        Effect.map(unitRow(unitType), (row) => ({
          totalProjectLandValueInCents: Number(row.land_value_cents),
          maxDoubleLandUnitsBoughtValueInCents: Number(row.max_double_land_value_cents),
          ...(row.max_pending_purchase_cents === null
            ? {}
            : { maxPendingPurchaseCents: Number(row.max_pending_purchase_cents) }),
        })),
    })

    const rates = ExchangeRates.of({
      rate: (from, to) =>
        Effect.gen(function* () {
          const day = yield* today
          if (from === to) return { from, to, rate: 1_000_000, day }
          const rows = yield* sql<{ rate: string; day: string }>`
            SELECT rate, to_char(day, 'YYYY-MM-DD') AS day FROM exchange_rates
            WHERE from_currency = ${from} AND to_currency = ${to} AND day <= ${day}::date
            ORDER BY day DESC LIMIT 1`.pipe(Effect.orDie)
          if (rows[0] === undefined) {
            return yield* new ExchangeRateUnavailable({
              message: `No exchange rate from ${from} to ${to} today`,
              from,
              to,
            })
          }
          return { from, to, rate: Number(rows[0].rate), day: rows[0].day }
        }),
    })

    const codes = DiscountCodes.of({
      find: (code) =>
        sql<{ code: string; is_percent: boolean; amount: number; min_payment_cents: number }>`
          SELECT code, is_percent, amount, min_payment_cents FROM discount_codes WHERE code = ${code.trim()} AND active`.pipe(
          Effect.map((rows) =>
            Option.map(
              Option.fromNullishOr(rows[0]),
              (r): DiscountCode => ({
                code: r.code,
                isPercent: r.is_percent,
                amount: r.amount,
                minPaymentAmountInCents: r.min_payment_cents,
              }),
            ),
          ),
          Effect.orDie,
        ),
    })

    const bank = BankTransfers.of({
      adminBankDetails: (currency) =>
        sql<{
          details: AdminBankDetails
        }>`SELECT details FROM bank_accounts WHERE currency = ${currency}`.pipe(
          Effect.orDie,
          Effect.flatMap((rows) =>
            rows[0] === undefined
              ? unconfigured(`bank account for ${currency}`)
              : Effect.succeed(rows[0].details),
          ),
        ),
    })

    return Context.make(PriceBook, priceBook).pipe(
      Context.add(ExchangeRates, rates),
      Context.add(DiscountCodes, codes),
      Context.add(BankTransfers, bank),
    )
  }),
)

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
