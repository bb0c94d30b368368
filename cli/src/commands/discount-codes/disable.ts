/**
 * `landunits discount-codes disable <code>`: members can no longer use the code (orders that used it keep their
 * discount). Asks first unless --yes. Core's use case: core/src/pricing/DiscountCodesAdmin.ts `disableDiscountCode`.
 */
import { disableDiscountCode } from "@landunits/core/pricing/DiscountCodesAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { actingOf } from "../../support/Operations.ts"
import { requireAdmin } from "../../support/Operator.ts"

export const discountCodesDisable = (cli: Cli, code: string) =>
  runCommand(
    cli,
    Effect.flatMap(requireAdmin(cli.options().as), (operator) =>
      disableDiscountCode(actingOf(operator), code, (question) => confirm(question, cli.options())),
    ),
    (c) => `${c.code}: disabled`,
  )
