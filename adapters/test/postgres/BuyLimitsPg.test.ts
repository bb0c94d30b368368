/**
 * spec §5's limits on a new buy at their edges (core's BuyLimitsContract) over the PostgreSQL adapters, on PGlite
 * and the server: there a buy's checks run once the buy is written (BuyJournalPg), so these fail if a check counts
 * the buy's own Units or amount twice.
 */
import { buyLimitsContract } from "@landunits/core/test-support/BuyLimitsContract.ts"
import { Effect } from "effect"
import { describe } from "vitest"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"
import { loadEngineOn } from "./load/LoadSetup.ts"

for (const target of databaseTargets().run) {
  describe(`a new buy's limits on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    buyLimitsContract(
      target.name,
      (priceBook) => (effect) =>
        Effect.runPromise(Effect.provide(effect, loadEngineOn(db.layer(), priceBook))),
    )
  })
}
