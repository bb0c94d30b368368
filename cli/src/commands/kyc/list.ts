/**
 * `landunits kyc list [--status "Pending Verification"]`: members in a KYC status, oldest change first (the
 * queue). Core's use case: core/src/kyc/KycAdmin.ts `listKyc`.
 */
import { listKyc } from "@landunits/core/kyc/KycAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { actingOf } from "../../support/Operations.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { instant, table } from "../../support/Output.ts"

export const kycList = (cli: Cli, o: { status: string }) =>
  runCommand(
    cli,
    Effect.flatMap(requireAdmin(cli.options().as), (operator) => listKyc(actingOf(operator), o.status)),
    (rows) =>
      table(
        rows.map((r) => ({ ...r, updatedAt: instant(r.updatedAt) })),
        ["memberId", "email", "kycStatus", "updatedAt"],
        `Nobody is in ${o.status}.`,
      ),
  )
