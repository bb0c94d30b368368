/** `landunits pricing set-external-fee <method> --fixed-cents n --percent p`: what a payment method's provider charges, passed on in the buy fee. */
import { PricingSettings } from "@landunits/adapters/postgres/PricingPg.ts"
import { parsePercent } from "@landunits/core/pricing/PricingInput.ts"
import { PriceBook } from "@landunits/core/pricing/ports/PriceBook.ts"
import { PayingMethod, PayingMethods } from "@landunits/core/shared/Enums.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { optionValue, wholeNumber } from "../../support/Lookup.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"
import { parsed } from "./settings.ts"

export const pricingSetExternalFee = (cli: Cli, method: string, o: { fixedCents: string; percent: string }) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const m = yield* optionValue(PayingMethod, "payment method", method, PayingMethods.join(", "))
      const fee = {
        fixedCentsFees: yield* wholeNumber("--fixed-cents", o.fixedCents),
        fixedPercentageFees: yield* parsed(parsePercent(o.percent, "The percentage")),
      }
      const before = (yield* (yield* PriceBook).externalFees)[m]
      yield* (yield* PricingSettings).setExternalFees({ [m]: fee } as never)
      yield* audit(operator, "pricing.setExternalFee", `paymentMethod:${m}`, {
        before: JSON.stringify(before ?? null),
        after: JSON.stringify(fee),
      })
      return { method: m, ...fee }
    }),
    (f) => `${f.method}: ${f.fixedCentsFees} cents + ${f.fixedPercentageFees}%`,
  )
