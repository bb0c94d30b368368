import { Context, Effect, Layer, Option } from "effect"
import type { MemberId } from "../../shared/Ids.ts"
import type { KycDocument } from "../KycModel.ts"

/** A stored document: its description (name, type detected from the content, size) and its bytes. */
export interface StoredDocument {
  readonly document: KycDocument
  readonly bytes: Uint8Array
}

/**
 * Port: members' private KYC documents (passport file, registration document, optional documents).
 * Documents are keyed by owner and documentId; the adapter stores them encrypted and never under a public
 * path. The store does not decide who may read: KycService lets only the owner and admins through.
 * `put` with an existing documentId of the same owner replaces it. `list` answers in `put` order.
 */
export class DocumentStore extends Context.Service<
  DocumentStore,
  {
    readonly put: (owner: MemberId, document: KycDocument, bytes: Uint8Array) => Effect.Effect<void>
    readonly get: (owner: MemberId, documentId: string) => Effect.Effect<Option.Option<StoredDocument>>
    readonly list: (owner: MemberId) => Effect.Effect<ReadonlyArray<KycDocument>>
  }
>()("@landunits/core/kyc/ports/DocumentStore") {
  /** In memory (bytes copied in and out, so callers cannot change what is stored). */
  static readonly layerMemory = Layer.effect(DocumentStore)(
    Effect.sync(() => {
      const byOwner = new Map<MemberId, Map<string, StoredDocument>>()
      return DocumentStore.of({
        put: (owner, document, bytes) =>
          Effect.sync(() => {
            const documents = byOwner.get(owner) ?? new Map<string, StoredDocument>()
            documents.set(document.documentId, { document: { ...document }, bytes: bytes.slice() })
            byOwner.set(owner, documents)
          }),
        get: (owner, documentId) =>
          Effect.sync(() =>
            Option.map(Option.fromNullishOr(byOwner.get(owner)?.get(documentId)), (stored) => ({
              document: { ...stored.document },
              bytes: stored.bytes.slice(),
            })),
          ),
        list: (owner) =>
          Effect.sync(() =>
            [...(byOwner.get(owner)?.values() ?? [])].map((stored) => ({ ...stored.document })),
          ),
      })
    }),
  )
}
