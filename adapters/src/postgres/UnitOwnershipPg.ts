/**
 * UnitOwnership on PostgreSQL, from the ledger's balances: a member's owned, owned_DOUBLE_LAND,
 * convertLocked and pendingSell Units of every unit type (pendingBuy does not count: not paid yet).
 */
import { UnitOwnership } from "@landunits/core/governance/ports/UnitOwnership.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

export const UnitOwnershipPg = Layer.effect(UnitOwnership)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return UnitOwnership.of({
      unitsOwned: (memberId) =>
        sql<{ units: string | null }>`
          SELECT sum(units) AS units FROM ledger_balances
          WHERE member_id = ${memberId} AND bucket IN ('owned', 'owned_DOUBLE_LAND', 'convertLocked', 'pendingSell')`.pipe(
          Effect.map((rows) => Number(rows[0]?.units ?? 0)),
          Effect.orDie,
        ),
    })
  }),
)
