/** `landunits kyc show <member>`: a member's KYC fields, what is missing, and their documents' names. Audited (identity data read). */
import { KycService } from "@landunits/core/kyc/KycService.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { memberNamed } from "../../support/Lookup.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"
import { fields } from "../../support/Output.ts"

/** Nested KYC fields flattened to "a.b: value" lines; document objects shown by their names only. */
const flatten = (value: unknown, prefix = ""): Record<string, string> => {
  if (value === null || typeof value !== "object") return { [prefix]: String(value) }
  return Object.assign(
    {},
    ...Object.entries(value).map(([k, v]) => flatten(v, prefix === "" ? k : `${prefix}.${k}`)),
  )
}

export const kycShow = (cli: Cli, member: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const account = yield* memberNamed(member)
      const service = yield* KycService
      const view = yield* service.view(operator.actor, account.memberId)
      const documents = yield* service.listDocuments(operator.actor, account.memberId)
      yield* audit(operator, "kyc.show", `member:${account.memberId}`)
      return { email: account.email, ...view, documents }
    }),
    (v) =>
      [
        fields({ memberId: v.memberId, email: v.email, ...flatten(v.kycInfo) }),
        `missing: ${v.missingFields.length === 0 ? "nothing" : v.missingFields.join(", ")}`,
        ...(v.notApprovedReason === undefined ? [] : [`last refusal: ${v.notApprovedReason}`]),
        `documents: ${v.documents.length === 0 ? "none" : v.documents.map((d) => `${d.fileName} (${d.fileType}, ${d.size} bytes, id ${d.documentId})`).join("; ")}`,
      ].join("\n"),
  )
