import { coinPricesContract } from "@landunits/core/test-support/CoinPricesContract.ts"
import { Layer } from "effect"
import { describe } from "vitest"
import { CoinPricesPg } from "../../src/postgres/CoinPricesPg.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

for (const target of databaseTargets().run) {
  describe(`coin prices on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    coinPricesContract(target.name, () => CoinPricesPg.pipe(Layer.provide(db.layer())))
  })
}
