/** `landunits discount-codes create <code> (--percent n | --amount-cents n) [--min-payment-cents n]`: a reference code members can use. */
import { PricingSettings } from "@landunits/adapters/postgres/PricingPg.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { wholeNumber } from "../../support/Lookup.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"
import { requireOtp } from "../../support/SecondFactorGate.ts"

export const discountCodesCreate = (
  cli: Cli,
  code: string,
  o: { percent?: string; amountCents?: string; minPaymentCents: string },
) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      yield* requireOtp(operator.actor.memberId, "Creating a discount code", cli.options())
      const name = code.trim()
      if (!/^[A-Za-z0-9_-]{3,32}$/.test(name)) {
        return yield* new AdminRefused({ message: "A code is 3 to 32 letters, digits, - or _" })
      }
      if ((o.percent === undefined) === (o.amountCents === undefined)) {
        return yield* new AdminRefused({ message: "Give exactly one of --percent or --amount-cents" })
      }
      const isPercent = o.percent !== undefined
      const amount = isPercent
        ? yield* wholeNumber("--percent", o.percent!, 1)
        : yield* wholeNumber("--amount-cents", o.amountCents!, 1)
      if (isPercent && amount > 100)
        return yield* new AdminRefused({ message: "--percent must be at most 100" })
      const discount = {
        code: name,
        isPercent,
        amount,
        minPaymentAmountInCents: yield* wholeNumber("--min-payment-cents", o.minPaymentCents),
        active: true,
      }
      yield* (yield* PricingSettings).setDiscountCode(discount)
      yield* audit(operator, "discountCodes.create", `discountCode:${name}`, {
        terms: JSON.stringify(discount),
      })
      return discount
    }),
    (d) =>
      `${d.code}: ${d.isPercent ? `${d.amount}%` : `${d.amount} cents`} off from ${d.minPaymentAmountInCents} cents, active`,
  )
