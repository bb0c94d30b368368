/** `landunits invoices set-issuer --issuer-id … --legal-name … --address … --registration-id … --tax-id …`: core's `invoices.setIssuer`, through the admin guard. */
import { type Cli, runOperation } from "../../Admin.ts"

export const invoicesSetIssuer = (
  cli: Cli,
  o: { issuerId: string; legalName: string; address: string; registrationId: string; taxId: string },
) => runOperation(cli, { ...o })
