/** `landunits discount-codes list`: every reference code, active or not. */
import { PricingSettings } from "@landunits/adapters/postgres/PricingPg.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { table } from "../../support/Output.ts"

export const discountCodesList = (cli: Cli) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      return yield* (yield* PricingSettings).discountCodes
    }),
    (list) =>
      table(
        list.map((c) => ({
          code: c.code,
          discount: c.isPercent ? `${c.amount}%` : `${c.amount} cents`,
          minPaymentCents: c.minPaymentAmountInCents,
          active: c.active,
        })),
        ["code", "discount", "minPaymentCents", "active"],
        "No reference code.",
      ),
  )
