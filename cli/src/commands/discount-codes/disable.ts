/** `landunits discount-codes disable <code>`: members can no longer use the code (orders that used it keep their discount). Asks first unless --yes. */
import { PricingSettings } from "@landunits/adapters/postgres/PricingPg.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"

export const discountCodesDisable = (cli: Cli, code: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const settings = yield* PricingSettings
      const found = (yield* settings.discountCodes).find((c) => c.code === code.trim())
      if (found === undefined) return yield* new AdminRefused({ message: `No reference code ${code}` })
      if (!found.active) return found
      yield* confirm(`Disable the reference code ${found.code}`, cli.options())
      const disabled = { ...found, active: false }
      yield* settings.setDiscountCode(disabled)
      yield* audit(operator, "discountCodes.disable", `discountCode:${found.code}`)
      return disabled
    }),
    (c) => `${c.code}: disabled`,
  )
