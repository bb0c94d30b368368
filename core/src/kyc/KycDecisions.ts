/**
 * The admins' KYC decisions (KycService.ts): approve or refuse with a reason, never on their own KYC, audited and
 * emailed to the member; the verification queue and the members by status.
 */
import { Clock, Effect } from "effect"
import { Forbidden } from "../access/AccessErrors.ts"
import type { Actor } from "../access/AccessModel.ts"
import { recordAudit } from "../audit/Audit.ts"
import { AuditAction, auditSubject } from "../audit/AuditModel.ts"
import { AuditLog } from "../audit/ports/AuditLog.ts"
import { EmailTemplate } from "../notifications/NotificationModel.ts"
import { Mailer } from "../notifications/ports/Mailer.ts"
import type { KycStatus } from "../shared/Enums.ts"
import type { MemberId } from "../shared/Ids.ts"
import { InvalidKycReason } from "./KycErrors.ts"
import type { KycRecord } from "./KycRecord.ts"
import type { KycSteps } from "./KycSteps.ts"
import { viewOf } from "./KycView.ts"
import { KycStore } from "./ports/KycStore.ts"

/** The longest reason an admin may give when refusing verification. */
export const KYC_REASON_MAX_LENGTH = 1000

export const makeKycDecisions = ({ contactOf, moved, recordOf, requireAdminOfOther }: KycSteps) =>
  Effect.gen(function* () {
    const store = yield* KycStore
    const mailer = yield* Mailer
    const auditLog = yield* AuditLog

    const decide = Effect.fnUntraced(function* (
      actor: Actor,
      memberId: MemberId,
      event: "approved" | "rejected",
      reason: string | undefined,
    ) {
      yield* requireAdminOfOther(actor, memberId)
      const contact = yield* contactOf(memberId)
      const record = yield* recordOf(memberId)
      const kycStatus = yield* moved(record, event)
      const updated: KycRecord = {
        memberId,
        kycInfo: { ...record.kycInfo, kycStatus },
        ...(reason === undefined ? {} : { notApprovedReason: reason }),
        updatedAt: yield* Clock.currentTimeMillis,
      }
      yield* store.save(updated)
      yield* recordAudit(
        actor.memberId,
        event === "approved" ? AuditAction.kycApproved : AuditAction.kycRejected,
        auditSubject.member(memberId),
        { from: record.kycInfo.kycStatus, to: kycStatus, ...(reason === undefined ? {} : { reason }) },
      ).pipe(Effect.provideService(AuditLog, auditLog))
      yield* mailer.enqueue(
        event === "approved"
          ? {
              to: contact.email,
              template: EmailTemplate.kycVerified,
              data: { firstName: contact.firstName },
            }
          : {
              to: contact.email,
              template: EmailTemplate.kycNotApproved,
              data: { firstName: contact.firstName, reason: reason ?? "" },
            },
      )
      return viewOf(updated, contact)
    })

    const approve = Effect.fn("KycService.approve")((actor: Actor, memberId: MemberId) =>
      decide(actor, memberId, "approved", undefined),
    )

    const reject = Effect.fn("KycService.reject")(function* (
      actor: Actor,
      memberId: MemberId,
      reason: string,
    ) {
      const trimmed = reason.trim()
      if (trimmed.length === 0) {
        return yield* new InvalidKycReason({ message: "A reason is required to refuse verification" })
      }
      if (trimmed.length > KYC_REASON_MAX_LENGTH) {
        return yield* new InvalidKycReason({
          message: `The reason must be at most ${KYC_REASON_MAX_LENGTH} characters`,
        })
      }
      return yield* decide(actor, memberId, "rejected", trimmed)
    })

    const pendingVerification = Effect.fn("KycService.pendingVerification")(function* (actor: Actor) {
      if (!actor.isAdmin)
        return yield* new Forbidden({ message: "Only admins can see the verification queue" })
      return yield* store.listByStatus("Pending Verification")
    })

    const listByStatus = Effect.fn("KycService.listByStatus")(function* (actor: Actor, status: KycStatus) {
      if (!actor.isAdmin)
        return yield* new Forbidden({ message: "Only admins can list members by KYC status" })
      return yield* store.listByStatus(status)
    })

    return { approve, reject, pendingVerification, listByStatus }
  })
