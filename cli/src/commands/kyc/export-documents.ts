/**
 * `landunits kyc export-documents <member> --to <folder>`: the member's KYC documents, decrypted, into a
 * folder the admin names (created private: 0700, files 0600; an existing file is never overwritten). Each
 * read is audited by KycService, and the export itself too: core's use case, core/src/kyc/KycAdmin.ts
 * `exportKycDocuments`; this command makes the folder and writes the files.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { exportKycDocuments } from "@landunits/core/kyc/KycAdmin.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { actingOf } from "../../support/Operations.ts"
import { requireAdmin } from "../../support/Operator.ts"

/** A file name safe to write: the base name only, with anything but letters, digits, dot, dash and underscore replaced. */
export const safeFileName = (documentId: string, fileName: string) =>
  `${documentId}-${path.basename(fileName).replace(/[^A-Za-z0-9._-]/g, "_")}`.slice(0, 200)

export const kycExportDocuments = (cli: Cli, member: string, o: { to: string }) =>
  runCommand(
    cli,
    Effect.flatMap(requireAdmin(cli.options().as), (operator) =>
      exportKycDocuments(actingOf(operator), member, {
        folder: path.resolve(o.to),
        begin: Effect.try({
          try: () => fs.mkdirSync(o.to, { recursive: true, mode: 0o700 }),
          catch: (e) => new AdminRefused({ message: `Cannot create ${o.to}: ${(e as Error).message}` }),
        }),
        write: (document, bytes) => {
          const file = path.join(o.to, safeFileName(document.documentId, document.fileName))
          return Effect.try({
            try: () => {
              fs.writeFileSync(file, bytes, { flag: "wx", mode: 0o600 })
              return file
            },
            catch: (e) => new AdminRefused({ message: `Cannot write ${file}: ${(e as Error).message}` }),
          })
        },
      }),
    ),
    (files) =>
      files.length === 0
        ? "The member has no documents."
        : `Wrote ${files.length} document(s):\n${files.map((f) => `  ${f}`).join("\n")}`,
    (files) => ({ files }),
  )
