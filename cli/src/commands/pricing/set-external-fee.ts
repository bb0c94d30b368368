/** `landunits pricing set-external-fee <method> --fixed-cents n --percent p`: what a payment method's provider charges, passed on in the buy fee. */
import { type Cli, runOperation } from "../../Admin.ts"

export const pricingSetExternalFee = (cli: Cli, method: string, o: { fixedCents: string; percent: string }) =>
  runOperation(cli, { method, ...o })
