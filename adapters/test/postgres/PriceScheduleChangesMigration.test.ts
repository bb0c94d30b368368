/**
 * Migration 2801 (issue 24) starts the schedule history from what an installation already knows: every
 * `pricing set-price` the audit log recorded, with its instant and the schedule it set, and, for a unit type
 * priced without one (the demo seed, a restore), its schedule in force as set on its base date. Re-run here on
 * a migrated database whose new table is dropped first, as on an installation that predates it.
 */
import { AuditLog } from "@landunits/core/audit/ports/AuditLog.ts"
import { PriceScheduleHistory } from "@landunits/core/pricing/ports/PriceScheduleHistory.ts"
import { PricingSettings } from "@landunits/core/pricing/ports/PricingSettings.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { AuditLogPg } from "../../src/postgres/AuditLogPg.ts"
import migration from "../../src/postgres/migrations/2801_price_schedule_changes.ts"
import { PriceScheduleHistoryPg } from "../../src/postgres/PriceScheduleHistoryPg.ts"
import { PricingSettingsPg } from "../../src/postgres/PricingSettingsPg.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

const settings = (unitType: "LAND_EUR" | "LAND_USD", basePrice: number, baseDate: string) => ({
  schedule: { unitType, basePrice, baseDate, growthPerYearPercent: 5 },
  buyOrderTransactionFeeInCents: 100,
  sellOrderTransactionFeeInUnits: 10,
  convertOrderTransactionFeeInUnits: 0,
  landLimits: { totalProjectLandValueInCents: 1_000_000, maxDoubleLandUnitsBoughtValueInCents: 0 },
})

for (const target of databaseTargets().run) {
  describe(`migration 2801 on ${target.name}`, () => {
    const db = useSuiteDatabase(target)

    it("fills the schedule history from the audit log's set-price entries, and the rest from each price in force", async () => {
      const changes = await db.run(
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const write = Effect.gen(function* () {
            const s = yield* PricingSettings
            yield* s.setUnit(settings("LAND_EUR", 10_000, "2026-01-01"))
            yield* s.setUnit(settings("LAND_EUR", 12_000, "2026-03-01"))
            yield* s.setUnit(settings("LAND_USD", 11_000, "2025-12-01"))
            const audit = yield* AuditLog
            const admin = MemberId.make("mem_admin")
            for (const [basePrice, baseDate, at] of [
              [10_000, "2026-01-01", Date.UTC(2026, 0, 1, 9)],
              [12_000, "2026-03-01", Date.UTC(2026, 2, 1, 14)],
            ] as const) {
              yield* audit.append({
                actor: admin,
                action: "pricing.setPrice",
                subject: "unitType:LAND_EUR",
                details: {
                  before: "null",
                  after: JSON.stringify({
                    unitType: "LAND_EUR",
                    basePrice,
                    growthPerYearPercent: 5,
                    baseDate,
                  }),
                },
                at,
              })
            }
          })
          yield* write.pipe(Effect.provide(Layer.mergeAll(PricingSettingsPg, AuditLogPg)))
          // As before the migration: no schedule history at all.
          yield* sql`DROP TABLE price_schedule_changes`
          yield* sql`DROP FUNCTION price_schedule_changes_append_only()`
          yield* migration
          const history = yield* PriceScheduleHistory
          return { eur: yield* history.changes("LAND_EUR"), usd: yield* history.changes("LAND_USD") }
        }).pipe(Effect.provide(PriceScheduleHistoryPg), Effect.provide(db.layer())),
      )
      expect(changes.eur.map((c) => [c.at, c.schedule.basePrice, c.schedule.baseDate])).toEqual([
        [Date.UTC(2026, 0, 1, 9), 10_000, "2026-01-01"],
        [Date.UTC(2026, 2, 1, 14), 12_000, "2026-03-01"],
      ])
      expect(changes.usd.map((c) => [c.at, c.schedule.basePrice])).toEqual([[Date.UTC(2025, 11, 1), 11_000]])
    })

    it("keeps the history append-only: an update or a delete is refused by the database", async () => {
      const refused = await db.run(
        Effect.gen(function* () {
          yield* Effect.flatMap(PricingSettings, (s) =>
            s.setUnit(settings("LAND_EUR", 10_000, "2026-01-01")),
          ).pipe(Effect.provide(PricingSettingsPg))
          const sql = yield* SqlClient.SqlClient
          return {
            update: yield* sql`UPDATE price_schedule_changes SET base_price = 1`.pipe(Effect.result),
            delete: yield* sql`DELETE FROM price_schedule_changes`.pipe(Effect.result),
            prices: yield* sql<{ base_price: string }>`SELECT base_price FROM price_schedule_changes`,
          }
        }).pipe(Effect.provide(db.layer())),
      )
      expect(refused.update._tag).toBe("Failure")
      expect(refused.delete._tag).toBe("Failure")
      expect(refused.prices.map((r) => Number(r.base_price))).toEqual([10_000])
    })

    it("does nothing where the table is already there (an installation that ran it under its first id, 2740)", async () => {
      const kept = await db.run(
        Effect.gen(function* () {
          yield* Effect.flatMap(PricingSettings, (s) =>
            s.setUnit(settings("LAND_USD", 11_000, "2025-12-01")),
          ).pipe(Effect.provide(PricingSettingsPg))
          const sql = yield* SqlClient.SqlClient
          const before = yield* sql<{ id: string }>`SELECT id FROM price_schedule_changes ORDER BY id`
          yield* migration
          const after = yield* sql<{ id: string }>`SELECT id FROM price_schedule_changes ORDER BY id`
          return { before, after }
        }).pipe(Effect.provide(db.layer())),
      )
      expect(kept.before.length).toBeGreaterThan(0)
      expect(kept.after).toEqual(kept.before)
    })
  })
}
