import { Clock, Context, Effect, Layer, Option, Result, Schema } from "effect"
import { AccountRepository } from "../accounts/ports/AccountRepository.ts"
import { Mailer } from "../notifications/ports/Mailer.ts"
import { UnitOfWork } from "../orders/ports/UnitOfWork.ts"
import type { CurrencyType } from "../shared/Enums.ts"
import { IdGenerator } from "../shared/ports/IdGenerator.ts"
import { ApprovalNotFound, ApprovalRefused } from "./ApprovalErrors.ts"
import type {
  ApprovalAdmin,
  ApprovalAmount,
  ApprovalDraft,
  ApprovalFilter,
  ApprovalRequest,
  GatedCommand,
} from "./ApprovalModel.ts"
import {
  APPROVAL_LIFETIME_MS,
  asOf,
  type Decision,
  decided,
  type GateDecision,
  gate,
  isExpired,
  mayDecide,
  type Thresholds,
  thresholdsWithDefaults,
} from "./FourEyes.ts"
import { ApprovalStore } from "./ports/ApprovalStore.ts"

/** The email the requester gets when their request is decided (approved, failed, rejected or expired). */
export const ApprovalEmail = { decided: "approval-decided" } as const

/** The approved command refused when it ran (re-validated at approval): the request is marked failed. */
class CommandRefused extends Schema.TaggedError<CommandRefused>()("CommandRefused", {
  message: Schema.String,
}) {}

const messageOf = (error: unknown): string => {
  const m = (error as { message?: unknown } | undefined)?.message
  return typeof m === "string" && m !== "" ? m : String(error)
}

const named = (admin: ApprovalAdmin) => `${admin.name} <${admin.email}>`.trim()

/**
 * Four eyes on admin money moves (FourEyes.ts has the rules). A command asks `gate`; when a second admin is
 * needed it files a `request` with the parameters it would run with. Another admin `approve`s: the command
 * runs then, with those parameters, inside the same transaction that marks the request approved, so it runs
 * exactly once; when it refuses (re-validated: the payout was paid meanwhile) nothing it did is kept and the
 * request is marked failed with the command's reason. The requester is emailed every decision (the outbox,
 * in the decision's transaction).
 */
export class ApprovalService extends Context.Service<
  ApprovalService,
  {
    readonly thresholds: Effect.Effect<Thresholds>
    readonly setThreshold: (currency: CurrencyType, minorUnits: number) => Effect.Effect<void>
    readonly gate: (input: {
      readonly command: GatedCommand
      readonly amount?: ApprovalAmount
      readonly newThreshold?: ApprovalAmount
    }) => Effect.Effect<GateDecision>
    readonly request: (draft: ApprovalDraft) => Effect.Effect<ApprovalRequest>
    /**
     * `execute` runs the request's command and answers its outcome in a line; a failure of it marks the
     * request failed (answered, not failed: the caller says it was refused).
     */
    readonly approve: <E, R>(
      requestId: string,
      approver: ApprovalAdmin,
      execute: (request: ApprovalRequest) => Effect.Effect<string, E, R>,
    ) => Effect.Effect<ApprovalRequest, ApprovalNotFound | ApprovalRefused, R>
    readonly reject: (
      requestId: string,
      admin: ApprovalAdmin,
      reason: string,
    ) => Effect.Effect<ApprovalRequest, ApprovalNotFound | ApprovalRefused>
    readonly get: (requestId: string) => Effect.Effect<ApprovalRequest, ApprovalNotFound>
    readonly list: (filter: ApprovalFilter) => Effect.Effect<ReadonlyArray<ApprovalRequest>>
  }
>()("@landunits/core/approvals/ApprovalService") {
  static readonly layer = Layer.effect(ApprovalService)(
    Effect.gen(function* () {
      const store = yield* ApprovalStore
      const accounts = yield* AccountRepository
      const unitOfWork = yield* UnitOfWork
      const mailer = yield* Mailer
      const ids = yield* IdGenerator

      const thresholds = Effect.map(store.thresholds, thresholdsWithDefaults)

      const tellRequester = (request: ApprovalRequest) =>
        mailer.enqueue({
          to: request.requestedBy.email,
          template: ApprovalEmail.decided,
          data: {
            name: request.requestedBy.name,
            requestId: request.requestId,
            summary: request.summary,
            status: request.status,
            ...(request.decidedBy === undefined ? {} : { decidedBy: named(request.decidedBy) }),
            ...(request.reason === undefined ? {} : { reason: request.reason }),
            ...(request.outcome === undefined ? {} : { outcome: request.outcome }),
          },
        })

      /** The request as it stands now; a pending one past its time is recorded expired (and its requester told). */
      const current = (request: ApprovalRequest, now: number) =>
        isExpired(request, now)
          ? unitOfWork.transaction(
              Effect.gen(function* () {
                const locked = Option.getOrElse(yield* store.lock(request.requestId), () => request)
                if (!isExpired(locked, now)) return locked
                const expired = asOf(locked, now)
                yield* store.save(expired)
                yield* tellRequester(expired)
                return expired
              }),
            )
          : Effect.succeed(request)

      const found = (requestId: string, option: Option.Option<ApprovalRequest>) =>
        Option.match(option, {
          onNone: () => Effect.fail(new ApprovalNotFound({ message: `Request ${requestId} was not found` })),
          onSome: Effect.succeed,
        })

      const get = Effect.fn("ApprovalService.get")(function* (requestId: string) {
        const request = yield* found(requestId, yield* store.get(requestId))
        return yield* current(request, yield* Clock.currentTimeMillis)
      })

      /** The locked request, if `admin` may still take `decision` on it; the refusal otherwise. */
      const lockedFor = (requestId: string, admin: ApprovalAdmin, decision: Decision, now: number) =>
        Effect.gen(function* () {
          const request = yield* found(requestId, yield* store.lock(requestId))
          const allowed = mayDecide(request, admin, decision, now)
          if (Result.isFailure(allowed)) return yield* new ApprovalRefused({ message: allowed.failure })
          return request
        })

      const approve = <E, R>(
        requestId: string,
        approver: ApprovalAdmin,
        execute: (request: ApprovalRequest) => Effect.Effect<string, E, R>,
      ): Effect.Effect<ApprovalRequest, ApprovalNotFound | ApprovalRefused, R> =>
        Effect.gen(function* () {
          yield* get(requestId) // records an expiry first, so the refusal below says "expired"
          const now = yield* Clock.currentTimeMillis
          const ran = yield* unitOfWork
            .transaction(
              Effect.gen(function* () {
                const request = yield* lockedFor(requestId, approver, "approve", now)
                const outcome = yield* execute(request).pipe(
                  Effect.mapError((error) => new CommandRefused({ message: messageOf(error) })),
                )
                const approved = decided(request, "approved", now, { by: approver, outcome })
                yield* store.save(approved)
                yield* tellRequester(approved)
                return approved
              }),
            )
            .pipe(Effect.result)
          if (Result.isSuccess(ran)) return ran.success
          if (ran.failure._tag !== "CommandRefused") return yield* Effect.fail(ran.failure)
          // The command refused and its transaction rolled back: mark the request failed, with the reason.
          const reason = ran.failure.message
          return yield* unitOfWork.transaction(
            Effect.gen(function* () {
              const request = yield* lockedFor(requestId, approver, "approve", now)
              const failed = decided(request, "failed", now, { by: approver, reason })
              yield* store.save(failed)
              yield* tellRequester(failed)
              return failed
            }),
          )
        }).pipe(Effect.withSpan("ApprovalService.approve"))

      const reject = Effect.fn("ApprovalService.reject")(function* (
        requestId: string,
        admin: ApprovalAdmin,
        reason: string,
      ) {
        yield* get(requestId)
        const now = yield* Clock.currentTimeMillis
        return yield* unitOfWork.transaction(
          Effect.gen(function* () {
            const request = yield* lockedFor(requestId, admin, "reject", now)
            const rejected = decided(request, "rejected", now, {
              by: admin,
              reason:
                admin.adminId === request.requestedBy.adminId
                  ? `withdrawn by the requester: ${reason}`
                  : reason,
            })
            yield* store.save(rejected)
            yield* tellRequester(rejected)
            return rejected
          }),
        )
      })

      return ApprovalService.of({
        thresholds,
        setThreshold: (currency, minorUnits) => store.setThreshold(currency, minorUnits),
        gate: Effect.fn("ApprovalService.gate")(function* (input) {
          const admins = yield* accounts.list({ role: "admin" })
          return gate({ ...input, adminAccounts: admins.length, thresholds: yield* thresholds })
        }),
        request: Effect.fn("ApprovalService.request")(function* (draft: ApprovalDraft) {
          const now = yield* Clock.currentTimeMillis
          const request: ApprovalRequest = {
            requestId: yield* ids.next("apr"),
            command: draft.command,
            params: { ...draft.params },
            summary: draft.summary,
            ...(draft.amount === undefined ? {} : { amount: draft.amount }),
            requestedBy: draft.requestedBy,
            requestedAt: now,
            expiresAt: now + APPROVAL_LIFETIME_MS,
            status: "pending",
          }
          yield* store.insert(request)
          return request
        }),
        approve,
        reject,
        get,
        list: Effect.fn("ApprovalService.list")(function* (filter: ApprovalFilter) {
          const now = yield* Clock.currentTimeMillis
          // Expiry is recorded as it is seen; filter again, since a pending request may have just expired.
          const all = yield* store.list({
            ...(filter.requestedBy === undefined ? {} : { requestedBy: filter.requestedBy }),
          })
          const seen = yield* Effect.forEach(all, (r) => current(r, now))
          return seen.filter((r) => filter.status === undefined || r.status === filter.status)
        }),
      })
    }),
  )
}
