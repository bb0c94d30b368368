import { OrderRepository } from "@landunits/core/orders/ports/OrderRepository.ts"
import { buyJournalContract } from "@landunits/core/test-support/BuyJournalContract.ts"
import {
  aBuy,
  idempotencyRetentionContract,
  idempotencyStoreContract,
  orderRepositoryContract,
  payoutRepositoryContract,
} from "@landunits/core/test-support/OrderStoresContract.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { BuyJournalPg } from "../../src/postgres/BuyJournalPg.ts"
import { IdempotencyStorePg } from "../../src/postgres/IdempotencyStorePg.ts"
import { LedgerStorePg } from "../../src/postgres/LedgerStorePg.ts"
import { OrderRepositoryPg } from "../../src/postgres/OrderRepositoryPg.ts"
import { PayoutRepositoryPg } from "../../src/postgres/PayoutRepositoryPg.ts"
import { UnitOfWorkPg } from "../../src/postgres/UnitOfWorkPg.ts"
import { databaseTargets } from "../support/Databases.ts"
import type { Sql } from "../support/SuiteDatabase.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

/**
 * The database's clock, which times each key (`created_at DEFAULT now()`): `now` reads it, and `pass` ages every key
 * saved so far by moving its `created_at` back.
 */
const databaseClock = {
  now: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [row] = yield* sql<{ now: string }>`SELECT (extract(epoch FROM now()) * 1000)::bigint AS now`
    return Number(row!.now)
  }).pipe(Effect.orDie),
  pass: (ms: number) =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`UPDATE idempotency_keys SET created_at = created_at - make_interval(secs => ${ms / 1000})`
    }).pipe(Effect.orDie),
}

for (const target of databaseTargets().run) {
  describe(`order stores on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    orderRepositoryContract(target.name, () => OrderRepositoryPg.pipe(Layer.provide(db.layer())))
    payoutRepositoryContract(target.name, () => PayoutRepositoryPg.pipe(Layer.provide(db.layer())))
    idempotencyStoreContract(target.name, () => IdempotencyStorePg.pipe(Layer.provide(db.layer())))
    idempotencyRetentionContract<Sql>(
      target.name,
      () => IdempotencyStorePg.pipe(Layer.provideMerge(db.layer())),
      databaseClock,
    )
    it("keeps a buy's purchase-order reference, and refuses one the invoice cannot print (migration 2930)", async () => {
      const insert = (id: string, purchaseOrderReference: string) =>
        Effect.runPromise(
          Effect.gen(function* () {
            const repo = yield* OrderRepository
            const stored = yield* repo.insert(aBuy(id, { buy: { purchaseOrderReference } }))
            return (yield* repo.get(stored.orderId)).buy?.purchaseOrderReference
          }).pipe(Effect.provide(OrderRepositoryPg.pipe(Layer.provide(db.layer())))),
        )
      expect(await insert("po_ok", "x".repeat(64))).toBe("x".repeat(64))
      await expect(insert("po_long", "x".repeat(65))).rejects.toThrow()
      await expect(insert("po_tab", "PO\t118")).rejects.toThrow()
      await expect(insert("po_empty", "")).rejects.toThrow()
    })
    buyJournalContract(target.name, () =>
      Layer.mergeAll(BuyJournalPg, UnitOfWorkPg, LedgerStorePg, OrderRepositoryPg, IdempotencyStorePg).pipe(
        Layer.provide(db.layer()),
      ),
    )
  })
}
