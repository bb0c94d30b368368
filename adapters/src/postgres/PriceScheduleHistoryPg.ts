/**
 * PriceScheduleHistory on PostgreSQL: every schedule a unit type has had (price_schedule_changes, migration 2801);
 * nothing here writes.
 */
import type { PriceChange } from "@landunits/core/pricing/PriceHistory.ts"
import { PriceScheduleHistory } from "@landunits/core/pricing/ports/PriceScheduleHistory.ts"
import type { UnitType } from "@landunits/core/shared/Enums.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

export const PriceScheduleHistoryPg = Layer.effect(PriceScheduleHistory)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return PriceScheduleHistory.of({
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
  }),
)
