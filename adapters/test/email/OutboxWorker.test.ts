import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { Mailer } from "@landunits/core/notifications/ports/Mailer.ts"
import { freePort } from "@landunits/test-support/AppProcess.ts"
import { Effect, Layer, Logger, Metric } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { layerFileMailTransport } from "../../src/email/FileMailTransport.ts"
import { MailDeliveryFailed, MailTransport } from "../../src/email/MailTransport.ts"
import { deliverDue, MAX_ATTEMPTS, retryDelaySeconds } from "../../src/email/OutboxWorker.ts"
import { layerSmtpMailTransport } from "../../src/email/SmtpMailTransport.ts"
import { mailDeliveries } from "../../src/observability/Metrics.ts"
import { MailerPg } from "../../src/postgres/MailerPg.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

const options = { from: "Landunits <no-reply@landunits.test>", appUrl: "https://landunits.test/" }

/** The Warn-and-above lines an effect logs, kept in `into`. */
const warnings = (into: Array<string>) =>
  Logger.layer([
    Logger.make((o) => {
      if (o.logLevel === "Warn" || o.logLevel === "Error") into.push(String(o.message))
    }),
  ])

const counted = (outcome: "sent" | "retry" | "failed") =>
  Effect.map(Metric.value(mailDeliveries({ outcome })), (state) => Number(state.count))

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

  it("with the mail server down (SMTP, connection refused) each failed delivery is logged at Warn with its outbox id and the error, never the address, token or body; retried later, counted", async () => {
    // Nothing listens there: what an SMTP server that is down answers.
    const smtp = layerSmtpMailTransport(`smtp://127.0.0.1:${await freePort()}`)
    const logged: Array<string> = []
    const before = await Effect.runPromise(counted("retry"))
    const result = await db.run(
      Effect.gen(function* () {
        yield* (yield* Mailer).enqueue({
          to: "ann.private@example.com",
          template: "reset-password",
          data: { firstName: "Ann", token: "secret-reset-token" },
        })
        const handled = yield* deliverDue(options)
        // Not due again before its delay.
        const again = yield* deliverDue(options)
        const sql = yield* SqlClient.SqlClient
        const [row] = yield* sql<{ id: string }>`SELECT id FROM mail_outbox`
        return { handled, again, id: row!.id, rows: yield* statuses }
      }).pipe(
        Effect.provide(Layer.mergeAll(MailerPg, smtp).pipe(Layer.provideMerge(db.layer()))),
        Effect.provide(warnings(logged)),
      ),
    )
    expect(result).toMatchObject({ handled: 1, again: 0 })
    expect(result.rows[0]).toMatchObject({ status: "pending", attempts: 1, later: true })
    expect(result.rows[0]!.last_error).toContain("ECONNREFUSED")
    expect(logged).toHaveLength(1)
    expect(logged[0]).toContain(`Email ${result.id} (reset-password), attempt 1 of ${MAX_ATTEMPTS}`)
    expect(logged[0]).toContain("next attempt in 30 s")
    expect(logged[0]).toContain("ECONNREFUSED")
    for (const secret of ["ann.private@example.com", "secret-reset-token", "Ann"])
      expect(logged[0]).not.toContain(secret)
    expect(await Effect.runPromise(counted("retry"))).toBe(before + 1)
  })

  it(`gives up after ${MAX_ATTEMPTS} attempts, logging it at Warn, and never sends while a transaction is open`, async () => {
    const logged: Array<string> = []
    const inTransaction: Array<boolean> = []
    const before = await Effect.runPromise(counted("failed"))
    const rows = await db.run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        // During a send: a transaction that claimed rows (FOR UPDATE) has a transaction id; a statement alone has none.
        const checking = Layer.succeed(MailTransport)({
          name: "checking",
          send: () =>
            sql<{ open: boolean }>`SELECT pg_current_xact_id_if_assigned() IS NOT NULL AS open`.pipe(
              Effect.orDie,
              Effect.tap(([r]) => Effect.sync(() => inTransaction.push(r?.open === true))),
              Effect.andThen(
                Effect.fail(new MailDeliveryFailed({ message: "421 try later", permanent: false })),
              ),
            ),
          forgetRecipient: () => Effect.void,
        })
        yield* (yield* Mailer).enqueue({
          to: "ann@example.com",
          template: "confirm-email",
          data: { token: "t" },
        })
        // Its last attempt is due.
        yield* sql`UPDATE mail_outbox SET attempts = ${MAX_ATTEMPTS - 1}`
        yield* deliverDue(options).pipe(Effect.provide(checking))
        return yield* statuses
      }).pipe(
        Effect.provide(MailerPg.pipe(Layer.provideMerge(db.layer()))),
        Effect.provide(warnings(logged)),
      ),
    )
    expect(inTransaction).toEqual([false])
    expect(rows[0]).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, last_error: "421 try later" })
    expect(logged).toEqual([
      expect.stringMatching(
        new RegExp(`attempt ${MAX_ATTEMPTS} of ${MAX_ATTEMPTS}, was not delivered; given up: 421 try later`),
      ),
    ])
    expect(await Effect.runPromise(counted("failed"))).toBe(before + 1)
  })
})
