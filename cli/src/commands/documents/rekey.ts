/**
 * `landunits documents rekey` (issue 23): after DOCUMENT_KEY was rotated (the old key moved to
 * DOCUMENT_KEY_PREVIOUS), re-seals every KYC document, data export and authenticator-app secret under the new key (DocumentRekeyPg.ts), a
 * batch per transaction, and prints the counts. Audited (`documents.rekey`, with the key and the counts). A row
 * under a key the keyring does not hold is left as it was and named: the command then exits 1, having re-sealed the
 * rest.
 *
 * Infrastructure: re-seals the stored rows through the documents adapters itself (the storage's key, not
 * a use case); allowed in cli/test/ThinCommands.test.ts.
 */
import { layerDocumentKeyFromEnv } from "@landunits/adapters/documents/DocumentKey.ts"
import { type RekeyOutcome, rekeyDocuments } from "@landunits/adapters/postgres/DocumentRekeyPg.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"

const counts = (r: RekeyOutcome) =>
  `${r.kycDocuments.resealed} KYC document(s), ${r.dataExports.resealed} data export(s) and ${r.totpSecrets.resealed} authenticator secret(s) re-sealed under key ${r.keyId} ` +
  `in ${r.batches} batch(es); ${r.kycDocuments.underCurrentKey} document(s), ${r.dataExports.underCurrentKey} export(s) and ${r.totpSecrets.underCurrentKey} secret(s) are now under it`

const resealed = (r: RekeyOutcome) =>
  r.kycDocuments.resealed + r.dataExports.resealed + r.totpSecrets.resealed

export const documentsRekey = (cli: Cli, o: { batchSize?: string } = {}) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const batchSize = Number(o.batchSize ?? "100")
      if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) {
        return yield* new AdminRefused({ message: "--batch-size must be a whole number from 1 to 10000" })
      }
      const r = yield* rekeyDocuments({ batchSize }).pipe(
        Effect.provide(layerDocumentKeyFromEnv),
        Effect.catchTag("DocumentKeyInvalid", (e) => Effect.fail(new AdminRefused({ message: e.message }))),
        Effect.catchTag("ProductionSettingMissing", (e) =>
          Effect.fail(new AdminRefused({ message: e.message })),
        ),
        Effect.catchTag("SqlError", Effect.die),
      )
      yield* audit(operator, "documents.rekey", `document-key:${r.keyId}`, {
        kycDocuments: String(r.kycDocuments.resealed),
        dataExports: String(r.dataExports.resealed),
        totpSecrets: String(r.totpSecrets.resealed),
        unreadable: String(r.unreadable.length),
      })
      if (r.unreadable.length > 0) {
        return yield* new AdminRefused({
          message:
            `${counts(r)}; ${r.unreadable.length} row(s) left as they were, under a key this installation does not hold ` +
            `(add it to DOCUMENT_KEY_PREVIOUS and run documents rekey again):\n` +
            r.unreadable.map((u) => `  ${u.row}: ${u.message}`).join("\n"),
        })
      }
      return r
    }),
    (r) =>
      resealed(r) === 0
        ? `Nothing to re-seal: every KYC document (${r.kycDocuments.underCurrentKey}), data export (${r.dataExports.underCurrentKey}) and authenticator secret (${r.totpSecrets.underCurrentKey}) is under key ${r.keyId}. DOCUMENT_KEY_PREVIOUS can be removed.`
        : `${counts(r)}. DOCUMENT_KEY_PREVIOUS can be removed.`,
  )
