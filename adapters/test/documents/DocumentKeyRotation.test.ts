/**
 * Rotating DOCUMENT_KEY (issue 23): rows sealed under key A stay readable with DOCUMENT_KEY=B and
 * DOCUMENT_KEY_PREVIOUS=A; `rekey` moves every KYC document, data export and authenticator secret to B, in batches, and a second run
 * changes nothing; a row under a key the keyring does not hold is named, never served, and does not stop the rest.
 */
import { randomBytes } from "node:crypto"
import { DocumentStore } from "@landunits/core/kyc/ports/DocumentStore.ts"
import { DataExportStore } from "@landunits/core/privacy/ports/DataExportStore.ts"
import { SecondFactorStore } from "@landunits/core/secondfactor/ports/SecondFactorStore.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Cause, ConfigProvider, Effect, Exit, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import {
  DocumentKey,
  documentKeyring,
  layerDocumentKeyFromEnv,
  parseDocumentKey,
  parsePreviousDocumentKeys,
} from "../../src/documents/DocumentKey.ts"
import { DataExportStorePg } from "../../src/postgres/DataExportStorePg.ts"
import { rekeyDocuments } from "../../src/postgres/DocumentRekeyPg.ts"
import { DocumentStorePg } from "../../src/postgres/DocumentStorePg.ts"
import { SecondFactorStorePg } from "../../src/postgres/SecondFactorStorePg.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

const A = randomBytes(32).toString("base64")
const B = randomBytes(32).toString("base64")
const C = randomBytes(32).toString("base64")

/** The keyring DOCUMENT_KEY=`current`, DOCUMENT_KEY_PREVIOUS=`previous` makes, read as the app reads it. */
const keyring = (current: string, previous?: string) =>
  layerDocumentKeyFromEnv.pipe(
    Layer.provide(
      ConfigProvider.layer(
        ConfigProvider.fromUnknown({
          DOCUMENT_KEY: current,
          ...(previous === undefined ? {} : { DOCUMENT_KEY_PREVIOUS: previous }),
        }),
      ),
    ),
  )
const idOf = (base64: string) => Effect.runSync(Effect.map(parseDocumentKey(base64), (k) => k.keyId))

const ann = MemberId.make("mem_ann")
const ben = MemberId.make("mem_ben")
const bytesOf = (text: string) => new TextEncoder().encode(text)
const doc = (documentId: string, text: string) => ({
  documentId,
  fileName: `${documentId}.pdf`,
  fileType: "pdf" as const,
  size: bytesOf(text).length,
})

for (const target of databaseTargets().run) {
  describe(`rotating the document key on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    const stores = (keys: Layer.Layer<DocumentKey, unknown>) =>
      Layer.mergeAll(DocumentStorePg, DataExportStorePg).pipe(Layer.provide(Layer.mergeAll(db.layer(), keys)))
    const inStores = <X, E>(
      keys: Layer.Layer<DocumentKey, unknown>,
      effect: Effect.Effect<X, E, DocumentStore | DataExportStore>,
    ) => Effect.runPromise(effect.pipe(Effect.provide(stores(keys))) as Effect.Effect<X, E>)
    const rekey = (keys: Layer.Layer<DocumentKey, unknown>, batchSize?: number) =>
      db.run(
        rekeyDocuments(batchSize === undefined ? {} : { batchSize }).pipe(Effect.provide(keys), Effect.orDie),
      )
    const keyIds = () =>
      db.run(
        Effect.flatMap(SqlClient.SqlClient, (sql) =>
          Effect.all({
            documents: sql<{ document_id: string; key_id: string; ciphertext: Uint8Array }>`
              SELECT document_id, key_id, ciphertext FROM kyc_documents ORDER BY seq`,
            exports: sql<{ export_id: string; key_id: string; ciphertext: Uint8Array }>`
              SELECT export_id, key_id, ciphertext FROM data_exports WHERE key_id IS NOT NULL ORDER BY export_id`,
          }),
        ),
      )

    /** Three documents of two members and one ready data export, sealed under `key`. */
    const storeUnder = (key: string) =>
      inStores(
        keyring(key),
        Effect.gen(function* () {
          const documents = yield* DocumentStore
          yield* documents.put(ann, doc("passport", "ANN PASSPORT"), bytesOf("ANN PASSPORT"))
          yield* documents.put(ann, doc("utility", "ANN BILL"), bytesOf("ANN BILL"))
          yield* documents.put(ben, doc("passport", "BEN PASSPORT"), bytesOf("BEN PASSPORT"))
          const exports = yield* DataExportStore
          const building = { exportId: "exp_1", memberId: ann, status: "building" as const, requestedAt: 1 }
          yield* exports.insert(building)
          yield* exports.complete(
            {
              ...building,
              status: "ready",
              readyAt: 2,
              expiresAt: Date.now() + 86_400_000,
              fileName: "a.zip",
            },
            bytesOf("ANN ZIP"),
          )
        }),
      )

    const readAll = (keys: Layer.Layer<DocumentKey, unknown>) =>
      inStores(
        keys,
        Effect.gen(function* () {
          const documents = yield* DocumentStore
          const text = (o: Option.Option<{ readonly bytes: Uint8Array }>) =>
            Option.match(o, { onNone: () => "none", onSome: (d) => new TextDecoder().decode(d.bytes) })
          return [
            text(yield* documents.get(ann, "passport")),
            text(yield* documents.get(ann, "utility")),
            text(yield* documents.get(ben, "passport")),
            Option.match(yield* (yield* DataExportStore).archive("exp_1"), {
              onNone: () => "none",
              onSome: (b) => new TextDecoder().decode(b),
            }),
          ]
        }),
      )
    const EVERYTHING = ["ANN PASSPORT", "ANN BILL", "BEN PASSPORT", "ANN ZIP"]

    it("reads rows under an earlier key with DOCUMENT_KEY_PREVIOUS, and writes under the current key", async () => {
      await storeUnder(A)
      expect(await readAll(keyring(B, A))).toEqual(EVERYTHING)
      await inStores(
        keyring(B, A),
        Effect.flatMap(DocumentStore, (s) => s.put(ben, doc("registration", "BEN REG"), bytesOf("BEN REG"))),
      )
      const rows = await keyIds()
      expect(rows.documents.map((r) => [r.document_id, r.key_id])).toEqual([
        ["passport", idOf(A)],
        ["utility", idOf(A)],
        ["passport", idOf(A)],
        ["registration", idOf(B)],
      ])
    })

    it("rekey re-seals every document and export under the current key, in batches; after it B alone reads everything", async () => {
      await storeUnder(A)
      const r = await rekey(keyring(B, A), 2)
      expect(r.keyId).toBe(idOf(B))
      expect(r.kycDocuments).toEqual({ resealed: 3, underCurrentKey: 3 })
      expect(r.dataExports).toEqual({ resealed: 1, underCurrentKey: 1 })
      expect(r.batches).toBe(3) // documents 2 + 1, the export 1
      expect(r.unreadable).toEqual([])
      const rows = await keyIds()
      expect(new Set([...rows.documents, ...rows.exports].map((row) => row.key_id))).toEqual(
        new Set([idOf(B)]),
      )
      expect(await readAll(keyring(B))).toEqual(EVERYTHING)
      // A alone no longer opens them: the bytes really are sealed under B.
      const exit = await Effect.runPromiseExit(
        Effect.flatMap(DocumentStore, (s) => s.get(ann, "passport")).pipe(Effect.provide(stores(keyring(A)))),
      )
      expect(Exit.isFailure(exit)).toBe(true)
    })

    it("rekey re-seals the authenticator-app secrets too, which B alone then opens", async () => {
      const secrets = (keys: Layer.Layer<DocumentKey, unknown>) =>
        SecondFactorStorePg.pipe(Layer.provide(Layer.mergeAll(db.layer(), keys)))
      const enrollment = { memberId: ann, secret: "JBSWY3DPEHPK3PXP", createdAt: 1, lastUsedStep: 0 }
      await Effect.runPromise(
        Effect.flatMap(SecondFactorStore, (s) => s.saveTotp(enrollment)).pipe(
          Effect.provide(secrets(keyring(A))),
        ),
      )
      const r = await rekey(keyring(B, A))
      expect(r.totpSecrets).toEqual({ resealed: 1, underCurrentKey: 1 })
      const read = await Effect.runPromise(
        Effect.flatMap(SecondFactorStore, (s) => s.getTotp(ann)).pipe(Effect.provide(secrets(keyring(B)))),
      )
      expect(Option.map(read, (e) => e.secret)).toEqual(Option.some("JBSWY3DPEHPK3PXP"))
      expect((await rekey(keyring(B, A))).totpSecrets).toEqual({ resealed: 0, underCurrentKey: 1 })
    })

    it("rekey twice changes nothing the second time", async () => {
      await storeUnder(A)
      await rekey(keyring(B, A))
      const before = await keyIds()
      const again = await rekey(keyring(B, A))
      expect(again.kycDocuments).toEqual({ resealed: 0, underCurrentKey: 3 })
      expect(again.dataExports).toEqual({ resealed: 0, underCurrentKey: 1 })
      expect(again.batches).toBe(0)
      expect(await keyIds()).toEqual(before)
    })

    it("is resumable: rows already under the current key (a stopped run's batches) are left, the rest re-sealed", async () => {
      await storeUnder(A)
      // What a run stopped after its first batch leaves: one row re-sealed under B (a put seals under the current key).
      await inStores(
        keyring(B, A),
        Effect.flatMap(DocumentStore, (s) =>
          s.put(ann, doc("passport", "ANN PASSPORT"), bytesOf("ANN PASSPORT")),
        ),
      )
      const done = (await keyIds()).documents.find((r) => r.key_id === idOf(B))
      const r = await rekey(keyring(B, A), 1)
      expect(r.kycDocuments).toEqual({ resealed: 2, underCurrentKey: 3 })
      expect(r.batches).toBe(3)
      // The row done before was not sealed again.
      expect(
        (await keyIds()).documents.find(
          (row) =>
            row.document_id === "passport" &&
            row.key_id === idOf(B) &&
            Buffer.from(row.ciphertext).equals(Buffer.from(done!.ciphertext)),
        ),
      ).toBeDefined()
      expect(await readAll(keyring(B))).toEqual(EVERYTHING)
    })

    it("names a row under a key it does not hold, never serves it, and re-seals the rest", async () => {
      await storeUnder(A)
      await inStores(
        keyring(C),
        Effect.flatMap(DocumentStore, (s) => s.put(ben, doc("lost", "LOST"), bytesOf("LOST"))),
      )
      const exit = await Effect.runPromiseExit(
        Effect.flatMap(DocumentStore, (s) => s.get(ben, "lost")).pipe(Effect.provide(stores(keyring(B, A)))),
      )
      expect(Exit.isFailure(exit)).toBe(true)
      if (Exit.isFailure(exit)) {
        const said = Cause.pretty(exit.cause)
        expect(said).toContain(
          `Document lost of mem_ben cannot be read: it was encrypted under key ${idOf(C)}`,
        )
        expect(said).toContain(
          `neither the configured DOCUMENT_KEY ${idOf(B)} nor in DOCUMENT_KEY_PREVIOUS (${idOf(A)})`,
        )
      }
      const r = await rekey(keyring(B, A))
      expect(r.kycDocuments).toEqual({ resealed: 3, underCurrentKey: 3 })
      expect(r.unreadable).toEqual([
        {
          table: "kyc_documents",
          row: "document lost of mem_ben",
          keyId: idOf(C),
          message: expect.stringContaining(`set the key ${idOf(C)} in DOCUMENT_KEY_PREVIOUS`),
        },
      ])
      // Given the key, the next run re-seals it too.
      const r2 = await rekey(keyring(B, `${A}, ${C}`))
      expect(r2.kycDocuments).toEqual({ resealed: 1, underCurrentKey: 4 })
      expect(r2.unreadable).toEqual([])
    })
  })
}

describe("DOCUMENT_KEY_PREVIOUS", () => {
  it("takes one or more base64 keys separated by commas, blanks ignored", async () => {
    const keys = await Effect.runPromise(parsePreviousDocumentKeys(` ${A} ,${C},`))
    expect(keys.map((k) => k.keyId)).toEqual([idOf(A), idOf(C)])
  })

  it("refuses a malformed key, naming its place in the list and not its value", async () => {
    const exit = await Effect.runPromiseExit(parsePreviousDocumentKeys(`${A},c2hvcnQ=`))
    expect(Exit.isFailure(exit)).toBe(true)
    if (Exit.isFailure(exit)) {
      const said = Cause.pretty(exit.cause)
      expect(said).toContain("DOCUMENT_KEY_PREVIOUS (key 2 of 2) must be 32 random bytes")
      expect(said).not.toContain("c2hvcnQ=")
    }
  })

  it("drops an earlier key equal to the current one", async () => {
    const ring = await Effect.runPromise(Effect.provide(Effect.service(DocumentKey), keyring(A, `${A},${C}`)))
    expect(ring.keyId).toBe(idOf(A))
    expect(ring.previous.map((k) => k.keyId)).toEqual([idOf(C)])
    expect(documentKeyring(ring, []).previous).toEqual([])
  })
})
