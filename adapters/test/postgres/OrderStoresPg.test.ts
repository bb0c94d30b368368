import { orderJournalContract } from "@landunits/core/test-support/OrderJournalContract.ts"
import {
  idempotencyStoreContract,
  orderRepositoryContract,
  payoutRepositoryContract,
} from "@landunits/core/test-support/OrderStoresContract.ts"
import { Layer } from "effect"
import { describe } from "vitest"
import { IdempotencyStorePg } from "../../src/postgres/IdempotencyStorePg.ts"
import { LedgerStorePg } from "../../src/postgres/LedgerStorePg.ts"
import { OrderJournalPg } from "../../src/postgres/OrderJournalPg.ts"
import { OrderRepositoryPg } from "../../src/postgres/OrderRepositoryPg.ts"
import { PayoutRepositoryPg } from "../../src/postgres/PayoutRepositoryPg.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

for (const target of databaseTargets().run) {
  describe(`order stores on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    orderRepositoryContract(target.name, () => OrderRepositoryPg.pipe(Layer.provide(db.layer())))
    payoutRepositoryContract(target.name, () => PayoutRepositoryPg.pipe(Layer.provide(db.layer())))
    idempotencyStoreContract(target.name, () => IdempotencyStorePg.pipe(Layer.provide(db.layer())))
    orderJournalContract(target.name, () =>
      Layer.mergeAll(OrderJournalPg, LedgerStorePg, OrderRepositoryPg, IdempotencyStorePg).pipe(
        Layer.provide(db.layer()),
      ),
    )
  })
}
