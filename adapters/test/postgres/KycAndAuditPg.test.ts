import { Mailer } from "@landunits/core/notifications/ports/Mailer.ts"
import { auditLogContract } from "@landunits/core/test-support/AuditLogContract.ts"
import { kycStoreContract } from "@landunits/core/test-support/KycStoreContract.ts"
import { mailerContract } from "@landunits/core/test-support/MailerContract.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { AuditLogPg } from "../../src/postgres/AuditLogPg.ts"
import { KycStorePg } from "../../src/postgres/KycStorePg.ts"
import { MailerPg } from "../../src/postgres/MailerPg.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

for (const target of databaseTargets().run) {
  describe(`KYC records, the audit log and the mail outbox on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    kycStoreContract(target.name, () => KycStorePg.pipe(Layer.provide(db.layer())))
    auditLogContract(target.name, () => AuditLogPg.pipe(Layer.provide(db.layer())))
    mailerContract(target.name, () => MailerPg.pipe(Layer.provide(db.layer())))

    it("keeps the audit log append-only: an update or a delete is refused by the database", async () => {
      const result = await db.run(
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          yield* sql`INSERT INTO audit_log (actor, action, subject, details, at) VALUES ('a', 'kyc.approve', 'member:m', '{}', 1)`
          return {
            update: yield* sql`UPDATE audit_log SET action = 'x'`.pipe(Effect.result),
            delete: yield* sql`DELETE FROM audit_log`.pipe(Effect.result),
          }
        }),
      )
      expect(result.update._tag).toBe("Failure")
      expect(result.delete._tag).toBe("Failure")
    })

    it("enqueues an email with the change that caused it, or not at all", async () => {
      const queued = await Effect.runPromise(
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const mailer = yield* Mailer
          const email = (to: string) => ({ to, template: "kyc-verified", data: {} })
          yield* sql.withTransaction(Effect.andThen(mailer.enqueue(email("kept@example.com")), Effect.void))
          yield* sql
            .withTransaction(
              Effect.andThen(mailer.enqueue(email("rolled-back@example.com")), Effect.fail("refused")),
            )
            .pipe(Effect.ignore)
          return (yield* mailer.queued).map((e) => e.to)
        }).pipe(Effect.provide(Layer.provideMerge(MailerPg, db.layer()))),
      )
      expect(queued).toEqual(["kept@example.com"])
    })
  })
}
