/** The admins' `pricing set-rate`: the exchange rate between two currencies on a day. */
import { Effect } from "effect"
import type { OperationHandler, OperationParams } from "../access/AdminOperationRunner.ts"
import { CurrencyType, CurrencyTypes } from "../shared/Enums.ts"
import { audit } from "./PricingAdminAudit.ts"
import { dayOr, oneOf, param, parsed, refuse } from "./PricingAdminParams.ts"
import { parseExchangeRate } from "./PricingInput.ts"
import { PricingSettings } from "./ports/PricingSettings.ts"

const rateOf = (params: OperationParams) =>
  Effect.gen(function* () {
    const from = yield* oneOf(CurrencyType, "currency", yield* param(params, "from"), CurrencyTypes)
    const to = yield* oneOf(CurrencyType, "currency", yield* param(params, "to"), CurrencyTypes)
    if (from === to) return yield* refuse("A currency's rate to itself is always 1")
    return {
      from,
      to,
      rate: yield* parsed(parseExchangeRate(yield* param(params, "rate"))),
      day: yield* dayOr("--day", params.day),
    }
  })

const rateLine = (r: { from: string; to: string; day: string; rate: number }) =>
  `${r.from} → ${r.to} on ${r.day}: ${(r.rate / 1_000_000).toFixed(6)}`

export const setRate: OperationHandler<{
  readonly from: CurrencyType
  readonly to: CurrencyType
  readonly rate: number
  readonly day: string
}> = {
  prepare: (params) =>
    Effect.map(rateOf(params), (r) => ({
      params: { from: r.from, to: r.to, rate: params.rate ?? "", day: r.day },
      summary: `Set the exchange rate ${rateLine(r)}`,
    })),
  apply: (acting, params, facts) =>
    Effect.gen(function* () {
      const set = yield* rateOf(params)
      yield* (yield* PricingSettings).setRate(set)
      yield* audit(
        acting,
        "pricing.setRate",
        `rate:${set.from}->${set.to}`,
        { rate: String(set.rate), day: set.day },
        facts,
      )
      return set
    }),
  outcome: rateLine,
}
