/**
 * The admins' use cases on reference (discount) codes (`landunits discount-codes …`, issue 37): list them,
 * disable one (a kill switch: an operation, at once), and create one, which changes how much members pay
 * (core/src/access/AdminOperations.ts: `always` four eyes), as a handler for core's runner.
 */
import { Effect } from "effect"
import type { ActingAdmin, OperationHandler, OperationParams } from "../access/AdminOperationRunner.ts"
import { type Ask, auditAdmin, param, refuse, wholeNumber } from "../access/AdminUseCase.ts"
import type { DiscountCode } from "../orders/ports/DiscountCodes.ts"
import { PricingSettings } from "./ports/PricingSettings.ts"

export type AdminDiscountCode = DiscountCode & { readonly active: boolean }

/** What a code takes off: `12%` or `500 cents`. */
export const discountText = (d: { readonly isPercent: boolean; readonly amount: number }) =>
  d.isPercent ? `${d.amount}%` : `${d.amount} cents`

/** Every reference code, active or not. */
export const listDiscountCodes = Effect.flatMap(PricingSettings, (settings) => settings.discountCodes)

/** Members can no longer use the code (orders that used it keep their discount). Audited. */
export const disableDiscountCode = Effect.fn("DiscountCodesAdmin.disable")(function* (
  acting: ActingAdmin,
  code: string,
  ask: Ask,
) {
  const settings = yield* PricingSettings
  const found = (yield* settings.discountCodes).find((c) => c.code === code.trim())
  if (found === undefined) return yield* refuse(`No reference code ${code}`)
  if (!found.active) return found
  yield* ask(`Disable the reference code ${found.code}`)
  const disabled: AdminDiscountCode = { ...found, active: false }
  yield* settings.setDiscountCode(disabled)
  yield* auditAdmin(acting, "discountCodes.disable", `discountCode:${found.code}`)
  return disabled
})

/** A code's terms as typed (`percent` or `amountCents`, `minPaymentCents`), checked. */
const termsOf = (params: OperationParams) =>
  Effect.gen(function* () {
    const code = (yield* param(params, "code")).trim()
    if (!/^[A-Za-z0-9_-]{3,32}$/.test(code)) return yield* refuse("A code is 3 to 32 letters, digits, - or _")
    if ((params.percent === undefined) === (params.amountCents === undefined)) {
      return yield* refuse("Give exactly one of --percent or --amount-cents")
    }
    const isPercent = params.percent !== undefined
    const amount = isPercent
      ? yield* wholeNumber("--percent", params.percent!, 1)
      : yield* wholeNumber("--amount-cents", params.amountCents!, 1)
    if (isPercent && amount > 100) return yield* refuse("--percent must be at most 100")
    const terms: AdminDiscountCode = {
      code,
      isPercent,
      amount,
      minPaymentAmountInCents: yield* wholeNumber("--min-payment-cents", params.minPaymentCents ?? "0"),
      active: true,
    }
    return terms
  })

/** `discountCodes.create`: a reference code members can use, active at once. Audited with its terms. */
export const createDiscountCode: OperationHandler<AdminDiscountCode> = {
  prepare: (params) =>
    Effect.map(termsOf(params), (d) => ({
      params: {
        code: d.code,
        ...(d.isPercent ? { percent: String(d.amount) } : { amountCents: String(d.amount) }),
        minPaymentCents: String(d.minPaymentAmountInCents),
      },
      summary: `Create the code ${d.code}: ${discountText(d)} off from ${d.minPaymentAmountInCents} cents`,
    })),
  apply: (acting, params, facts) =>
    Effect.gen(function* () {
      const discount = yield* termsOf(params)
      yield* (yield* PricingSettings).setDiscountCode(discount)
      yield* auditAdmin(
        acting,
        "discountCodes.create",
        `discountCode:${discount.code}`,
        { terms: JSON.stringify(discount) },
        facts,
      )
      return discount
    }),
  outcome: (d) => `${d.code}: ${discountText(d)} off from ${d.minPaymentAmountInCents} cents, active`,
}

/** The discount codes' money-or-power operations, by name. */
export const DiscountCodesAdminOperations = { "discountCodes.create": createDiscountCode } as const
