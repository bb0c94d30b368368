import { Clock, Context, Effect, Layer, Option, Schema } from "effect"
import { Forbidden } from "../access/AccessErrors.ts"
import { type Actor, isOwnerOrAdmin } from "../access/AccessModel.ts"
import { MemberGuard } from "../access/MemberGuard.ts"
import { recordAudit } from "../audit/Audit.ts"
import { AuditAction, auditSubject } from "../audit/AuditModel.ts"
import { AuditLog } from "../audit/ports/AuditLog.ts"
import { EmailTemplate } from "../notifications/NotificationModel.ts"
import { Mailer } from "../notifications/ports/Mailer.ts"
import type { SecondFactorRequired } from "../secondfactor/SecondFactorErrors.ts"
import type { KycStatus } from "../shared/Enums.ts"
import type { MemberId } from "../shared/Ids.ts"
import { IdGenerator } from "../shared/ports/IdGenerator.ts"
import {
  InvalidKycReason,
  InvalidKycTransition,
  KycDocumentNotFound,
  KycDocumentSlotUnavailable,
  KycFileTooLarge,
  KycIncomplete,
  KycMemberNotFound,
  KycUnsupportedFileType,
} from "./KycErrors.ts"
import {
  type KycEvent,
  missingRequiredFields,
  nextKycStatus,
  type VerificationTooltip,
  verificationTooltip,
} from "./KycLifecycle.ts"
import { emptyKycInfo, type KycDetails, type KycDocument, KycInfo } from "./KycModel.ts"
import type { KycRecord } from "./KycRecord.ts"
import { DocumentStore, type StoredDocument } from "./ports/DocumentStore.ts"
import { KycStore } from "./ports/KycStore.ts"
import { type MemberContact, MemberDirectory } from "./ports/MemberDirectory.ts"
import { checkUpload, MAGIC_BYTES_LENGTH, uploadDisplayName } from "./Upload.ts"

/** Where an uploaded document goes in kycInfo. The last two are for business members only. */
export const KycDocumentSlots = [
  "passportFile",
  "optionalDocument",
  "registrationDocument",
  "businessOptionalDocument",
] as const
export type KycDocumentSlot = (typeof KycDocumentSlots)[number]

export interface UploadedFile {
  /** The name the member's file had; kept for display only (made safe: uploadDisplayName), never used to judge the type. */
  readonly fileName: string
  readonly bytes: Uint8Array
}

/** A member's KYC as its owner and admins see it. */
export interface KycView {
  readonly memberId: MemberId
  readonly kycInfo: KycInfo
  readonly missingFields: ReadonlyArray<string>
  readonly tooltip: VerificationTooltip
  readonly notApprovedReason?: string
}

/** The longest reason an admin may give when refusing verification. */
export const KYC_REASON_MAX_LENGTH = 1000

/** Every failure of KycService. */
export type KycError =
  | SecondFactorRequired
  | Forbidden
  | KycMemberNotFound
  | InvalidKycTransition
  | KycIncomplete
  | KycDocumentNotFound
  | KycDocumentSlotUnavailable
  | KycFileTooLarge
  | KycUnsupportedFileType
  | InvalidKycReason

/**
 * The KYC use cases. Members save their details and upload documents, then submit; admins approve or refuse
 * with a reason (the member is emailed). A member's KYC is readable only by its owner and admins; only the owner
 * changes or submits it; only admins, never on their own KYC, decide. Every admin decision is audited.
 */
/** Whether two bank details say the same, field by field (a blank field and a missing one are the same). */
export const sameBankDetails = (
  a: Readonly<Record<string, unknown>> | undefined,
  b: Readonly<Record<string, unknown>> | undefined,
): boolean => {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])
  return [...keys].every((k) => String(a?.[k] ?? "").trim() === String(b?.[k] ?? "").trim())
}

export class KycService extends Context.Service<
  KycService,
  {
    readonly view: (actor: Actor, memberId: MemberId) => Effect.Effect<KycView, Forbidden | KycMemberNotFound>
    /** Saves the sections given (absent sections are kept; uploaded documents are kept). */
    readonly saveDetails: (
      actor: Actor,
      memberId: MemberId,
      details: KycDetails,
    ) => Effect.Effect<KycView, Forbidden | KycMemberNotFound | SecondFactorRequired>
    readonly uploadDocument: (
      actor: Actor,
      memberId: MemberId,
      slot: KycDocumentSlot,
      file: UploadedFile,
    ) => Effect.Effect<
      KycDocument,
      Forbidden | KycMemberNotFound | KycDocumentSlotUnavailable | KycFileTooLarge | KycUnsupportedFileType
    >
    readonly listDocuments: (
      actor: Actor,
      memberId: MemberId,
    ) => Effect.Effect<ReadonlyArray<KycDocument>, Forbidden | KycMemberNotFound>
    readonly readDocument: (
      actor: Actor,
      memberId: MemberId,
      documentId: string,
    ) => Effect.Effect<StoredDocument, Forbidden | KycMemberNotFound | KycDocumentNotFound>
    readonly submitForVerification: (
      actor: Actor,
      memberId: MemberId,
    ) => Effect.Effect<KycView, Forbidden | KycMemberNotFound | KycIncomplete | InvalidKycTransition>
    readonly approve: (
      actor: Actor,
      memberId: MemberId,
    ) => Effect.Effect<KycView, Forbidden | KycMemberNotFound | InvalidKycTransition>
    readonly reject: (
      actor: Actor,
      memberId: MemberId,
      reason: string,
    ) => Effect.Effect<KycView, Forbidden | KycMemberNotFound | InvalidKycTransition | InvalidKycReason>
    /** Admins: the members waiting for verification, oldest submission first. */
    readonly pendingVerification: (actor: Actor) => Effect.Effect<ReadonlyArray<KycRecord>, Forbidden>
    /** Admins: the members whose KYC is in `status`, oldest change first. */
    readonly listByStatus: (
      actor: Actor,
      status: KycStatus,
    ) => Effect.Effect<ReadonlyArray<KycRecord>, Forbidden>
    /** The member's status, for the gates of other use cases (selling needs Verified). UnVerified when unknown. */
    readonly statusOf: (memberId: MemberId) => Effect.Effect<KycStatus>
  }
>()("@landunits/core/kyc/KycService") {
  static readonly layer = Layer.effect(KycService)(
    Effect.gen(function* () {
      const guard = yield* MemberGuard
      const store = yield* KycStore
      const documents = yield* DocumentStore
      const directory = yield* MemberDirectory
      const mailer = yield* Mailer
      const ids = yield* IdGenerator
      const auditLog = yield* AuditLog
      const sameKycInfo = Schema.toEquivalence(KycInfo)

      const requireOwnerOrAdmin = (actor: Actor, memberId: MemberId) =>
        isOwnerOrAdmin(actor, memberId)
          ? Effect.void
          : Effect.fail(new Forbidden({ message: "Only the member and admins can see this member's KYC" }))
      const requireOwner = (actor: Actor, memberId: MemberId) =>
        actor.memberId === memberId
          ? Effect.void
          : Effect.fail(new Forbidden({ message: "Only the member can change or submit their KYC details" }))
      const requireAdminOfOther = (actor: Actor, memberId: MemberId) =>
        !actor.isAdmin
          ? Effect.fail(new Forbidden({ message: "Only admins can decide on KYC verification" }))
          : actor.memberId === memberId
            ? Effect.fail(new Forbidden({ message: "An admin cannot decide on their own KYC verification" }))
            : Effect.void

      const contactOf = (memberId: MemberId) =>
        Effect.flatMap(directory.contact(memberId), (found) =>
          Option.match(found, {
            onNone: () => Effect.fail(new KycMemberNotFound({ message: `No member ${memberId}`, memberId })),
            onSome: Effect.succeed,
          }),
        )

      const recordOf = (memberId: MemberId) =>
        Effect.map(
          store.get(memberId),
          Option.getOrElse((): KycRecord => ({ memberId, kycInfo: emptyKycInfo, updatedAt: 0 })),
        )

      const viewOf = (record: KycRecord, contact: MemberContact): KycView => ({
        memberId: record.memberId,
        kycInfo: record.kycInfo,
        missingFields: missingRequiredFields(record.kycInfo, contact.userType),
        tooltip: verificationTooltip(record.kycInfo, contact.userType),
        ...(record.notApprovedReason === undefined ? {} : { notApprovedReason: record.notApprovedReason }),
      })

      const moved = (record: KycRecord, event: KycEvent) => {
        const from = record.kycInfo.kycStatus
        const to = nextKycStatus(from, event)
        return to === undefined
          ? Effect.fail(
              new InvalidKycTransition({
                message: `KYC cannot be ${event} while it is ${from}`,
                from,
                event,
              }),
            )
          : Effect.succeed(to)
      }

      /** Saves `kycInfo` as changed details: the status becomes Details Saved (any status allows it). */
      const saveChanged = Effect.fnUntraced(function* (record: KycRecord, kycInfo: KycInfo) {
        const kycStatus = nextKycStatus(record.kycInfo.kycStatus, "detailsChanged") ?? "Details Saved"
        const updated: KycRecord = {
          ...record,
          kycInfo: { ...kycInfo, kycStatus },
          updatedAt: yield* Clock.currentTimeMillis,
        }
        yield* store.save(updated)
        return updated
      })

      const view = Effect.fn("KycService.view")(function* (actor: Actor, memberId: MemberId) {
        yield* requireOwnerOrAdmin(actor, memberId)
        const contact = yield* contactOf(memberId)
        return viewOf(yield* recordOf(memberId), contact)
      })

      const saveDetails = Effect.fn("KycService.saveDetails")(function* (
        actor: Actor,
        memberId: MemberId,
        details: KycDetails,
      ) {
        yield* requireOwner(actor, memberId)
        const contact = yield* contactOf(memberId)
        const record = yield* recordOf(memberId)
        const current = record.kycInfo
        // New bank details are where payouts go: the member's `changeBankDetails` (MemberGuard).
        if (
          actor.memberId === memberId &&
          details.bankDetails !== undefined &&
          !sameBankDetails(details.bankDetails, current.bankDetails)
        ) {
          // changeBankDetails asks no password (MemberUseCases.ts): PasswordRequired cannot happen.
          yield* guard
            .require("changeBankDetails", actor)
            .pipe(Effect.catchTag("PasswordRequired", Effect.die))
        }
        const next: { -readonly [K in keyof KycInfo]: KycInfo[K] } = { ...current }
        if (details.optionalNote !== undefined) next.optionalNote = details.optionalNote
        if (details.address !== undefined) next.address = details.address
        if (details.contactInfo !== undefined) next.contactInfo = details.contactInfo
        if (details.bankDetails !== undefined) next.bankDetails = details.bankDetails
        if (details.passport !== undefined) {
          const file = current.passport?.passportFile
          next.passport = { ...details.passport, ...(file === undefined ? {} : { passportFile: file }) }
        }
        // businessInfo belongs to business members only: a USER's is ignored.
        if (details.businessInfo !== undefined && contact.userType === "BUSINESS") {
          const { registrationDocument, optionalDocument } = current.businessInfo ?? {}
          next.businessInfo = {
            ...details.businessInfo,
            ...(registrationDocument === undefined ? {} : { registrationDocument }),
            ...(optionalDocument === undefined ? {} : { optionalDocument }),
          }
        }
        // Saving the same details again is not a change: a Verified member stays Verified.
        if (sameKycInfo(current, next)) return viewOf(record, contact)
        return viewOf(yield* saveChanged(record, next), contact)
      })

      const uploadDocument = Effect.fn("KycService.uploadDocument")(function* (
        actor: Actor,
        memberId: MemberId,
        slot: KycDocumentSlot,
        file: UploadedFile,
      ) {
        yield* requireOwner(actor, memberId)
        const contact = yield* contactOf(memberId)
        const record = yield* recordOf(memberId)
        const current = record.kycInfo
        if (slot === "passportFile" && current.passport === undefined) {
          return yield* new KycDocumentSlotUnavailable({
            message: "Save the passport details before uploading the passport file",
          })
        }
        if (slot === "registrationDocument" || slot === "businessOptionalDocument") {
          if (contact.userType !== "BUSINESS") {
            return yield* new KycDocumentSlotUnavailable({
              message: "Only business members upload business documents",
            })
          }
          if (current.businessInfo === undefined) {
            return yield* new KycDocumentSlotUnavailable({
              message: "Save the business details before uploading business documents",
            })
          }
        }
        const check = checkUpload({
          size: file.bytes.length,
          firstBytes: file.bytes.subarray(0, MAGIC_BYTES_LENGTH),
        })
        if (!check.ok) {
          return yield* check.reason === "tooLarge"
            ? new KycFileTooLarge({ message: check.message })
            : new KycUnsupportedFileType({ message: check.message })
        }
        const document: KycDocument = {
          documentId: yield* ids.next("doc"),
          // Kept for display only, made safe at the door: no control or text-reordering character is stored.
          fileName: uploadDisplayName(file.fileName),
          fileType: check.fileType,
          size: file.bytes.length,
        }
        yield* documents.put(memberId, document, file.bytes)
        const next: { -readonly [K in keyof KycInfo]: KycInfo[K] } = { ...current }
        if (slot === "passportFile" && current.passport !== undefined) {
          next.passport = { ...current.passport, passportFile: document }
        } else if (slot === "optionalDocument") {
          next.optionalDocument = document
        } else if (slot === "registrationDocument" && current.businessInfo !== undefined) {
          next.businessInfo = { ...current.businessInfo, registrationDocument: document }
        } else if (slot === "businessOptionalDocument" && current.businessInfo !== undefined) {
          next.businessInfo = { ...current.businessInfo, optionalDocument: document }
        }
        yield* saveChanged(record, next)
        return document
      })

      const listDocuments = Effect.fn("KycService.listDocuments")(function* (
        actor: Actor,
        memberId: MemberId,
      ) {
        yield* requireOwnerOrAdmin(actor, memberId)
        yield* contactOf(memberId)
        return yield* documents.list(memberId)
      })

      const readDocument = Effect.fn("KycService.readDocument")(function* (
        actor: Actor,
        memberId: MemberId,
        documentId: string,
      ) {
        yield* requireOwnerOrAdmin(actor, memberId)
        yield* contactOf(memberId)
        const stored = yield* documents.get(memberId, documentId)
        if (Option.isNone(stored)) {
          return yield* new KycDocumentNotFound({
            message: `No document ${documentId} of member ${memberId}`,
          })
        }
        if (actor.memberId !== memberId) {
          yield* recordAudit(actor.memberId, AuditAction.kycDocumentRead, auditSubject.member(memberId), {
            documentId,
          }).pipe(Effect.provideService(AuditLog, auditLog))
        }
        return stored.value
      })

      const submitForVerification = Effect.fn("KycService.submitForVerification")(function* (
        actor: Actor,
        memberId: MemberId,
      ) {
        yield* requireOwner(actor, memberId)
        const contact = yield* contactOf(memberId)
        const record = yield* recordOf(memberId)
        const missingFields = missingRequiredFields(record.kycInfo, contact.userType)
        if (missingFields.length > 0) {
          return yield* new KycIncomplete({
            message: `Complete these fields before submitting for verification: ${missingFields.join(", ")}`,
            missingFields,
          })
        }
        const kycStatus = yield* moved(record, "submitted")
        const updated: KycRecord = {
          ...record,
          kycInfo: { ...record.kycInfo, kycStatus },
          updatedAt: yield* Clock.currentTimeMillis,
        }
        yield* store.save(updated)
        return viewOf(updated, contact)
      })

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

      return KycService.of({
        view,
        listByStatus,
        saveDetails,
        uploadDocument,
        listDocuments,
        readDocument,
        submitForVerification,
        approve: Effect.fn("KycService.approve")((actor: Actor, memberId: MemberId) =>
          decide(actor, memberId, "approved", undefined),
        ),
        reject,
        pendingVerification,
        statusOf: (memberId) => Effect.map(recordOf(memberId), (r) => r.kycInfo.kycStatus),
      })
    }),
  )
}
