import { ledgerStoreContract } from "@landunits/core/test-support/LedgerStoreContract.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { LedgerStorePg } from "../../src/postgres/LedgerStorePg.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

for (const target of databaseTargets().run) {
  describe(`LedgerStorePg on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    ledgerStoreContract(target.name, () => LedgerStorePg.pipe(Layer.provide(db.layer())))

    it("keeps transfers append-only: an update or a delete is refused by the database", async () => {
      const attempt = (transferId: string, statement: string) =>
        db.run(
          Effect.gen(function* () {
            const sql = yield* SqlClient.SqlClient
            yield* sql`INSERT INTO ledger_transfers (transfer_id, order_id, unit_type, from_key, to_key, units, at)
              VALUES (${transferId}, 'o1', 'LAND_EUR', 'platform:issuance', 'member:m1:owned', 5, 0)`
            return yield* sql.unsafe(statement).pipe(Effect.result)
          }),
        )
      expect((await attempt("t1", "UPDATE ledger_transfers SET units = 50"))._tag).toBe("Failure")
      expect((await attempt("t2", "DELETE FROM ledger_transfers"))._tag).toBe("Failure")
    })

    it("refuses a member balance below zero even when written around the store", async () => {
      const result = await db.run(
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          yield* sql`INSERT INTO ledger_balances (unit_type, account_key, member_id, bucket, units)
            VALUES ('LAND_EUR', 'member:m1:owned', 'm1', 'owned', 3)`
          return {
            insert: yield* sql`INSERT INTO ledger_balances (unit_type, account_key, member_id, bucket, units)
              VALUES ('LAND_EUR', 'member:m2:owned', 'm2', 'owned', -1)`.pipe(Effect.result),
            update:
              yield* sql`UPDATE ledger_balances SET units = units - 4 WHERE account_key = 'member:m1:owned'`.pipe(
                Effect.result,
              ),
            platform:
              yield* sql`INSERT INTO ledger_balances (unit_type, account_key, member_id, bucket, units)
              VALUES ('LAND_EUR', 'platform:issuance', NULL, 'issuance', -3)`.pipe(Effect.result),
          }
        }),
      )
      expect(result.insert._tag).toBe("Failure")
      expect(result.update._tag).toBe("Failure")
      expect(result.platform._tag).toBe("Success")
    })
  })
}
