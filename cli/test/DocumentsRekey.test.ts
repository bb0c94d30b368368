/**
 * `landunits documents rekey` (issue 23) on the admin CLI: with DOCUMENT_KEY=B and DOCUMENT_KEY_PREVIOUS=A, the app
 * reads documents sealed under A; the command re-seals them under B and prints the counts (and --json), audited; a
 * second run re-seals nothing; a row under a key the installation does not hold is named and the exit code is 1.
 */
import { randomBytes } from "node:crypto"
import { parseDocumentKey } from "@landunits/adapters/documents/DocumentKey.ts"
import { encrypt } from "@landunits/adapters/documents/DocumentSealing.ts"
import { AuditLog } from "@landunits/core/audit/ports/AuditLog.ts"
import { DocumentStore } from "@landunits/core/kyc/ports/DocumentStore.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { ExitCode } from "../src/Admin.ts"
import { useInProcessCli } from "./support/InProcessCli.ts"

const A = randomBytes(32).toString("base64")
const B = randomBytes(32).toString("base64")
const C = randomBytes(32).toString("base64")
const idOf = (base64: string) => Effect.runSync(Effect.map(parseDocumentKey(base64), (k) => k.keyId))

const ADMIN = "rekey-admin@landunits.example"
const holder = MemberId.make("mem_rekey_holder")
const { cli, run } = useInProcessCli(
  [
    { memberId: "mem_rekey_admin", email: ADMIN, firstName: "Rita", lastName: "Key", role: "admin" },
    {
      memberId: holder,
      email: "holder@landunits.example",
      firstName: "Hal",
      lastName: "Der",
      role: "member",
    },
  ],
  {
    // The installation's keys, as an operator sets them after rotating (given to the app's layer: see useInProcessCli).
    config: { DOCUMENT_KEY: B, DOCUMENT_KEY_PREVIOUS: A },
  },
)
const asAdmin = (...args: ReadonlyArray<string>) => cli("--as", ADMIN, ...args)

/** A document sealed under `base64`, written as an app configured with that key wrote it. */
const sealUnder = (base64: string, documentId: string, text: string) =>
  run(
    Effect.gen(function* () {
      const key = yield* parseDocumentKey(base64)
      const bytes = new TextEncoder().encode(text)
      const sealed = encrypt(key, holder, documentId, bytes)
      const sql = yield* SqlClient.SqlClient
      yield* sql`
        INSERT INTO kyc_documents (owner, document_id, file_name, file_type, size, key_id, iv, auth_tag, ciphertext)
        VALUES (${holder}, ${documentId}, ${`${documentId}.pdf`}, 'pdf', ${bytes.length}, ${key.keyId},
                ${sealed.iv}, ${sealed.authTag}, ${sealed.ciphertext})`
    }),
  )
const read = (documentId: string) =>
  run(
    Effect.map(
      Effect.flatMap(DocumentStore, (s) => s.get(holder, documentId)),
      Option.map((d) => new TextDecoder().decode(d.bytes)),
    ),
  )
const keyIds = () =>
  run(
    Effect.flatMap(
      SqlClient.SqlClient,
      (sql) => sql<{ document_id: string; key_id: string }>`
        SELECT document_id, key_id FROM kyc_documents WHERE owner = ${holder} ORDER BY seq`,
    ),
  )

describe("documents rekey", () => {
  it("moves documents sealed under DOCUMENT_KEY_PREVIOUS to DOCUMENT_KEY, audited; the app reads them before and after", async () => {
    await sealUnder(A, "passport", "HAL PASSPORT")
    await sealUnder(A, "utility", "HAL BILL")
    expect(await read("passport")).toEqual(Option.some("HAL PASSPORT"))

    const rekeyed = await asAdmin("documents", "rekey", "--batch-size", "1")
    // Progress, a line per batch, goes to stderr with the logs; stdout carries only the answer.
    expect(rekeyed.err).toContain("documents rekey: kyc_documents: 2 row(s) re-sealed so far")
    expect(rekeyed.code).toBe(0)
    expect(rekeyed.out).toContain(
      `2 KYC document(s), 0 data export(s) and 0 authenticator secret(s) re-sealed under key ${idOf(B)} in 2 batch(es)`,
    )
    expect(rekeyed.out).toContain("DOCUMENT_KEY_PREVIOUS can be removed")
    expect((await keyIds()).map((r) => r.key_id)).toEqual([idOf(B), idOf(B)])
    expect(await read("utility")).toEqual(Option.some("HAL BILL"))

    const audited = await run(Effect.flatMap(AuditLog, (log) => log.list({ action: "documents.rekey" })))
    expect(audited).toHaveLength(1)
    expect(audited[0]?.subject).toBe(`document-key:${idOf(B)}`)
    expect(audited[0]?.details).toMatchObject({ kycDocuments: "2", dataExports: "0", via: "cli" })
  })

  it("a second run re-seals nothing, and says so (--json gives the counts)", async () => {
    const before = await keyIds()
    const again = await asAdmin("--json", "documents", "rekey")
    expect(again.code).toBe(0)
    const answer = JSON.parse(again.out) as {
      keyId: string
      batches: number
      kycDocuments: { resealed: number; underCurrentKey: number }
    }
    expect(answer.keyId).toBe(idOf(B))
    expect(answer.batches).toBe(0)
    expect(answer.kycDocuments.resealed).toBe(0)
    expect(answer.kycDocuments.underCurrentKey).toBeGreaterThanOrEqual(2)
    expect(await keyIds()).toEqual(before)
    const human = await asAdmin("documents", "rekey")
    expect(human.out).toContain("Nothing to re-seal")
  })

  it("names a document under a key the installation does not hold and exits 1, having re-sealed the rest", async () => {
    await sealUnder(C, "lost", "LOST")
    await sealUnder(A, "late", "LATE")
    const refused = await asAdmin("documents", "rekey")
    expect(refused.code).toBe(ExitCode.refused)
    expect(refused.err).toContain(
      "1 KYC document(s), 0 data export(s) and 0 authenticator secret(s) re-sealed",
    )
    expect(refused.err).toContain(
      `document lost of ${holder}: Document lost of ${holder} cannot be read: it was encrypted under key ${idOf(C)}`,
    )
    expect(refused.err).toContain(`set the key ${idOf(C)} in DOCUMENT_KEY_PREVIOUS`)
    expect(Object.fromEntries((await keyIds()).map((r) => [r.document_id, r.key_id]))).toMatchObject({
      lost: idOf(C),
      late: idOf(B),
    })
  })

  it("is refused for someone who is not an admin", async () => {
    const refused = await cli("--as", "holder@landunits.example", "documents", "rekey")
    expect(refused.code).toBe(ExitCode.refused)
  })
})
