/**
 * LedgerCheckpoints on PostgreSQL (migration 2711): the contract on PGlite and the server, the table's
 * append-only trigger, the audit chain in the cut, and (server only: PGlite runs one statement at a time) a
 * cut taken while another transaction is appending waits for it, so no transfer numbered below the last one
 * counted commits after the cut.
 */

import { member, platform } from "@landunits/core/ledger/LedgerModel.ts"
import { LedgerCheckpoints } from "@landunits/core/ledger/ports/LedgerCheckpoints.ts"
import { LedgerStore } from "@landunits/core/ledger/ports/LedgerStore.ts"
import type { UnitType } from "@landunits/core/shared/Enums.ts"
import { MemberId, OrderId, TransferId } from "@landunits/core/shared/Ids.ts"
import { ledgerCheckpointsContract } from "@landunits/core/test-support/LedgerCheckpointsContract.ts"
import { scopedServerDatabase } from "@landunits/test-support/DatabaseTemplates.ts"
import { Context, Deferred, Effect, Fiber, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { layerServer } from "../../src/postgres/Database.ts"
import { LedgerCheckpointsPg } from "../../src/postgres/LedgerCheckpointsPg.ts"
import { LedgerStorePg } from "../../src/postgres/LedgerStorePg.ts"
import { layerMigrated } from "../../src/postgres/Migrations.ts"
import { databaseTargets, serverUrl } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

/** A transfer of 5 Units from issuance to a member, appended (and chained) by the ledger's store. */
const insertTransfer = (transferId: string, unitType: UnitType) =>
  Effect.flatMap(LedgerStore, (ledger) =>
    ledger.append([
      {
        transferId: TransferId.make(transferId),
        orderId: OrderId.make("o1"),
        unitType,
        from: platform("issuance"),
        to: member(MemberId.make("m1"), "owned"),
        units: 5,
        at: 0,
      },
    ]),
  )

for (const target of databaseTargets().run) {
  describe(`LedgerCheckpointsPg on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    ledgerCheckpointsContract(target.name, () =>
      Layer.mergeAll(LedgerCheckpointsPg, LedgerStorePg).pipe(Layer.provide(db.layer())),
    )

    it("keeps checkpoints append-only: an update or a delete is refused by the database", async () => {
      const result = await db.run(
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          yield* sql`INSERT INTO ledger_checkpoints
            (number, at, tree_size, merkle_root, chains, key_id, signature, public_key, last_seq, frontier)
            VALUES (1, 0, 0, ${"0".repeat(64)}, '[]', 'k', ${"f".repeat(128)}, ${"a".repeat(64)}, 0, '{"size":0,"nodes":[]}')`
          return {
            update: yield* sql`UPDATE ledger_checkpoints SET tree_size = 5`.pipe(Effect.result),
            remove: yield* sql`DELETE FROM ledger_checkpoints`.pipe(Effect.result),
            rows: yield* sql<{ tree_size: string }>`SELECT tree_size FROM ledger_checkpoints`,
          }
        }),
      )
      expect(result.update._tag).toBe("Failure")
      expect(result.remove._tag).toBe("Failure")
      expect(result.rows.map((r) => Number(r.tree_size))).toEqual([0])
    })

    it("the cut holds the audit log's chain beside the unit types' (it is no transfer: not in the tree)", async () => {
      const cut = await db.run(
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          yield* insertTransfer("t1", "LAND_USD").pipe(Effect.provide(LedgerStorePg))
          yield* sql`INSERT INTO audit_log (actor, action, subject, details, at)
            VALUES ('mem_admin', 'orders.confirmPayment', 'order:o1', '{}'::jsonb, 1)`
          return yield* Effect.flatMap(LedgerCheckpoints, (c) => c.cut).pipe(
            Effect.provide(LedgerCheckpointsPg),
          )
        }),
      )
      expect(cut.treeSize).toBe(1)
      expect(cut.chains.map((c) => [c.chain, c.length])).toEqual([
        ["LAND_USD", 1],
        ["audit", 1],
      ])
    })
  })
}

const url = serverUrl()
if (url === undefined)
  console.warn("[not run] the checkpoint cut under concurrent appends (DATABASE_URL is not set)")

describe.runIf(url !== undefined)("the checkpoint cut on the PostgreSQL server", () => {
  it("waits for a transaction that is appending, so no lower-numbered transfer commits after it", async () => {
    const result = await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const database = yield* scopedServerDatabase(url!)
          const context = yield* Layer.build(
            Layer.mergeAll(LedgerCheckpointsPg, LedgerStorePg).pipe(
              Layer.provideMerge(Layer.provideMerge(layerMigrated, layerServer(database, 4))),
            ),
          )
          const sql = Context.get(context, SqlClient.SqlClient)
          const checkpoints = Context.get(context, LedgerCheckpoints)
          const ledger = Context.get(context, LedgerStore)
          const appended = yield* Deferred.make<void>()
          const commit = yield* Deferred.make<void>()
          // A: appends a LAND_EUR transfer (the lower seq) and holds its transaction open.
          const slow = yield* Effect.forkChild(
            sql.withTransaction(
              Effect.gen(function* () {
                yield* insertTransfer("t_slow", "LAND_EUR").pipe(Effect.provideService(LedgerStore, ledger))
                yield* Deferred.succeed(appended, undefined)
                yield* Deferred.await(commit)
              }),
            ),
          )
          yield* Deferred.await(appended)
          // B: a LAND_USD transfer, numbered after A's, commits at once.
          yield* insertTransfer("t_fast", "LAND_USD").pipe(Effect.provideService(LedgerStore, ledger))
          const cut = yield* Effect.forkChild(checkpoints.cut)
          // The cut waits on A's lock: the server shows its statement waiting, then A commits.
          for (let waiting = false; !waiting; ) {
            const rows = yield* sql<{ n: string }>`
              SELECT count(*) AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'LOCK TABLE ledger_transfers%'`
            waiting = Number(rows[0]?.n) > 0
            if (!waiting) yield* Effect.sleep("20 millis")
          }
          yield* Deferred.succeed(commit, undefined)
          yield* Fiber.join(slow)
          const taken = yield* Fiber.join(cut)
          const seqs = yield* sql<{ transfer_id: string; seq: string }>`
            SELECT transfer_id, seq FROM ledger_transfers ORDER BY seq`
          return { taken, seqs: seqs.map((r) => [r.transfer_id, Number(r.seq)] as const) }
        }),
      ),
    )
    expect(result.seqs.map(([id]) => id)).toEqual(["t_slow", "t_fast"])
    expect(result.taken.treeSize).toBe(2)
    expect(result.taken.lastPosition).toBe(result.seqs[1]![1])
  }, 60_000)
})
