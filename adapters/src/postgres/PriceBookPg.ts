/**
 * PriceBook on PostgreSQL, what the order engine reads: today's pricePerUnit computed from each unit type's schedule
 * with core's `priceOnDay`, for the UTC day of Effect's Clock; the external fees, each payment method that has none
 * at its default.
 */
import { formatIsoDate } from "@landunits/core/format/Format.ts"
import { PriceBook } from "@landunits/core/pricing/ports/PriceBook.ts"
import { type PayingMethod, type UnitType, UnitTypes } from "@landunits/core/shared/Enums.ts"
import { Clock, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { unconfigured, unitPriceOn, withDefaultExternalFees } from "../reference/PricingAnswers.ts"
import { type UnitRow, unitSettingsOf } from "./UnitRowsPg.ts"

export const PriceBookPg = Layer.effect(PriceBook)(
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

    return PriceBook.of({
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
  }),
)
