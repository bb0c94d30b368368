/**
 * The KYC documents (KycService.ts): the member uploads a passport file or another document into its slot, checked
 * by its bytes; the member and admins list and read them, an admin's read audited.
 */
import { Effect, Option } from "effect"
import type { Actor } from "../access/AccessModel.ts"
import { recordAudit } from "../audit/Audit.ts"
import { AuditAction, auditSubject } from "../audit/AuditModel.ts"
import { AuditLog } from "../audit/ports/AuditLog.ts"
import type { MemberId } from "../shared/Ids.ts"
import { IdGenerator } from "../shared/ports/IdGenerator.ts"
import {
  KycDocumentNotFound,
  KycDocumentSlotUnavailable,
  KycFileTooLarge,
  KycUnsupportedFileType,
} from "./KycErrors.ts"
import type { KycDocument, KycInfo } from "./KycModel.ts"
import type { KycSteps } from "./KycSteps.ts"
import { DocumentStore } from "./ports/DocumentStore.ts"
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

export const makeKycDocuments = ({
  contactOf,
  recordOf,
  requireOwner,
  requireOwnerOrAdmin,
  saveChanged,
}: KycSteps) =>
  Effect.gen(function* () {
    const documents = yield* DocumentStore
    const ids = yield* IdGenerator
    const auditLog = yield* AuditLog

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

    const listDocuments = Effect.fn("KycService.listDocuments")(function* (actor: Actor, memberId: MemberId) {
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

    return { uploadDocument, listDocuments, readDocument }
  })
