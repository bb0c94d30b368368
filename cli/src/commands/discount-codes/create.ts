/**
 * `landunits discount-codes create <code> (--percent n | --amount-cents n) [--min-payment-cents n]`: a reference
 * code members can use. With two admins, a request a second admin approves (support/FourEyes.ts).
 */
import { PricingSettings } from "@landunits/adapters/postgres/PricingPg.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runOperation } from "../../Admin.ts"
import type { ApprovalFacts } from "../../support/FourEyes.ts"
import { wholeNumber } from "../../support/Lookup.ts"
import { type AdminOperator, audit } from "../../support/Operator.ts"

interface CreateOptions {
  readonly percent?: string | undefined
  readonly amountCents?: string | undefined
  readonly minPaymentCents: string
}

/** The code's terms as the options ask for them, checked. */
export const termsOf = (code: string, o: CreateOptions) =>
  Effect.gen(function* () {
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
    return {
      code: name,
      isPercent,
      amount,
      minPaymentAmountInCents: yield* wholeNumber("--min-payment-cents", o.minPaymentCents),
      active: true,
    }
  })

/** Creates the code as `operator` (the approver, for an approved request, with `approval` audited beside). */
export const createCode = (
  operator: AdminOperator,
  code: string,
  o: CreateOptions,
  approval: ApprovalFacts = {},
) =>
  Effect.gen(function* () {
    const discount = yield* termsOf(code, o)
    yield* (yield* PricingSettings).setDiscountCode(discount)
    yield* audit(operator, "discountCodes.create", `discountCode:${discount.code}`, {
      terms: JSON.stringify(discount),
      ...approval,
    })
    return discount
  })

/** Through the admin guard: the second factor, always four eyes (cli/src/support/Operations.ts). */
export const discountCodesCreate = (cli: Cli, code: string, o: CreateOptions) =>
  runOperation(cli, {
    code,
    percent: o.percent,
    amountCents: o.amountCents,
    minPaymentCents: o.minPaymentCents,
  })
