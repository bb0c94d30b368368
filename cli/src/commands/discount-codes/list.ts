/** `landunits discount-codes list`: every reference code, active or not (core/src/pricing/DiscountCodesAdmin.ts). */
import { discountText, listDiscountCodes } from "@landunits/core/pricing/DiscountCodesAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { table } from "../../support/Output.ts"

export const discountCodesList = (cli: Cli) =>
  runCommand(cli, Effect.andThen(requireAdmin(cli.options().as), listDiscountCodes), (list) =>
    table(
      list.map((c) => ({
        code: c.code,
        discount: discountText(c),
        minPaymentCents: c.minPaymentAmountInCents,
        active: c.active,
      })),
      ["code", "discount", "minPaymentCents", "active"],
      "No reference code.",
    ),
  )
