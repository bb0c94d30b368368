import { providerEventLogContract } from "@landunits/core/test-support/ProviderEventLogContract.ts"
import { Layer } from "effect"
import { describe } from "vitest"
import { ProviderEventLogPg } from "../../src/postgres/ProviderEventLogPg.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

for (const target of databaseTargets().run) {
  describe(`provider events on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    providerEventLogContract(target.name, () => ProviderEventLogPg.pipe(Layer.provide(db.layer())))
  })
}
