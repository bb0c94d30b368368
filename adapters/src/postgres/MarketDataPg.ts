/**
 * The read side of prices on PostgreSQL beyond the order engine's ports: every unit type's price schedule
 * (PriceSchedules), a currency pair's exchange rates day by day (ExchangeRateHistory), and every schedule a
 * unit type has had (PriceScheduleHistory). They read the tables of migrations 0106 (unit_prices,
 * exchange_rates) and 2801 (price_schedule_changes); nothing here writes.
 */

import type { PriceChange } from "@landunits/core/pricing/PriceHistory.ts"
import type { PriceSchedule } from "@landunits/core/pricing/PricingModel.ts"
import { ExchangeRateHistory } from "@landunits/core/pricing/ports/ExchangeRateHistory.ts"
import { PriceScheduleHistory } from "@landunits/core/pricing/ports/PriceScheduleHistory.ts"
import { PriceSchedules } from "@landunits/core/pricing/ports/PriceSchedules.ts"
import type { CurrencyType, UnitType } from "@landunits/core/shared/Enums.ts"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

export const MarketDataPg = Layer.effectContext(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    const schedules = PriceSchedules.of({
      schedules: sql<{ unit_type: UnitType; base_price: string; base_date: string; growth: string }>`
        SELECT unit_type, base_price, to_char(base_date, 'YYYY-MM-DD') AS base_date,
               growth_per_year_percent AS growth
        FROM unit_prices ORDER BY unit_type`.pipe(
        Effect.map((rows) =>
          rows.map(
            (r): PriceSchedule => ({
              unitType: r.unit_type,
              basePrice: Number(r.base_price),
              baseDate: r.base_date,
              growthPerYearPercent: Number(r.growth),
            }),
          ),
        ),
        Effect.orDie,
      ),
    })

    const history = ExchangeRateHistory.of({
      ratesUntil: (from, to, untilDay) =>
        sql<{ from_currency: CurrencyType; to_currency: CurrencyType; rate: string; day: string }>`
          SELECT from_currency, to_currency, rate, to_char(day, 'YYYY-MM-DD') AS day FROM exchange_rates
          WHERE from_currency = ${from} AND to_currency = ${to} AND day <= ${untilDay}::date
          ORDER BY day`.pipe(
          Effect.map((rows) =>
            rows.map((r) => ({ from: r.from_currency, to: r.to_currency, rate: Number(r.rate), day: r.day })),
          ),
          Effect.orDie,
        ),
    })

    const scheduleHistory = PriceScheduleHistory.of({
      changes: (unitType) =>
        sql<{
          unit_type: UnitType
          base_price: string
          base_date: string
          growth: string
          changed_at: string
        }>`
          SELECT unit_type, base_price, to_char(base_date, 'YYYY-MM-DD') AS base_date,
                 growth_per_year_percent AS growth, changed_at
          FROM price_schedule_changes WHERE unit_type = ${unitType} ORDER BY changed_at, id`.pipe(
          Effect.map((rows) =>
            rows.map(
              (r): PriceChange => ({
                at: Number(r.changed_at),
                schedule: {
                  unitType: r.unit_type,
                  basePrice: Number(r.base_price),
                  baseDate: r.base_date,
                  growthPerYearPercent: Number(r.growth),
                },
              }),
            ),
          ),
          Effect.orDie,
        ),
    })

    return Context.make(PriceSchedules, schedules).pipe(
      Context.add(ExchangeRateHistory, history),
      Context.add(PriceScheduleHistory, scheduleHistory),
    )
  }),
)
