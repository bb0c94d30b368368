import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { Mailer } from "@landunits/core/notifications/ports/Mailer.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { layerFileMailTransport } from "../../src/email/FileMailTransport.ts"
import { MailDeliveryFailed, MailTransport } from "../../src/email/MailTransport.ts"
import { deliverDue, retryDelaySeconds } from "../../src/email/OutboxWorker.ts"
import { MailerPg } from "../../src/postgres/MailerPg.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

const options = { from: "Landunits <no-reply@landunits.test>", appUrl: "https://landunits.test/" }

const statuses = Effect.flatMap(
  SqlClient.SqlClient,
  (sql) =>
    sql<{ to_address: string; status: string; attempts: number; last_error: string | null; later: boolean }>`
    SELECT to_address, status, attempts, last_error, next_attempt_at > now() AS later FROM mail_outbox ORDER BY id`,
)

describe("the mail outbox worker", () => {
  const db = useSuiteDatabase(pgliteTarget())

  it("renders and sends due emails once, with the link on the app's URL; an unknown template fails for good", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-outbox-"))
    try {
      const result = await db.run(
        Effect.gen(function* () {
          const mailer = yield* Mailer
          yield* mailer.enqueue({
            to: "ann@example.com",
            template: "confirm-email",
            data: { firstName: "Ann", token: "tok123" },
          })
          yield* mailer.enqueue({ to: "ben@example.com", template: "no-such-template", data: {} })
          const first = yield* deliverDue(options)
          const second = yield* deliverDue(options)
          return { first, second, rows: yield* statuses }
        }).pipe(
          Effect.provide(
            Layer.mergeAll(MailerPg, layerFileMailTransport(dir)).pipe(Layer.provideMerge(db.layer())),
          ),
        ),
      )
      expect(result.first).toBe(2)
      expect(result.second).toBe(0)
      expect(result.rows.map((r) => [r.to_address, r.status])).toEqual([
        ["ann@example.com", "sent"],
        ["ben@example.com", "failed"],
      ])
      expect(result.rows[1]!.last_error).toContain("no-such-template")
      const files = fs.readdirSync(dir)
      expect(files).toHaveLength(1)
      const eml = fs.readFileSync(path.join(dir, files[0]!), "utf8")
      expect(eml).toContain("Subject: Confirm your email address")
      // Quoted-printable: soft line breaks and "=" written as "=3D".
      const decoded = eml.replace(/=\r?\n/g, "").replace(/=3D/g, "=")
      expect(decoded).toContain("https://landunits.test/account/confirm?token=tok123")
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it("retries a temporary failure later with a growing delay, and gives up on a permanent one", async () => {
    const failing = (permanent: boolean) =>
      Layer.succeed(MailTransport)({
        name: "failing",
        send: () => Effect.fail(new MailDeliveryFailed({ message: "server busy", permanent })),
        forgetRecipient: () => Effect.void,
      })
    const rows = await db.run(
      Effect.gen(function* () {
        yield* (yield* Mailer).enqueue({
          to: "ann@example.com",
          template: "confirm-email",
          data: { token: "t" },
        })
        yield* deliverDue(options).pipe(Effect.provide(failing(false)))
        return yield* statuses
      }).pipe(Effect.provide(MailerPg.pipe(Layer.provideMerge(db.layer())))),
    )
    expect(rows[0]).toMatchObject({ status: "pending", attempts: 1, last_error: "server busy", later: true })
    expect([1, 2, 3, 8, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 3600, 3600])
    const permanent = await db.run(
      Effect.gen(function* () {
        yield* (yield* Mailer).enqueue({
          to: "ben@example.com",
          template: "confirm-email",
          data: { token: "t" },
        })
        yield* deliverDue(options).pipe(Effect.provide(failing(true)))
        return yield* statuses
      }).pipe(Effect.provide(MailerPg.pipe(Layer.provideMerge(db.layer())))),
    )
    expect(permanent.at(-1)).toMatchObject({ to_address: "ben@example.com", status: "failed" })
  })
})
