/** The contract every AuditLog adapter passes: run on memory here, on PostgreSQL by the adapters' tests. */

import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import { AuditLog } from "../../src/audit/ports/AuditLog.ts"
import { MemberId } from "../../src/shared/Ids.ts"

export const auditLogContract = (name: string, makeLayer: () => Layer.Layer<AuditLog>) =>
  describe(`AuditLog contract (${name})`, () => {
    const fresh = <A, E>(effect: Effect.Effect<A, E, AuditLog>) => Effect.provide(effect, makeLayer())
    const ann = MemberId.make("mem_ann")
    const ben = MemberId.make("mem_ben")

    it.live("numbers entries in append order and answers them oldest first, with every field kept", () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const log = yield* AuditLog
            const first = yield* log.append({
              actor: ann,
              action: "kyc.approve",
              subject: "member:m1",
              details: { to: "Verified" },
              at: 10,
            })
            const second = yield* log.append({
              actor: ben,
              action: "kyc.reject",
              subject: "member:m2",
              details: {},
              at: 20,
            })
            return { first, second, all: yield* log.list({}) }
          }),
        )
        expect(result.first.sequence).toBe(1)
        expect(result.second.sequence).toBe(2)
        expect(result.all).toEqual([result.first, result.second])
        expect(result.all[0]).toEqual({
          sequence: 1,
          actor: ann,
          action: "kyc.approve",
          subject: "member:m1",
          details: { to: "Verified" },
          at: 10,
        })
      }),
    )

    it.live("filters by actor, action, subject and time (from inclusive, to exclusive)", () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const log = yield* AuditLog
            for (const [actor, action, subject, at] of [
              [ann, "a.one", "s:1", 100],
              [ben, "a.two", "s:1", 200],
              [ann, "a.two", "s:2", 300],
            ] as const) {
              yield* log.append({ actor, action, subject, details: {}, at })
            }
            const at = (entries: ReadonlyArray<{ readonly at: number }>) => entries.map((e) => e.at)
            return {
              byActor: at(yield* log.list({ actor: ann })),
              byAction: at(yield* log.list({ action: "a.two" })),
              bySubject: at(yield* log.list({ subject: "s:1" })),
              byTime: at(yield* log.list({ from: 200, to: 300 })),
              combined: at(yield* log.list({ actor: ann, action: "a.two" })),
            }
          }),
        )
        expect(result).toEqual({
          byActor: [100, 300],
          byAction: [200, 300],
          bySubject: [100, 200],
          byTime: [200],
          combined: [300],
        })
      }),
    )
  })
