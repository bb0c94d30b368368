/**
 * The kept ledger totals (migrations 0901 and 0902): each unit type's total per bucket is a row of its own, moved by a
 * trigger with every balance change, so the capacity check reads a few rows whatever the number of members.
 * Here: the totals equal the sum of the balances after appends through the store and after writes around it,
 * a database that had balances before the migration starts with the right totals, and the capacity read
 * (`ledger_totals_after_lock`) answers them.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import type { Transfer } from "@landunits/core/ledger/LedgerModel.ts"
import { LedgerStore } from "@landunits/core/ledger/ports/LedgerStore.ts"
import { UnitTypes } from "@landunits/core/shared/Enums.ts"
import { MemberId, OrderId, TransferId } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as Migrator from "effect/sql/Migrator"
import { describe, expect, it } from "vitest"
import { LedgerStorePg } from "../../src/postgres/LedgerStorePg.ts"
import { MIGRATIONS_DIRECTORY, MIGRATIONS_TABLE, migrate } from "../../src/postgres/Migrations.ts"
import { ORDER_COMMAND_LOCK, unitTypeLockKey } from "../../src/postgres/UnitOfWorkPg.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

/** Each (unit type, bucket): the sum of the balance rows, and the kept total; buckets without rows are 0. */
const bothTotals = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const summed = yield* sql<{ unit_type: string; bucket: string; units: string }>`
    SELECT unit_type, bucket, sum(units) AS units FROM ledger_balances GROUP BY unit_type, bucket`
  const kept = yield* sql<{ unit_type: string; bucket: string; units: string }>`
    SELECT unit_type, bucket, units FROM ledger_bucket_totals`
  const asMap = (rows: ReadonlyArray<{ unit_type: string; bucket: string; units: string }>) => {
    const map: Record<string, number> = {}
    for (const r of rows) if (Number(r.units) !== 0) map[`${r.unit_type}|${r.bucket}`] = Number(r.units)
    return map
  }
  return { summed: asMap(summed), kept: asMap(kept) }
})

const member = (id: string, bucket: "owned" | "pendingBuy" | "pendingSell") =>
  ({ _tag: "MemberAccount", memberId: MemberId.make(id), bucket }) as const
const issuance = { _tag: "PlatformAccount", name: "issuance" } as const

let n = 0
const transfer = (
  unitType: (typeof UnitTypes)[number],
  from: Transfer["from"],
  to: Transfer["to"],
  units: number,
): Transfer => ({
  transferId: TransferId.make(`tr_totals_${++n}`),
  orderId: OrderId.make(`ord_totals_${n}`),
  unitType,
  from,
  to,
  units,
  at: n,
})

for (const target of databaseTargets({ empty: true }).run) {
  describe(`kept ledger totals on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    const store = () => LedgerStorePg.pipe(Layer.provide(db.layer()))

    it("equal the sum of the balances after appends of many members, and after writes around the store", async () => {
      const { summed, kept, read } = await db.run(
        Effect.gen(function* () {
          const ledger = yield* LedgerStore
          // 40 members buy, a third of them are confirmed, some of those sell: four unit types.
          for (let i = 0; i < 40; i++) {
            const unitType = UnitTypes[i % UnitTypes.length]!
            const id = `m${i}`
            yield* ledger.append([transfer(unitType, issuance, member(id, "pendingBuy"), 10 + i)])
            if (i % 2 === 0) {
              yield* ledger.append([
                transfer(unitType, member(id, "pendingBuy"), member(id, "owned"), 10 + i),
              ])
            }
            if (i % 6 === 0) {
              yield* ledger.append([transfer(unitType, member(id, "owned"), member(id, "pendingSell"), 3)])
            }
          }
          const sql = yield* SqlClient.SqlClient
          // Writes around the store move the totals too (an operator's repair, say).
          yield* sql`UPDATE ledger_balances SET units = units + 7 WHERE account_key LIKE 'member:m1:%'`
          yield* sql`DELETE FROM ledger_balances WHERE account_key LIKE 'member:m2:%'`
          // A row that changes bucket (migration 0902 moves units within a bucket in one step, this in two),
          // and an update that leaves the units as they are.
          yield* sql`UPDATE ledger_balances SET bucket = 'pendingSell' WHERE account_key = 'member:m4:owned'`
          yield* sql`UPDATE ledger_balances SET units = units WHERE account_key LIKE 'member:m3:%'`
          const both = yield* bothTotals
          return { ...both, read: yield* ledger.totals("LAND_EUR") }
        }).pipe(Effect.provide(store())),
      )
      // Every unit type has totals, and every bucket the writes used has one somewhere.
      for (const unitType of UnitTypes) expect(kept[`${unitType}|issuance`]).toBeLessThan(0)
      expect(new Set(Object.keys(kept).map((k) => k.split("|")[1]))).toEqual(
        new Set(["issuance", "pendingBuy", "owned", "pendingSell"]),
      )
      expect(kept).toEqual(summed)
      expect(read.pendingBuy).toBe(summed["LAND_EUR|pendingBuy"] ?? 0)
      expect(read.owned).toBe(summed["LAND_EUR|owned"] ?? 0)
      expect(read.issuance).toBe(summed["LAND_EUR|issuance"])
    })

    it("are answered by the capacity read that takes the unit type's lock", async () => {
      const { locked, totals } = await db.run(
        Effect.gen(function* () {
          const ledger = yield* LedgerStore
          yield* ledger.append([transfer("LAND_USD", issuance, member("m1", "pendingBuy"), 12)])
          yield* ledger.append([transfer("LAND_USD", issuance, member("m2", "owned"), 5)])
          const sql = yield* SqlClient.SqlClient
          const locked = yield* sql.withTransaction(
            sql<{ bucket: string; units: string }>`
              SELECT bucket, units FROM ledger_totals_after_lock(${ORDER_COMMAND_LOCK}, ${unitTypeLockKey("LAND_USD")}, 'LAND_USD')`,
          )
          return { locked, totals: yield* ledger.totals("LAND_USD") }
        }).pipe(Effect.provide(store())),
      )
      const byBucket = Object.fromEntries(locked.map((r) => [r.bucket, Number(r.units)]))
      expect(byBucket).toEqual({ issuance: -17, pendingBuy: 12, owned: 5 })
      expect(totals).toMatchObject({ issuance: -17, pendingBuy: 12, owned: 5 })
    })
  })

  it(`${target.name}: a database with balances from before migration 0901 starts with their totals`, async () => {
    const files = fs.readdirSync(MIGRATIONS_DIRECTORY).filter((f) => /^\d+_[^.]+\.ts$/.test(f))
    const before = Object.fromEntries(
      files
        .filter((f) => Number(f.split("_")[0]) < 901)
        .map((f) => [f, () => import(path.join(MIGRATIONS_DIRECTORY, f))]),
    )
    const result = await Effect.runPromise(
      Effect.gen(function* () {
        yield* Migrator.make({})({ loader: Migrator.fromGlob(before), table: MIGRATIONS_TABLE })
        const sql = yield* SqlClient.SqlClient
        yield* sql`INSERT INTO ledger_balances (unit_type, account_key, member_id, bucket, units) VALUES
          ('LAND_EUR', 'platform:issuance', NULL, 'issuance', -30),
          ('LAND_EUR', 'member:a:owned', 'a', 'owned', 10),
          ('LAND_EUR', 'member:b:owned', 'b', 'owned', 15),
          ('LAND_EUR', 'member:b:pendingBuy', 'b', 'pendingBuy', 5)`
        const ran = yield* migrate
        return { ran: ran.map(([id]) => id), both: yield* bothTotals }
      }).pipe(Effect.provide(target.layer)),
    )
    expect(result.ran).toContain(901)
    expect(result.both.kept).toEqual({
      "LAND_EUR|issuance": -30,
      "LAND_EUR|owned": 25,
      "LAND_EUR|pendingBuy": 5,
    })
    expect(result.both.kept).toEqual(result.both.summed)
  })
}
