/** The four-eyes requests on PostgreSQL: the port's contract, and a request approved by two admins at once runs once. */
import { ApprovalService } from "@landunits/core/approvals/ApprovalService.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { IdGenerator } from "@landunits/core/shared/ports/IdGenerator.ts"
import { approvalStoreContract } from "@landunits/core/test-support/ApprovalStoreContract.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { AccountRepositoryPg } from "../../src/postgres/AccountRepositoryPg.ts"
import { ApprovalStorePg } from "../../src/postgres/ApprovalStorePg.ts"
import { MailerPg } from "../../src/postgres/MailerPg.ts"
import { UnitOfWorkPg } from "../../src/postgres/UnitOfWorkPg.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

for (const target of databaseTargets().run) {
  describe(`approval requests on ${target.name}`, () => {
    const db = useSuiteDatabase(target)

    approvalStoreContract(target.name, () => ApprovalStorePg.pipe(Layer.provide(db.layer())))

    it("two admins approving the same request at once: its command runs once, the other is refused, one email is queued", async () => {
      const ada = { adminId: MemberId.make("mem_ada"), name: "Ada Admin", email: "ada@example.com" }
      const bob = { adminId: MemberId.make("mem_bob"), name: "Bob Boss", email: "bob@example.com" }
      const cyd = { adminId: MemberId.make("mem_cyd"), name: "Cyd Chief", email: "cyd@example.com" }
      const layer = ApprovalService.layer.pipe(
        Layer.provideMerge(
          Layer.mergeAll(
            ApprovalStorePg,
            AccountRepositoryPg,
            UnitOfWorkPg,
            MailerPg,
            IdGenerator.layerRandom,
          ),
        ),
        Layer.provideMerge(db.layer()),
      )
      const result = await Effect.runPromise(
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          yield* sql`CREATE TABLE IF NOT EXISTS approval_test_effects (request_id text NOT NULL)`
          yield* sql`DELETE FROM approval_test_effects`
          const approvals = yield* ApprovalService
          const filed = yield* approvals.request({
            command: "payouts.markPaid",
            params: { payoutId: "pay_1" },
            summary: "Record 2000000 cents EUR as paid to mem_1",
            amount: { amountMinor: 2_000_000, currency: "EUR" },
            requestedBy: ada,
          })
          // The command's effect is a row in the same transaction: a second run would write a second row.
          const execute = () =>
            sql`INSERT INTO approval_test_effects VALUES (${filed.requestId})`.pipe(
              Effect.andThen(Effect.sleep("20 millis")),
              Effect.as("done"),
              Effect.orDie,
            )
          const outcomes = yield* Effect.all(
            [bob, cyd].map((admin) => Effect.result(approvals.approve(filed.requestId, admin, execute))),
            { concurrency: "unbounded" },
          )
          const effects = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM approval_test_effects`
          const mail = yield* sql<{ n: number }>`
            SELECT count(*)::int AS n FROM mail_outbox WHERE template = 'approval-decided'`
          return {
            outcomes,
            effects: effects[0]!.n,
            mail: mail[0]!.n,
            after: yield* approvals.get(filed.requestId),
          }
        }).pipe(Effect.provide(layer)),
      )
      expect(result.effects).toBe(1)
      expect(result.mail).toBe(1)
      expect(result.outcomes.filter((o) => o._tag === "Success")).toHaveLength(1)
      const refused = result.outcomes.find((o) => o._tag === "Failure")
      expect(refused?._tag === "Failure" && refused.failure.message).toMatch(
        /is approved: it can be decided only while pending/,
      )
      expect(result.after.status).toBe("approved")
    })
  })
}
