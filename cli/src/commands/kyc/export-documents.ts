/**
 * `landunits kyc export-documents <member> --to <folder>`: the member's KYC documents, decrypted, into a
 * folder the admin names (created private: 0700, files 0600; an existing file is never overwritten). Each
 * read is audited by KycService, and the export itself too.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { KycService } from "@landunits/core/kyc/KycService.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { memberNamed } from "../../support/Lookup.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"

/** A file name safe to write: the base name only, with anything but letters, digits, dot, dash and underscore replaced. */
export const safeFileName = (documentId: string, fileName: string) =>
  `${documentId}-${path.basename(fileName).replace(/[^A-Za-z0-9._-]/g, "_")}`.slice(0, 200)

export const kycExportDocuments = (cli: Cli, member: string, o: { to: string }) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const account = yield* memberNamed(member)
      const service = yield* KycService
      const documents = yield* service.listDocuments(operator.actor, account.memberId)
      yield* Effect.try({
        try: () => fs.mkdirSync(o.to, { recursive: true, mode: 0o700 }),
        catch: (e) => new AdminRefused({ message: `Cannot create ${o.to}: ${(e as Error).message}` }),
      })
      const written: Array<string> = []
      for (const document of documents) {
        const stored = yield* service.readDocument(operator.actor, account.memberId, document.documentId)
        const file = path.join(o.to, safeFileName(document.documentId, document.fileName))
        yield* Effect.try({
          try: () => fs.writeFileSync(file, stored.bytes, { flag: "wx", mode: 0o600 }),
          catch: (e) => new AdminRefused({ message: `Cannot write ${file}: ${(e as Error).message}` }),
        })
        written.push(file)
      }
      yield* audit(operator, "kyc.exportDocuments", `member:${account.memberId}`, {
        folder: path.resolve(o.to),
        files: String(written.length),
      })
      return written
    }),
    (files) =>
      files.length === 0
        ? "The member has no documents."
        : `Wrote ${files.length} document(s):\n${files.map((f) => `  ${f}`).join("\n")}`,
    (files) => ({ files }),
  )
