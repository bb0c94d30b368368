import { storedOrdersContract } from "@landunits/core/test-support/StoredOrdersContract.ts"
import { Layer } from "effect"
import { describe } from "vitest"
import { OrderRepositoryPg } from "../../src/postgres/OrderRepositoryPg.ts"
import { StoredOrdersPg } from "../../src/postgres/StoredOrdersPg.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

for (const target of databaseTargets().run) {
  describe(`the fee replay's pages of orders on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    storedOrdersContract(target.name, () =>
      Layer.mergeAll(StoredOrdersPg, OrderRepositoryPg).pipe(Layer.provide(db.layer())),
    )
  })
}
