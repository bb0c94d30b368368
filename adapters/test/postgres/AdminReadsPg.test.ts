/** The admin CLI's reads on PostgreSQL: the mail outbox. */
import { outboxContract } from "@landunits/core/test-support/OutboxContract.ts"
import { Layer } from "effect"
import { describe } from "vitest"
import { MailerPg } from "../../src/postgres/MailerPg.ts"
import { OutboxPg } from "../../src/postgres/OutboxPg.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

for (const target of databaseTargets().run) {
  describe(`the admin's reads on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    outboxContract(target.name, () => Layer.mergeAll(OutboxPg, MailerPg).pipe(Layer.provide(db.layer())))
  })
}
