/** SignedInMembers in one statement (SignedInMembersPg) against the contract's separate reads, on PGlite and the server. */
import { signedInMembersContract } from "@landunits/core/test-support/SignedInMembersContract.ts"
import { Layer } from "effect"
import { describe } from "vitest"
import { AccountRepositoryPg } from "../../src/postgres/AccountRepositoryPg.ts"
import { KycStorePg } from "../../src/postgres/KycStorePg.ts"
import { LedgerStorePg } from "../../src/postgres/LedgerStorePg.ts"
import { OrderRepositoryPg } from "../../src/postgres/OrderRepositoryPg.ts"
import { SessionStorePg } from "../../src/postgres/SessionStorePg.ts"
import { SignedInMembersPg } from "../../src/postgres/SignedInMembersPg.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

for (const target of databaseTargets().run) {
  describe(`signed-in members on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    signedInMembersContract(target.name, () =>
      Layer.mergeAll(
        SignedInMembersPg,
        AccountRepositoryPg,
        SessionStorePg,
        KycStorePg,
        LedgerStorePg,
        OrderRepositoryPg,
      ).pipe(Layer.provide(db.layer())),
    )
  })
}
