import { salesChatStoreContract } from "@landunits/core/test-support/SalesChatStoreContract.ts"
import { Layer } from "effect"
import { describe } from "vitest"
import { SalesChatStorePg } from "../../src/postgres/SalesChatStorePg.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

for (const target of databaseTargets().run) {
  describe(`sales chat store on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    salesChatStoreContract(target.name, () => SalesChatStorePg.pipe(Layer.provide(db.layer())))
  })
}
