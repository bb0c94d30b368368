/** The contract of the ApprovalStore port: run on memory here, on PostgreSQL by the adapters' tests. */
import { describe, expect, it } from "@effect/vitest"
import { type Effect as E, Effect, type Layer, Option } from "effect"
import type { ApprovalRequest } from "../../src/approvals/ApprovalModel.ts"
import { ApprovalStore } from "../../src/approvals/ports/ApprovalStore.ts"
import { MemberId } from "../../src/shared/Ids.ts"

/** `prepare` makes the admins exist where the store needs them to (PostgreSQL's foreign key). */
export const approvalStoreContract = (
  name: string,
  makeLayer: () => Layer.Layer<ApprovalStore>,
  prepare: (memberIds: ReadonlyArray<MemberId>) => E.Effect<void> = () => Effect.void,
) =>
  describe(`ApprovalStore contract (${name})`, () => {
    const ann = { adminId: MemberId.make("mem_apr_ann"), name: "Ann Admin", email: "ann@example.com" }
    const ben = { adminId: MemberId.make("mem_apr_ben"), name: "Ben Boss", email: "ben@example.com" }
    const base: ApprovalRequest = {
      requestId: "apr_c1",
      command: "orders.confirmPayment",
      params: { orderId: "ord_1" },
      summary: "Confirm the payment of ord_1",
      amount: { amountMinor: 2_500_000, currency: "AUD" },
      requestedBy: ann,
      requestedAt: 1_000,
      expiresAt: 9_000,
      status: "pending",
    }

    it.live(
      "keeps a request as inserted, answers its decision after a save, and lists newest first by requester and status",
      () =>
        Effect.gen(function* () {
          const result = yield* Effect.gen(function* () {
            yield* prepare([ann.adminId, ben.adminId])
            const store = yield* ApprovalStore
            const second: ApprovalRequest = {
              requestId: "apr_c2",
              command: "users.makeAdmin",
              params: { member: "x@example.com" },
              summary: "Give x@example.com the admin role",
              requestedBy: ben,
              requestedAt: 2_000,
              expiresAt: 10_000,
              status: "pending",
            }
            yield* store.insert(base)
            yield* store.insert(second)
            const inserted = yield* store.get(base.requestId)
            const decided: ApprovalRequest = {
              ...base,
              status: "approved",
              decidedBy: ben,
              decidedAt: 3_000,
              outcome: "ord_1: Completed",
            }
            yield* store.save(decided)
            return {
              inserted,
              locked: yield* store.lock(base.requestId),
              missing: yield* store.get("apr_nope"),
              all: yield* store.list({}),
              ann: yield* store.list({ requestedBy: ann.adminId }),
              pending: yield* store.list({ status: "pending" }),
            }
          }).pipe(Effect.provide(makeLayer()))
          expect(Option.getOrThrow(result.inserted)).toEqual(base)
          expect(Option.getOrThrow(result.locked)).toEqual({
            ...base,
            status: "approved",
            decidedBy: ben,
            decidedAt: 3_000,
            outcome: "ord_1: Completed",
          })
          expect(Option.isNone(result.missing)).toBe(true)
          expect(result.all.map((r) => r.requestId)).toEqual(["apr_c2", "apr_c1"])
          expect(result.ann.map((r) => r.requestId)).toEqual(["apr_c1"])
          expect(result.pending.map((r) => r.requestId)).toEqual(["apr_c2"])
          expect(result.all[0]).not.toHaveProperty("amount")
          expect(result.all[0]).not.toHaveProperty("decidedBy")
        }),
    )

    it.live("answers only the thresholds set, each currency's last", () =>
      Effect.gen(function* () {
        const result = yield* Effect.gen(function* () {
          const store = yield* ApprovalStore
          const before = yield* store.thresholds
          yield* store.setThreshold("GBP", 500_000)
          yield* store.setThreshold("GBP", 250_000)
          yield* store.setThreshold("USD", 0)
          return { before, after: yield* store.thresholds }
        }).pipe(Effect.provide(makeLayer()))
        expect(result.before).toEqual({})
        expect(result.after).toEqual({ GBP: 250_000, USD: 0 })
      }),
    )
  })
