/**
 * `landunits discount-codes create <code> (--percent n | --amount-cents n) [--min-payment-cents n]`: a reference
 * code members can use. With two admins, a request a second admin approves. The use case is core's
 * (core/src/pricing/DiscountCodesAdmin.ts `createDiscountCode`).
 */
import { type Cli, runOperation } from "../../Admin.ts"

interface CreateOptions {
  readonly percent?: string | undefined
  readonly amountCents?: string | undefined
  readonly minPaymentCents: string
}

/** Through the admin guard: the second factor, always four eyes. */
export const discountCodesCreate = (cli: Cli, code: string, o: CreateOptions) =>
  runOperation(cli, {
    code,
    percent: o.percent,
    amountCents: o.amountCents,
    minPaymentCents: o.minPaymentCents,
  })
