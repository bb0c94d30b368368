import { randomBytes } from "node:crypto"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { DocumentStore } from "@landunits/core/kyc/ports/DocumentStore.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { documentStoreContract } from "@landunits/core/test-support/DocumentStoreContract.ts"
import { Cause, ConfigProvider, Effect, Exit, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import {
  DEV_KEY_FILE,
  DocumentKey,
  layerDocumentKeyFromEnv,
  parseDocumentKey,
} from "../../src/documents/DocumentKey.ts"
import { DocumentStorePg } from "../../src/postgres/DocumentStorePg.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

const keyLayer = (base64 = randomBytes(32).toString("base64")) =>
  Layer.effect(DocumentKey)(Effect.orDie(parseDocumentKey(base64)))

const passport = { documentId: "doc_1", fileName: "passport.pdf", fileType: "pdf" as const, size: 0 }
const secret = new TextEncoder().encode("%PDF-1.4 PASSPORT NUMBER AB1234567 of Ann Lee")
const ann = MemberId.make("mem_ann")
const ben = MemberId.make("mem_ben")

for (const target of databaseTargets().run) {
  describe(`encrypted KYC documents on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    const key = randomBytes(32).toString("base64")
    const store = (k = key) => DocumentStorePg.pipe(Layer.provide(Layer.mergeAll(db.layer(), keyLayer(k))))
    documentStoreContract(target.name, () => store())

    const put = Effect.flatMap(DocumentStore, (s) => s.put(ann, { ...passport, size: secret.length }, secret))
    const get = (owner = ann) => Effect.flatMap(DocumentStore, (s) => s.get(owner, "doc_1"))
    const raw = Effect.flatMap(
      SqlClient.SqlClient,
      (sql) => sql<{ ciphertext: Uint8Array }>`SELECT ciphertext FROM kyc_documents`,
    )

    it("stores no plaintext: the bytes in the table do not contain the document", async () => {
      await Effect.runPromise(put.pipe(Effect.provide(store())))
      const rows = await db.run(raw)
      expect(rows).toHaveLength(1)
      const stored = Buffer.from(rows[0]!.ciphertext)
      expect(stored.includes(Buffer.from("AB1234567"))).toBe(false)
      expect(stored.includes(Buffer.from("%PDF"))).toBe(false)
    })

    it("refuses to serve a tampered document", async () => {
      await Effect.runPromise(put.pipe(Effect.provide(store())))
      await db.run(
        Effect.flatMap(
          SqlClient.SqlClient,
          (sql) =>
            sql`UPDATE kyc_documents SET ciphertext = overlay(ciphertext placing '\\x00'::bytea from 3 for 1)`,
        ),
      )
      const exit = await Effect.runPromiseExit(get().pipe(Effect.provide(store())))
      expect(Exit.isFailure(exit)).toBe(true)
      if (Exit.isFailure(exit)) expect(Cause.pretty(exit.cause)).toContain("cannot be read")
    })

    it("refuses to serve a document under another key, naming the key it was written with", async () => {
      await Effect.runPromise(put.pipe(Effect.provide(store())))
      const exit = await Effect.runPromiseExit(
        get().pipe(Effect.provide(store(randomBytes(32).toString("base64")))),
      )
      expect(Exit.isFailure(exit)).toBe(true)
      if (Exit.isFailure(exit)) expect(Cause.pretty(exit.cause)).toContain("was encrypted under key")
    })

    it("binds a document to its owner: a ciphertext moved to another member does not decrypt", async () => {
      await Effect.runPromise(put.pipe(Effect.provide(store())))
      await db.run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`UPDATE kyc_documents SET owner = ${ben}`))
      const exit = await Effect.runPromiseExit(get(ben).pipe(Effect.provide(store())))
      expect(Exit.isFailure(exit)).toBe(true)
      const mine = await Effect.runPromise(get(ann).pipe(Effect.provide(store())))
      expect(Option.isNone(mine)).toBe(true)
    })
  })
}

describe("the document key", () => {
  it("refuses a configured key that is not 32 bytes of base64, with a clear message", async () => {
    const exit = await Effect.runPromiseExit(parseDocumentKey(Buffer.alloc(16).toString("base64")))
    expect(Exit.isFailure(exit)).toBe(true)
    if (Exit.isFailure(exit))
      expect(Cause.pretty(exit.cause)).toContain("DOCUMENT_KEY must be 32 random bytes")
  })

  it("generates a development key into DATA_DIR once, private to its owner, and reuses it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-key-"))
    try {
      const load = Effect.runPromise(
        Effect.map(DocumentKey, (k) => k.keyId).pipe(
          Effect.provide(layerDocumentKeyFromEnv),
          Effect.provide(ConfigProvider.layer(ConfigProvider.fromUnknown({ DATA_DIR: dir }))),
        ),
      )
      const first = await load
      const second = await Effect.runPromise(
        Effect.map(DocumentKey, (k) => k.keyId).pipe(
          Effect.provide(layerDocumentKeyFromEnv),
          Effect.provide(ConfigProvider.layer(ConfigProvider.fromUnknown({ DATA_DIR: dir }))),
        ),
      )
      expect(second).toBe(first)
      const mode = fs.statSync(path.join(dir, DEV_KEY_FILE)).mode & 0o777
      expect(mode).toBe(0o600)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
