/**
 * A member's own data (issue 23; GDPR articles 15, 17 and 20): the export of it, built in the background and
 * downloaded by the member alone, and the closure of the account with the retention purge that follows.
 *
 * - `requestExport`: records a request (a second while one builds answers the first); `buildNext` (the
 *   data-export job) builds the oldest waiting one and emails the member that it is ready.
 * - `download`: the member's own ready export only. Another member's id is answered exactly as a missing one.
 * - `closeAccount`: refused while the member holds Units, has an open order or is owed a payout; otherwise, in one
 *   unit of work holding every unit type's order lock (so no order command runs between the check and the
 *   closure), the account is disabled and pseudonymised, its sessions end and the rest is erased (MemberRecords);
 *   once that is committed, the emails the delivery kept for its address are deleted too (DeliveredMail).
 * - `purgeDue` (the retention job): KYC records and documents after 5 years, ledger and order records after 10,
 *   and expired export archives; time from `Clock`, so tests move it with `TestClock`.
 */

import { Clock, Context, Effect, Layer, Option } from "effect"
import { type Actor, memberActor } from "../access/AccessModel.ts"
import { type GuardRefusal, MemberGuard } from "../access/MemberGuard.ts"
import { AccountNotFound } from "../accounts/AccountErrors.ts"
import { type Account, normalizeEmail } from "../accounts/AccountModel.ts"
import { AccountRepository } from "../accounts/ports/AccountRepository.ts"
import { SessionStore } from "../accounts/ports/SessionStore.ts"
import { AuditLog } from "../audit/ports/AuditLog.ts"
import type { TooManyAttempts } from "../limits/LimitErrors.ts"
import { DeliveredMail } from "../notifications/ports/DeliveredMail.ts"
import { Mailer } from "../notifications/ports/Mailer.ts"
import { isTerminal } from "../orders/OrderTransitions.ts"
import { UnitOfWork } from "../orders/ports/UnitOfWork.ts"
import { UnitTypes } from "../shared/Enums.ts"
import type { MemberId } from "../shared/Ids.ts"
import { IdGenerator } from "../shared/ports/IdGenerator.ts"
import {
  AccountClosureRefused,
  ClosureNotConfirmed,
  DataExportExpired,
  DataExportNotFound,
  DataExportNotReady,
} from "./PrivacyErrors.ts"
import {
  type AccountClosure,
  CLOSED_FIRST_NAME,
  CLOSED_LAST_NAME,
  type ClosedBy,
  closedEmail,
  closureAt,
  closureRefusal,
  type DataExport,
  EXPORT_DOWNLOAD_MS,
  PrivacyMessages,
} from "./PrivacyModel.ts"
import { DataExportStore } from "./ports/DataExportStore.ts"
import { type MemberArchive, MemberDataArchive } from "./ports/MemberDataArchive.ts"
import { MemberRecords } from "./ports/MemberRecords.ts"

/** The email the export job sends when an archive is ready (the outbox renders it; the link needs a sign-in). */
export const PrivacyEmail = { exportReady: "data-export-ready" } as const

/** How long one builder holds an export before another process may take it (a crashed build is retried). */
export const EXPORT_BUILD_LEASE_MS = 10 * 60_000

/** What one run of the retention purge did. */
export interface PurgeRun {
  readonly kycPurged: number
  readonly recordsPurged: number
  readonly exportsExpired: number
}

/** The account as a closure leaves it: disabled, no usable password, names and email pseudonymised. */
export const pseudonymised = (account: Account, closedAt: number): Account => {
  const { businessName: _, ...rest } = account
  return {
    ...rest,
    email: closedEmail(account.memberId),
    firstName: CLOSED_FIRST_NAME,
    lastName: CLOSED_LAST_NAME,
    // Not a hash any password gives: the hasher's format is `scrypt$…`, so verification always fails.
    passwordHash: "closed",
    disabledAt: account.disabledAt ?? closedAt,
    closedAt,
  }
}

export class PrivacyService extends Context.Service<
  PrivacyService,
  {
    /**
     * The export moves the member's data (passport included) out: MemberGuard's `exportData`, on `actor`'s
     * session (the member with no session when absent).
     */
    readonly requestExport: (memberId: MemberId, actor?: Actor) => Effect.Effect<DataExport, GuardRefusal>
    readonly exports: (memberId: MemberId) => Effect.Effect<ReadonlyArray<DataExport>>
    readonly download: (
      memberId: MemberId,
      exportId: string,
      actor?: Actor,
    ) => Effect.Effect<
      MemberArchive,
      DataExportNotFound | DataExportNotReady | DataExportExpired | GuardRefusal
    >
    /** Builds the oldest waiting export, if any; answers it (ready, or failed with the reason logged). */
    readonly buildNext: Effect.Effect<Option.Option<DataExport>>
    /**
     * Closes the account. `confirmEmail` must be the account's email when the member closes it (an admin's
     * closure, for a request by post, confirms at the terminal instead). `actor` is who acted, for the audit log.
     */
    readonly closeAccount: (input: {
      readonly memberId: MemberId
      readonly closedBy: ClosedBy
      readonly actor: MemberId
      readonly confirmEmail?: string | undefined
      readonly reason?: string | undefined
      /** A member's closure: the session it is asked on and the current password (MemberGuard's `closeAccount`). */
      readonly sessionId?: string | undefined
      readonly currentPassword?: string | undefined
    }) => Effect.Effect<
      AccountClosure,
      AccountClosureRefused | ClosureNotConfirmed | AccountNotFound | GuardRefusal | TooManyAttempts
    >
    readonly purgeDue: Effect.Effect<PurgeRun>
  }
>()("@landunits/core/privacy/PrivacyService") {
  static readonly layer = Layer.effect(PrivacyService)(
    Effect.gen(function* () {
      const accounts = yield* AccountRepository
      const guard = yield* MemberGuard
      const own = (memberId: MemberId, actor: Actor | undefined) =>
        actor !== undefined && actor.memberId === memberId ? actor : memberActor(memberId)
      const sessions = yield* SessionStore
      const store = yield* DataExportStore
      const archives = yield* MemberDataArchive
      const records = yield* MemberRecords
      const mailer = yield* Mailer
      const delivered = yield* DeliveredMail
      const ids = yield* IdGenerator
      const audit = yield* AuditLog
      const unitOfWork = yield* UnitOfWork
      const now = Clock.currentTimeMillis

      const notFound = (exportId: string) =>
        new DataExportNotFound({ message: PrivacyMessages.exportNotFound(exportId) })

      const notConfirmed = (message: string) =>
        new ClosureNotConfirmed({ message, errors: [{ path: "confirmEmail", message }] })

      return PrivacyService.of({
        requestExport: Effect.fn("PrivacyService.requestExport")(function* (memberId, actor) {
          yield* guard.require("exportData", own(memberId, actor))
          const building = (yield* store.listOf(memberId)).find((e) => e.status === "building")
          if (building !== undefined) return building
          const request: DataExport = {
            exportId: yield* ids.next("exp"),
            memberId,
            status: "building",
            requestedAt: yield* now,
          }
          yield* store.insert(request)
          return request
        }),

        exports: (memberId) => store.listOf(memberId),

        download: Effect.fn("PrivacyService.download")(function* (memberId, exportId, actor) {
          yield* guard.require("exportData", own(memberId, actor))
          const found = Option.filter(yield* store.get(exportId), (e) => e.memberId === memberId)
          if (Option.isNone(found)) return yield* notFound(exportId)
          const e = found.value
          if (e.status === "expired" || (e.expiresAt !== undefined && e.expiresAt <= (yield* now))) {
            return yield* new DataExportExpired({ message: PrivacyMessages.exportExpired })
          }
          if (e.status !== "ready")
            return yield* new DataExportNotReady({ message: PrivacyMessages.exportNotReady })
          const bytes = yield* store.archive(exportId)
          if (Option.isNone(bytes))
            return yield* new DataExportExpired({ message: PrivacyMessages.exportExpired })
          return { fileName: e.fileName ?? `landunits-data-${e.exportId}.zip`, bytes: bytes.value }
        }),

        buildNext: Effect.gen(function* () {
          const at = yield* now
          const claimed = yield* store.claimNext(at, at + EXPORT_BUILD_LEASE_MS)
          if (Option.isNone(claimed)) return Option.none()
          const request = claimed.value
          const account = yield* accounts.get(request.memberId)
          const built = yield* Effect.exit(archives.build(request.memberId, at))
          if (built._tag === "Failure" || Option.isNone(account) || account.value.closedAt !== undefined) {
            const detail =
              built._tag === "Failure" ? "the archive could not be built" : "the account is closed"
            yield* Effect.logError(
              `Data export ${request.exportId} failed: ${detail}`,
              ...(built._tag === "Failure" ? [built.cause] : []),
            )
            yield* store.fail(request.exportId, detail)
            return Option.some({ ...request, status: "failed" as const })
          }
          const readyAt = yield* now
          const ready: DataExport = {
            ...request,
            status: "ready",
            readyAt,
            expiresAt: readyAt + EXPORT_DOWNLOAD_MS,
            fileName: built.value.fileName,
            size: built.value.bytes.length,
          }
          yield* store.complete(ready, built.value.bytes)
          yield* mailer.enqueue({
            to: account.value.email,
            template: PrivacyEmail.exportReady,
            data: {
              firstName: account.value.firstName,
              exportId: ready.exportId,
              expiresAt: new Date(readyAt + EXPORT_DOWNLOAD_MS).toISOString(),
            },
          })
          return Option.some(ready)
        }),

        closeAccount: Effect.fn("PrivacyService.closeAccount")(function* (input) {
          const found = yield* accounts.get(input.memberId)
          if (Option.isNone(found)) {
            return yield* new AccountNotFound({ message: `Member ${input.memberId} was not found` })
          }
          const account = found.value
          if (account.closedAt !== undefined) {
            const existing = yield* records.closure(input.memberId)
            if (Option.isSome(existing)) return existing.value
          }
          if (input.closedBy === "member") {
            const typed = input.confirmEmail?.trim() ?? ""
            if (typed === "") return yield* notConfirmed(PrivacyMessages.confirmEmailRequired)
            if (normalizeEmail(typed) !== normalizeEmail(account.email)) {
              return yield* notConfirmed(PrivacyMessages.confirmEmailWrong)
            }
            // The email is on GET /api/user: what proves the member is the step-up, or without a factor the password.
            yield* guard.require("closeAccount", memberActor(input.memberId, input.sessionId), {
              currentPassword: input.currentPassword,
            })
          }
          const closure = yield* unitOfWork.transaction(
            Effect.gen(function* () {
              // Every order command takes its unit type's lock before it reads or writes: holding them all, no
              // order can be created or moved between the check and the closure.
              yield* unitOfWork.lockUnitTypes(UnitTypes)
              const refusal = closureRefusal(
                yield* records.standing(input.memberId),
                (type, status) => !isTerminal(type, status),
              )
              if (refusal !== undefined) return yield* new AccountClosureRefused({ message: refusal })
              const closedAt = yield* now
              const closure = closureAt(input.memberId, closedAt, input.closedBy)
              yield* accounts.update(pseudonymised(account, closedAt))
              yield* sessions.removeAllOf(input.memberId)
              yield* store.removeAllOf(input.memberId)
              yield* records.erase(closure, account.email)
              // The audit log is hash-chained and kept: it names the member by id only, never by name or email.
              yield* audit.append({
                actor: input.actor,
                action: input.closedBy === "member" ? "privacy.closeAccount" : "users.erase",
                subject: `member:${input.memberId}`,
                details: {
                  closedBy: input.closedBy,
                  kycPurgeAt: new Date(closure.kycPurgeAt).toISOString(),
                  recordsPurgeAt: new Date(closure.recordsPurgeAt).toISOString(),
                  ...(input.reason === undefined ? {} : { reason: input.reason }),
                },
                at: closedAt,
              })
              return closure
            }),
          )
          // The emails kept for the address (the file transport's, with their links) go too: after the commit, as
          // no I/O runs inside a unit of work.
          yield* delivered.forgetRecipient(account.email)
          return closure
        }),

        purgeDue: Effect.gen(function* () {
          const at = yield* now
          let kycPurged = 0
          let recordsPurged = 0
          for (const closure of yield* records.due(at)) {
            if (closure.kycPurgedAt === undefined && closure.kycPurgeAt <= at) {
              yield* records.purgeKyc(closure.memberId, at)
              kycPurged++
            }
            if (closure.recordsPurgedAt === undefined && closure.recordsPurgeAt <= at) {
              yield* records.purgeRecords(closure.memberId, at)
              recordsPurged++
            }
          }
          const exportsExpired = yield* store.expire(at)
          return { kycPurged, recordsPurged, exportsExpired }
        }),
      })
    }),
  )
}
