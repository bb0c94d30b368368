/** The contract every Mailer (outbox) adapter passes: run on memory here, on PostgreSQL by the adapters' tests. */

import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import { EmailTemplate } from "../../src/notifications/NotificationModel.ts"
import { Mailer } from "../../src/notifications/ports/Mailer.ts"

export const mailerContract = (name: string, makeLayer: () => Layer.Layer<Mailer>) =>
  describe(`Mailer contract (${name})`, () => {
    it.live("keeps every enqueued email, oldest first, unchanged by later edits of the caller's object", () =>
      Effect.gen(function* () {
        const queued = yield* Effect.gen(function* () {
          const mailer = yield* Mailer
          const data: Record<string, string> = { firstName: "Alice", reason: "Blurry" }
          yield* mailer.enqueue({ to: "alice@example.com", template: EmailTemplate.kycNotApproved, data })
          data.reason = "changed"
          yield* mailer.enqueue({
            to: "bob@example.com",
            template: EmailTemplate.kycVerified,
            data: { firstName: "Bob" },
          })
          return yield* mailer.queued
        }).pipe(Effect.provide(makeLayer()))
        expect(queued).toEqual([
          {
            to: "alice@example.com",
            template: "kyc-not-approved",
            data: { firstName: "Alice", reason: "Blurry" },
          },
          { to: "bob@example.com", template: "kyc-verified", data: { firstName: "Bob" } },
        ])
      }),
    )
  })
