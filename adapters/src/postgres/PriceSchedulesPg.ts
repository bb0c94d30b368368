/** PriceSchedules on PostgreSQL: every unit type's price schedule (unit_prices, migration 0106); nothing here writes. */
import type { PriceSchedule } from "@landunits/core/pricing/PricingModel.ts"
import { PriceSchedules } from "@landunits/core/pricing/ports/PriceSchedules.ts"
import type { UnitType } from "@landunits/core/shared/Enums.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

export const PriceSchedulesPg = Layer.effect(PriceSchedules)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return PriceSchedules.of({
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
  }),
)
