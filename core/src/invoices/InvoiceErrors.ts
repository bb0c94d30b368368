/** The expected failures of invoicing, each with the message shown and its HTTP status. */
import { Schema } from "effect"
import { CurrencyType } from "../shared/Enums.ts"

const Message = { message: Schema.String }

/** The order is not a priced buy (no payment details), or its amounts do not add up to what was paid. */
export class OrderNotInvoiceable extends Schema.TaggedError<OrderNotInvoiceable>()(
  "OrderNotInvoiceable",
  { ...Message, orderId: Schema.String },
  { httpApiStatus: 409 },
) {}

/** The admin has set no tax treatment for the order's currency: no rate is ever assumed. */
export class TaxTreatmentMissing extends Schema.TaggedError<TaxTreatmentMissing>()(
  "TaxTreatmentMissing",
  { ...Message, currency: CurrencyType },
  { httpApiStatus: 409 },
) {}

export class InvoiceNotFound extends Schema.TaggedError<InvoiceNotFound>()(
  "InvoiceNotFound",
  { ...Message, issuerId: Schema.String, number: Schema.Int },
  { httpApiStatus: 404 },
) {}

/** A credit note cancels an invoice once, and only an invoice (not a credit note). */
export class InvoiceNotCreditable extends Schema.TaggedError<InvoiceNotCreditable>()(
  "InvoiceNotCreditable",
  { ...Message, issuerId: Schema.String, number: Schema.Int },
  { httpApiStatus: 409 },
) {}

/** The admin has not set the issuer's details: no invoice is issued without them. */
export class InvoiceIssuerMissing extends Schema.TaggedError<InvoiceIssuerMissing>()(
  "InvoiceIssuerMissing",
  Message,
  { httpApiStatus: 409 },
) {}
