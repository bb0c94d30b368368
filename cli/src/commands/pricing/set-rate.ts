/** `landunits pricing set-rate <FROM> <TO> <rate> [--day yyyy-mm-dd]`: the exchange rate of a day (default today), e.g. 1.234567. */
import { PricingSettings } from "@landunits/adapters/postgres/PricingPg.ts"
import { parseExchangeRate } from "@landunits/core/pricing/PricingInput.ts"
import { CurrencyType, CurrencyTypes } from "@landunits/core/shared/Enums.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { optionValue } from "../../support/Lookup.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"
import { isoDay, parsed, today } from "./settings.ts"

export const pricingSetRate = (cli: Cli, from: string, to: string, rate: string, o: { day?: string }) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const f = yield* optionValue(CurrencyType, "currency", from, CurrencyTypes.join(", "))
      const t = yield* optionValue(CurrencyType, "currency", to, CurrencyTypes.join(", "))
      if (f === t) return yield* new AdminRefused({ message: "A currency's rate to itself is always 1" })
      const set = {
        from: f,
        to: t,
        rate: yield* parsed(parseExchangeRate(rate)),
        day: yield* isoDay("--day", o.day ?? today()),
      }
      yield* (yield* PricingSettings).setRate(set)
      yield* audit(operator, "pricing.setRate", `rate:${f}->${t}`, {
        rate: String(set.rate),
        day: set.day,
      })
      return set
    }),
    (r) => `${r.from} → ${r.to} on ${r.day}: ${(r.rate / 1_000_000).toFixed(6)}`,
  )
