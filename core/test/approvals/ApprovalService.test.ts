import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { AccountRepository } from "../../src/accounts/ports/AccountRepository.ts"
import { ApprovalService } from "../../src/approvals/ApprovalService.ts"
import { APPROVAL_LIFETIME_MS } from "../../src/approvals/FourEyes.ts"
import { ApprovalStore } from "../../src/approvals/ports/ApprovalStore.ts"
import { Mailer } from "../../src/notifications/ports/Mailer.ts"
import { UnitOfWork } from "../../src/orders/ports/UnitOfWork.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { IdGenerator } from "../../src/shared/ports/IdGenerator.ts"
import { approvalStoreContract } from "../support/ApprovalStoreContract.ts"

approvalStoreContract("memory", () => ApprovalStore.layerMemory)

const ada = { adminId: MemberId.make("mem_ada"), name: "Ada Admin", email: "ada@example.com" }
const bob = { adminId: MemberId.make("mem_bob"), name: "Bob Boss", email: "bob@example.com" }

const admins = (count: number) =>
  Effect.flatMap(AccountRepository, (accounts) =>
    Effect.forEach(
      Array.from({ length: count }, (_, i) => i),
      (i) =>
        accounts.insert({
          memberId: MemberId.make(`mem_admin_${i}`),
          email: `admin${i}@example.com`,
          firstName: "Admin",
          lastName: String(i),
          userType: "USER",
          role: "admin",
          passwordHash: "x",
          firstLogin: false,
          createdAt: i,
        }),
      { discard: true },
    ),
  ).pipe(Effect.orDie)

/** Runs `effect` over fresh in-memory stores, the test clock set to 1 000 ms. */
const fresh = <A, E>(
  effect: Effect.Effect<A, E, ApprovalService | ApprovalStore | Mailer | AccountRepository>,
) =>
  TestClock.setTime(1_000).pipe(
    Effect.andThen(effect),
    Effect.provide(
      ApprovalService.layer.pipe(
        Layer.provideMerge(
          Layer.mergeAll(
            ApprovalStore.layerMemory,
            AccountRepository.layerMemory,
            UnitOfWork.layerMemory,
            Mailer.layerMemory,
            IdGenerator.layerSequential,
          ),
        ),
      ),
    ),
  )

const payoutRequest = {
  command: "payouts.markPaid" as const,
  params: { payoutId: "pay_1" },
  summary: "Record 2000000 cents EUR as paid to mem_1",
  amount: { amountMinor: 2_000_000, currency: "EUR" as const },
  requestedBy: ada,
}

describe("four eyes: requests and decisions", () => {
  it.effect(
    "a request approved by a second admin runs its command once, with the parameters recorded at request time, and the requester is emailed",
    () =>
      Effect.gen(function* () {
        const ran: Array<Record<string, string>> = []
        const result = yield* fresh(
          Effect.gen(function* () {
            const approvals = yield* ApprovalService
            const filed = yield* approvals.request(payoutRequest)
            const approved = yield* approvals.approve(filed.requestId, bob, (r) =>
              Effect.sync(() => {
                ran.push(r.params)
                return "pay_1: Completed"
              }),
            )
            const again = yield* approvals
              .approve(filed.requestId, bob, () => Effect.sync(() => "ran twice"))
              .pipe(Effect.flip)
            return { filed, approved, again, mail: yield* (yield* Mailer).queued }
          }),
        )
        expect(result.filed).toMatchObject({
          requestId: "apr_000001",
          status: "pending",
          requestedAt: 1_000,
          expiresAt: 1_000 + APPROVAL_LIFETIME_MS,
        })
        expect(ran).toEqual([{ payoutId: "pay_1" }])
        expect(result.approved).toMatchObject({
          status: "approved",
          decidedBy: bob,
          decidedAt: 1_000,
          outcome: "pay_1: Completed",
        })
        expect(result.again.message).toBe(
          "Request apr_000001 is approved: it can be decided only while pending",
        )
        expect(result.mail).toEqual([
          {
            to: "ada@example.com",
            template: "approval-decided",
            data: {
              name: "Ada Admin",
              requestId: "apr_000001",
              summary: payoutRequest.summary,
              status: "approved",
              decidedBy: "Bob Boss <bob@example.com>",
              outcome: "pay_1: Completed",
            },
          },
        ])
      }),
  )

  it.effect("the requester's own approval is refused and runs nothing", () =>
    Effect.gen(function* () {
      let ran = 0
      const result = yield* fresh(
        Effect.gen(function* () {
          const approvals = yield* ApprovalService
          const filed = yield* approvals.request(payoutRequest)
          const refused = yield* approvals
            .approve(filed.requestId, ada, () => Effect.sync(() => String(++ran)))
            .pipe(Effect.flip)
          return { refused, after: yield* approvals.get(filed.requestId) }
        }),
      )
      expect(result.refused).toMatchObject({
        _tag: "ApprovalRefused",
        message: "Nobody approves their own request: another admin must approve apr_000001",
      })
      expect(ran).toBe(0)
      expect(result.after.status).toBe("pending")
    }),
  )

  it.effect(
    "a command that refuses when approved (re-validated) marks the request failed with its reason, and it cannot be approved again",
    () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const approvals = yield* ApprovalService
            const filed = yield* approvals.request(payoutRequest)
            const failed = yield* approvals.approve(filed.requestId, bob, () =>
              Effect.fail({ _tag: "PayoutRefused", message: "Payout pay_1 is already paid" }),
            )
            const again = yield* approvals
              .approve(filed.requestId, bob, () => Effect.succeed("x"))
              .pipe(Effect.flip)
            return { failed, again, mail: yield* (yield* Mailer).queued }
          }),
        )
        expect(result.failed).toMatchObject({
          status: "failed",
          reason: "Payout pay_1 is already paid",
          decidedBy: bob,
        })
        expect(result.again._tag).toBe("ApprovalRefused")
        expect(result.mail.map((m) => m.data.status)).toEqual(["failed"])
      }),
  )

  it.effect("a rejection records who, when and why; the requester may withdraw their own", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const approvals = yield* ApprovalService
          const one = yield* approvals.request(payoutRequest)
          const two = yield* approvals.request(payoutRequest)
          return {
            rejected: yield* approvals.reject(one.requestId, bob, "no invoice"),
            withdrawn: yield* approvals.reject(two.requestId, ada, "typo"),
          }
        }),
      )
      expect(result.rejected).toMatchObject({ status: "rejected", decidedBy: bob, reason: "no invoice" })
      expect(result.withdrawn).toMatchObject({
        status: "rejected",
        decidedBy: ada,
        reason: "withdrawn by the requester: typo",
      })
    }),
  )

  it.effect(
    "a request nobody decided within 7 days expires: it cannot be approved, lists as expired and its requester is told",
    () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const approvals = yield* ApprovalService
            const filed = yield* approvals.request(payoutRequest)
            yield* TestClock.adjust(APPROVAL_LIFETIME_MS)
            const late = yield* approvals
              .approve(filed.requestId, bob, () => Effect.succeed("x"))
              .pipe(Effect.flip)
            return {
              late,
              mine: yield* approvals.list({ requestedBy: ada.adminId }),
              pending: yield* approvals.list({ status: "pending" }),
              mail: yield* (yield* Mailer).queued,
            }
          }),
        )
        expect(result.late.message).toBe(
          "Request apr_000001 is expired: it can be decided only while pending",
        )
        expect(result.mine.map((r) => r.status)).toEqual(["expired"])
        expect(result.pending).toEqual([])
        expect(result.mail.map((m) => m.data.status)).toEqual(["expired"])
      }),
  )

  it.effect(
    "the gate counts admin accounts: one admin acts alone; with two, a payout above the threshold needs the second",
    () =>
      Effect.gen(function* () {
        const big = {
          command: "payouts.markPaid" as const,
          amount: { amountMinor: 1_000_001, currency: "EUR" as const },
        }
        const result = yield* fresh(
          Effect.gen(function* () {
            const approvals = yield* ApprovalService
            yield* admins(1)
            const alone = yield* approvals.gate(big)
            yield* Effect.flatMap(AccountRepository, (a) =>
              a.insert({
                memberId: MemberId.make("mem_second"),
                email: "second@example.com",
                firstName: "Sec",
                lastName: "Ond",
                userType: "USER",
                role: "admin",
                passwordHash: "x",
                firstLogin: false,
                createdAt: 9,
                disabledAt: 10,
              }),
            ).pipe(Effect.orDie)
            const withDisabledSecond = yield* approvals.gate(big)
            yield* approvals.setThreshold("EUR", 2_000_000)
            const raised = yield* approvals.gate(big)
            return { alone, withDisabledSecond, raised, thresholds: yield* approvals.thresholds }
          }),
        )
        expect(result.alone._tag).toBe("Direct")
        expect(result.withDisabledSecond._tag).toBe("SecondAdmin")
        expect(result.raised._tag).toBe("Direct")
        expect(result.thresholds).toEqual({ EUR: 2_000_000, USD: 1_000_000, AUD: 1_000_000, GBP: 1_000_000 })
      }),
  )
})
