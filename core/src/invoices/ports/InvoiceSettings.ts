import { Context, Effect, Layer, Option } from "effect"
import type { CurrencyType } from "../../shared/Enums.ts"
import type { IssuerDetails, TaxSettings, TaxTreatment } from "../InvoiceModel.ts"

/**
 * Port: what the admin sets for invoices: the issuer's details (Landunits' legal name, address, registration and tax
 * ids; none until set) and the tax treatment per currency (a rate or a note; a currency without one is not invoiced).
 * An issued invoice keeps its own copy of both: a change here never changes it.
 */
export class InvoiceSettings extends Context.Service<
  InvoiceSettings,
  {
    readonly issuer: Effect.Effect<Option.Option<IssuerDetails>>
    readonly setIssuer: (issuer: IssuerDetails) => Effect.Effect<void>
    readonly taxTreatments: Effect.Effect<TaxSettings>
    readonly setTaxTreatment: (currency: CurrencyType, treatment: TaxTreatment) => Effect.Effect<void>
  }
>()("@landunits/core/invoices/ports/InvoiceSettings") {
  /** In memory: the reference for the PostgreSQL adapter's contract tests. */
  static readonly layerMemory = Layer.sync(InvoiceSettings)(() => {
    let issuer: Option.Option<IssuerDetails> = Option.none()
    const treatments = new Map<CurrencyType, TaxTreatment>()
    return InvoiceSettings.of({
      issuer: Effect.sync(() => issuer),
      setIssuer: (details) =>
        Effect.sync(() => {
          issuer = Option.some(details)
        }),
      taxTreatments: Effect.sync(() =>
        [...treatments]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([currency, treatment]) => ({ currency, treatment })),
      ),
      setTaxTreatment: (currency, treatment) =>
        Effect.sync(() => {
          treatments.set(currency, treatment)
        }),
    })
  })
}
