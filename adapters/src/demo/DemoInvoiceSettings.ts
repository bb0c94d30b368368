/**
 * The demo's invoice settings (development only, DemoHistory.ts): a made-up issuer and, per currency, a tax note
 * that says it is a demo setting, so the demo's confirmed buys carry invoices from the first start. A production
 * installation has none until its admins set them (`landunits invoices set-issuer`, `set-tax`; docs/operations/the-admin-cli-the-admin-s-runbook.md).
 */
import type { IssuerDetails, TaxTreatment } from "@landunits/core/invoices/InvoiceModel.ts"
import { InvoiceSettings } from "@landunits/core/invoices/ports/InvoiceSettings.ts"
import { CurrencyTypes } from "@landunits/core/shared/EnumValues.ts"
import { Effect } from "effect"

export const DEMO_ISSUER: IssuerDetails = {
  issuerId: "landunits-demo",
  legalName: "Landunits Demo Ltd",
  address: "1 Example Street, London EC1A 1AA, United Kingdom",
  registrationId: "DEMO-00000001",
  taxId: "GB000000000",
}

/** No tax is charged (prices exclude tax, spec §1), in words that say the demo chose it. */
export const DEMO_TAX_TREATMENT: TaxTreatment = {
  _tag: "OutOfScope",
  words:
    "No VAT charged: outside the scope of VAT (a demo setting; the operator sets each currency's treatment)",
}

/** Sets the demo issuer and every currency's tax note. */
export const setDemoInvoiceSettings = Effect.gen(function* () {
  const invoices = yield* InvoiceSettings
  yield* invoices.setIssuer(DEMO_ISSUER)
  for (const currency of CurrencyTypes) yield* invoices.setTaxTreatment(currency, DEMO_TAX_TREATMENT)
})
