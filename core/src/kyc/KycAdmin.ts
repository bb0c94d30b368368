/**
 * The admins' use cases on KYC (`landunits kyc …`, issue 37): the members in a KYC status, with their email; one
 * member's KYC fields and documents (audited: identity data read); their documents exported, decrypted, to where
 * the caller writes them (each read audited by KycService, the export too).
 */
import { Effect } from "effect"
import type { ActingAdmin } from "../access/AdminOperationRunner.ts"
import { actorOf, auditAdmin, optionValue } from "../access/AdminUseCase.ts"
import { emailOf, memberNamed } from "../accounts/MembersAdmin.ts"
import { KycStatus, KycStatuses } from "../shared/Enums.ts"
import type { KycDocument } from "./KycModel.ts"
import { KycService } from "./KycService.ts"

/** Members in `status`, oldest change first (the queue). */
export const listKyc = Effect.fn("KycAdmin.list")(function* (acting: ActingAdmin, status: string) {
  const kycStatus = yield* optionValue(KycStatus, "--status", status, KycStatuses.join(", "))
  const records = yield* (yield* KycService).listByStatus(actorOf(acting), kycStatus)
  return yield* Effect.forEach(records, (r) =>
    Effect.map(emailOf(r.memberId), (email) => ({
      memberId: r.memberId,
      email: email ?? "",
      kycStatus: r.kycInfo.kycStatus,
      updatedAt: r.updatedAt,
    })),
  )
})

/** A member's KYC fields, what is missing, and their documents. Audited `kyc.show`. */
export const showKyc = Effect.fn("KycAdmin.show")(function* (acting: ActingAdmin, ref: string) {
  const account = yield* memberNamed(ref)
  const service = yield* KycService
  const view = yield* service.view(actorOf(acting), account.memberId)
  const documents = yield* service.listDocuments(actorOf(acting), account.memberId)
  yield* auditAdmin(acting, "kyc.show", `member:${account.memberId}`)
  return { email: account.email, ...view, documents }
})

/** Where exported documents go: a folder (as the audit names it), made before the first; each document written. */
export interface KycDocumentSink<E> {
  readonly folder: string
  readonly begin: Effect.Effect<void, E>
  /** Writes one document's bytes; answers the file it wrote. */
  readonly write: (document: KycDocument, bytes: Uint8Array) => Effect.Effect<string, E>
}

/** The member's KYC documents, decrypted, given to `sink`. Audited `kyc.exportDocuments` with the folder and count. */
export const exportKycDocuments = Effect.fn("KycAdmin.exportDocuments")(function* <E>(
  acting: ActingAdmin,
  ref: string,
  sink: KycDocumentSink<E>,
) {
  const account = yield* memberNamed(ref)
  const service = yield* KycService
  const documents = yield* service.listDocuments(actorOf(acting), account.memberId)
  yield* sink.begin
  const written: Array<string> = []
  for (const document of documents) {
    const stored = yield* service.readDocument(actorOf(acting), account.memberId, document.documentId)
    written.push(yield* sink.write(document, stored.bytes))
  }
  yield* auditAdmin(acting, "kyc.exportDocuments", `member:${account.memberId}`, {
    folder: sink.folder,
    files: String(written.length),
  })
  return written
})
