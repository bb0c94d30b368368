/**
 * `landunits approvals set-threshold <currency> <minorUnits>`: money moves of that currency above it need a
 * second admin. Lowering it applies at once (it only asks for more approvals); raising it is itself a request
 * a second admin approves, or a stolen admin account could raise it and then move money alone.
 */
import { parseThreshold } from "@landunits/core/approvals/FourEyes.ts"
import { CurrencyType, CurrencyTypes } from "@landunits/core/shared/Enums.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { fourEyes } from "../../support/FourEyes.ts"
import { optionValue } from "../../support/Lookup.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { requireOtp } from "../../support/SecondFactorGate.ts"
import { parsed } from "../pricing/settings.ts"
import { setThreshold, thresholdLine } from "./execute.ts"

export const approvalsSetThreshold = (cli: Cli, currencyText: string, minorUnitsText: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      yield* requireOtp(operator.actor.memberId, "Setting a four-eyes threshold", cli.options())
      const currency = yield* optionValue(CurrencyType, "currency", currencyText, CurrencyTypes.join(", "))
      const minorUnits = yield* parsed(parseThreshold(minorUnitsText))
      return yield* fourEyes(
        operator,
        {
          command: "approvals.setThreshold",
          params: { currency, minorUnits: String(minorUnits) },
          summary: `Set the ${currency} threshold to ${minorUnits} minor units`,
          newThreshold: { amountMinor: minorUnits, currency },
        },
        setThreshold(operator, currency, minorUnits),
      )
    }),
    thresholdLine,
  )
