/** InvoiceSettings on PostgreSQL (migration 2920): the issuer's one row and a tax treatment per currency. */
import { IssuerDetails, TaxTreatment } from "@landunits/core/invoices/InvoiceModel.ts"
import { InvoiceSettings } from "@landunits/core/invoices/ports/InvoiceSettings.ts"
import type { CurrencyType } from "@landunits/core/shared/Enums.ts"
import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"

const json = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value)
const decodeIssuer = Schema.decodeUnknownSync(IssuerDetails)
const decodeTreatment = Schema.decodeUnknownSync(TaxTreatment)

export const InvoiceSettingsPg = Layer.effect(InvoiceSettings)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return InvoiceSettings.of({
      issuer: sql<{ details: unknown }>`SELECT details FROM invoice_issuer`.pipe(
        Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), (r) => decodeIssuer(json(r.details)))),
        Effect.orDie,
      ),
      setIssuer: (details) =>
        sql`
          INSERT INTO invoice_issuer (singleton, details) VALUES (true, ${JSON.stringify(details)}::jsonb)
          ON CONFLICT (singleton) DO UPDATE SET details = EXCLUDED.details`.pipe(Effect.asVoid, Effect.orDie),
      taxTreatments: sql<{ currency: CurrencyType; treatment: unknown }>`
        SELECT currency, treatment FROM invoice_tax_treatments ORDER BY currency`.pipe(
        Effect.map((rows) =>
          rows.map((r) => ({ currency: r.currency, treatment: decodeTreatment(json(r.treatment)) })),
        ),
        Effect.orDie,
      ),
      setTaxTreatment: (currency, treatment) =>
        sql`
          INSERT INTO invoice_tax_treatments (currency, treatment) VALUES (${currency}, ${JSON.stringify(treatment)}::jsonb)
          ON CONFLICT (currency) DO UPDATE SET treatment = EXCLUDED.treatment`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
    })
  }),
)
