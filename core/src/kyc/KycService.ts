/**
 * The KYC service: its shape, the member's own details (view, save, submit) and the composition of the documents
 * (KycDocuments.ts) and the admins' decisions (KycDecisions.ts), over the steps they share (KycSteps.ts).
 */
import { Clock, Context, Effect, Layer, Schema } from "effect"
import type { Forbidden } from "../access/AccessErrors.ts"
import type { Actor } from "../access/AccessModel.ts"
import { MemberGuard } from "../access/MemberGuard.ts"
import type { SecondFactorRequired } from "../secondfactor/SecondFactorErrors.ts"
import type { KycStatus } from "../shared/Enums.ts"
import type { MemberId } from "../shared/Ids.ts"
import { makeKycDecisions } from "./KycDecisions.ts"
import { type KycDocumentSlot, makeKycDocuments, type UploadedFile } from "./KycDocuments.ts"
import {
  type InvalidKycReason,
  type InvalidKycTransition,
  type KycDocumentNotFound,
  type KycDocumentSlotUnavailable,
  type KycFileTooLarge,
  KycIncomplete,
  type KycMemberNotFound,
  type KycUnsupportedFileType,
} from "./KycErrors.ts"
import { missingRequiredFields } from "./KycLifecycle.ts"
import { type KycDetails, type KycDocument, KycInfo } from "./KycModel.ts"
import type { KycRecord } from "./KycRecord.ts"
import { makeKycSteps } from "./KycSteps.ts"
import { type KycView, viewOf } from "./KycView.ts"
import type { StoredDocument } from "./ports/DocumentStore.ts"
import { KycStore } from "./ports/KycStore.ts"

export { KYC_REASON_MAX_LENGTH } from "./KycDecisions.ts"
export { type KycDocumentSlot, KycDocumentSlots, type UploadedFile } from "./KycDocuments.ts"
export type { KycView } from "./KycView.ts"

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

/** Whether two bank details say the same, field by field (a blank field and a missing one are the same). */
export const sameBankDetails = (
  a: Readonly<Record<string, unknown>> | undefined,
  b: Readonly<Record<string, unknown>> | undefined,
): boolean => {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])
  return [...keys].every((k) => String(a?.[k] ?? "").trim() === String(b?.[k] ?? "").trim())
}

/**
 * The KYC use cases. Members save their details and upload documents, then submit; admins approve or refuse
 * with a reason (the member is emailed). A member's KYC is readable only by its owner and admins; only the owner
 * changes or submits it; only admins, never on their own KYC, decide. Every admin decision is audited.
 */
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
      const sameKycInfo = Schema.toEquivalence(KycInfo)
      const steps = yield* makeKycSteps
      const { contactOf, moved, recordOf, requireOwner, requireOwnerOrAdmin, saveChanged } = steps

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

      return KycService.of({
        view,
        saveDetails,
        submitForVerification,
        ...(yield* makeKycDocuments(steps)),
        ...(yield* makeKycDecisions(steps)),
        statusOf: (memberId) => Effect.map(recordOf(memberId), (r) => r.kycInfo.kycStatus),
      })
    }),
  )
}
