/**
 * `landunits kyc show <member>`: a member's KYC fields, what is missing, and their documents' names. Audited
 * (identity data read). Core's use case: core/src/kyc/KycAdmin.ts `showKyc`.
 */
import { showKyc } from "@landunits/core/kyc/KycAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { actingOf } from "../../support/Operations.ts"
import { requireAdmin } from "../../support/Operator.ts"
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
    Effect.flatMap(requireAdmin(cli.options().as), (operator) => showKyc(actingOf(operator), member)),
    (v) =>
      [
        fields({ memberId: v.memberId, email: v.email, ...flatten(v.kycInfo) }),
        `missing: ${v.missingFields.length === 0 ? "nothing" : v.missingFields.join(", ")}`,
        ...(v.notApprovedReason === undefined ? [] : [`last refusal: ${v.notApprovedReason}`]),
        `documents: ${v.documents.length === 0 ? "none" : v.documents.map((d) => `${d.fileName} (${d.fileType}, ${d.size} bytes, id ${d.documentId})`).join("; ")}`,
      ].join("\n"),
  )
