/** The contract of the Outbox read: run on memory here, on PostgreSQL by the adapters' tests (emails written through the Mailer). */

import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { Mailer } from "../../src/notifications/ports/Mailer.ts"
import { Outbox } from "../../src/notifications/ports/Outbox.ts"

export const outboxContract = (name: string, makeLayer: () => Layer.Layer<Outbox | Mailer>) =>
  describe(`Outbox contract (${name})`, () => {
    it.live(
      "lists enqueued emails newest first, filtered by recipient (any case) and template, limited; shows one by id",
      () =>
        Effect.gen(function* () {
          const result = yield* Effect.gen(function* () {
            const mailer = yield* Mailer
            yield* mailer.enqueue({
              to: "alice@example.com",
              template: "kyc-verified",
              data: { firstName: "Alice" },
            })
            yield* mailer.enqueue({
              to: "bob@example.com",
              template: "kyc-not-approved",
              data: { reason: "Blurry" },
            })
            yield* mailer.enqueue({
              to: "alice@example.com",
              template: "kyc-not-approved",
              data: { reason: "Old" },
            })
            const outbox = yield* Outbox
            const all = yield* outbox.list({})
            return {
              all: all.map((m) => [m.to, m.template, m.status]),
              alice: (yield* outbox.list({ to: "ALICE@example.com " })).map((m) => m.data),
              refused: (yield* outbox.list({ template: "kyc-not-approved" })).map((m) => m.to),
              pending: (yield* outbox.list({ status: "pending", limit: 1 })).map((m) => m.to),
              sent: yield* outbox.list({ status: "sent" }),
              one: yield* outbox.get(all[1]!.id),
              none: yield* outbox.get(999_999),
            }
          }).pipe(Effect.provide(makeLayer()))
          expect(result.all).toEqual([
            ["alice@example.com", "kyc-not-approved", "pending"],
            ["bob@example.com", "kyc-not-approved", "pending"],
            ["alice@example.com", "kyc-verified", "pending"],
          ])
          expect(result.alice).toEqual([{ reason: "Old" }, { firstName: "Alice" }])
          expect(result.refused).toEqual(["alice@example.com", "bob@example.com"])
          expect(result.pending).toEqual(["alice@example.com"])
          expect(result.sent).toEqual([])
          expect(Option.getOrThrow(result.one)).toMatchObject({
            to: "bob@example.com",
            data: { reason: "Blurry" },
            attempts: 0,
          })
          expect(Option.isNone(result.none)).toBe(true)
        }),
    )
  })
