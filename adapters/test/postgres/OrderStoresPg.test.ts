import { buyJournalContract } from "@landunits/core/test-support/BuyJournalContract.ts"
import {
  idempotencyStoreContract,
  orderRepositoryContract,
  payoutRepositoryContract,
} from "@landunits/core/test-support/OrderStoresContract.ts"
import { Layer } from "effect"
import { describe } from "vitest"
import { BuyJournalPg } from "../../src/postgres/BuyJournalPg.ts"
import { IdempotencyStorePg } from "../../src/postgres/IdempotencyStorePg.ts"
import { LedgerStorePg } from "../../src/postgres/LedgerStorePg.ts"
import { OrderRepositoryPg } from "../../src/postgres/OrderRepositoryPg.ts"
import { PayoutRepositoryPg } from "../../src/postgres/PayoutRepositoryPg.ts"
import { UnitOfWorkPg } from "../../src/postgres/UnitOfWorkPg.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

for (const target of databaseTargets().run) {
  describe(`order stores on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    orderRepositoryContract(target.name, () => OrderRepositoryPg.pipe(Layer.provide(db.layer())))
    payoutRepositoryContract(target.name, () => PayoutRepositoryPg.pipe(Layer.provide(db.layer())))
    idempotencyStoreContract(target.name, () => IdempotencyStorePg.pipe(Layer.provide(db.layer())))
    buyJournalContract(target.name, () =>
      Layer.mergeAll(BuyJournalPg, UnitOfWorkPg, LedgerStorePg, OrderRepositoryPg, IdempotencyStorePg).pipe(
        Layer.provide(db.layer()),
      ),
    )
  })
}
