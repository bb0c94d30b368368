/**
 * Invoices and credit notes for buy orders, and payout statements for a sale's payouts (issue 46): the document as
 * issued, the issuer's details and the tax treatment per currency, all set by the admin (never a hard-coded rate).
 * Money is integer minor units (cents) of the document's currency; a credit note carries the same fields with every
 * amount negated. All three kinds share the issuer's one gap-free number sequence (docs/decisions/0068).
 */
import { Schema } from "effect"
import { CurrencyType, UnitType } from "../shared/Enums.ts"
import { MemberId, OrderId, PayoutId } from "../shared/Ids.ts"

const Text = Schema.String.check(Schema.isMinLength(1))
const NonNegativeInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** Who issues the documents (Landunits' legal entity): one gap-free number sequence per issuerId. */
export const IssuerDetails = Schema.Struct({
  /** The sequence's key: documents of one issuer are numbered 1, 2, 3, … without gaps. */
  issuerId: Text,
  legalName: Text,
  address: Text,
  /** The company registration id (e.g. the commercial register number). */
  registrationId: Text,
  /** The tax id (VAT number). */
  taxId: Text,
})
export type IssuerDetails = typeof IssuerDetails.Type

/**
 * The member a document names beside the issuer: on an invoice or credit note the buyer, on a payout statement the
 * seller paid. A member's name or their company's, with the company's ids when given.
 */
export const InvoiceBuyer = Schema.Struct({
  memberId: MemberId,
  name: Text,
  /** KYC's address on one line; absent while the member has given none (the document says so). */
  address: Schema.optionalKey(Text),
  registrationId: Schema.optionalKey(Text),
  /** The buyer's VAT number, when a company gave one. */
  taxId: Schema.optionalKey(Text),
})
export type InvoiceBuyer = typeof InvoiceBuyer.Type

/**
 * How tax applies to sales in one currency: a rate in basis points (2000 = 20%) added to the net, or a note with
 * no tax (reverse charge, out of scope). `words` is the sentence printed on the invoice ("VAT 20%", "Reverse
 * charge: the buyer accounts for the VAT").
 */
export const TaxTreatment = Schema.Union([
  Schema.TaggedStruct("Rate", {
    basisPoints: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 10_000 })),
    words: Text,
  }),
  Schema.TaggedStruct("ReverseCharge", { words: Text }),
  Schema.TaggedStruct("OutOfScope", { words: Text }),
])
export type TaxTreatment = typeof TaxTreatment.Type

/** The admin's tax settings: one treatment per currency; a currency without one cannot be invoiced. */
export const TaxSettings = Schema.Array(Schema.Struct({ currency: CurrencyType, treatment: TaxTreatment }))
export type TaxSettings = typeof TaxSettings.Type

/** A buy's lines (units, buyFee, paymentMethodFee, discount); a payout statement's (unitsSold). */
export const InvoiceLineKind = Schema.Literals([
  "units",
  "buyFee",
  "paymentMethodFee",
  "discount",
  "unitsSold",
])
export type InvoiceLineKind = typeof InvoiceLineKind.Type

/** One line: quantity × unit price for Units, the fees and the discount as single amounts (a discount negative). */
export const InvoiceLine = Schema.Struct({
  kind: InvoiceLineKind,
  /** Units bought (the units line) or sold (unitsSold), 1 otherwise. */
  quantity: Schema.Int,
  /** The units line: the price per Unit in 1/PRICE_SCALE of the currency; absent on the other lines. */
  pricePerUnit: Schema.optionalKey(NonNegativeInt),
  /** The units line: which Units. */
  unitType: Schema.optionalKey(UnitType),
  /** In minor units; negative for a discount (and on a credit note, the opposite sign). */
  amount: Schema.Int,
})
export type InvoiceLine = typeof InvoiceLine.Type

/**
 * The tax of an invoice with the rounding shown: `exact` is net × basisPoints in 1/10,000 of a minor unit (an exact
 * integer), `amount` that rounded half-up to a minor unit, and `rounding` = amount × 10,000 − exact (within ±5,000,
 * half a minor unit). Under a note (reverse charge, out of scope) every figure is 0.
 */
export const InvoiceTax = Schema.Struct({
  treatment: TaxTreatment,
  basisPoints: NonNegativeInt,
  exact: Schema.Int,
  amount: Schema.Int,
  rounding: Schema.Int,
})
export type InvoiceTax = typeof InvoiceTax.Type

/** A buy's invoice, the credit note cancelling one, or a sale's payout statement (self-billing). */
export const InvoiceKind = Schema.Literals(["invoice", "creditNote", "payoutStatement"])
export type InvoiceKind = typeof InvoiceKind.Type

/** A document before its number: what makeInvoice (or creditNoteOf) answers and InvoiceStore.issue numbers. */
export const InvoiceDraft = Schema.Struct({
  kind: InvoiceKind,
  /** The buy invoiced (an invoice, a credit note); the sale paid (a payout statement). */
  orderId: OrderId,
  currency: CurrencyType,
  /** ISO-8601 instant. */
  issuedAt: Schema.String,
  issuer: IssuerDetails,
  buyer: InvoiceBuyer,
  lines: Schema.Array(InvoiceLine),
  /** The sum of the lines. */
  net: Schema.Int,
  tax: InvoiceTax,
  /** net + tax.amount. */
  total: Schema.Int,
  /**
   * The buyer's purchase-order reference, printed when the buy order carries one (the order's
   * `buy.purchaseOrderReference`, core/src/orders/BuyReview.ts).
   */
  purchaseOrderReference: Schema.optionalKey(Text),
  /** A credit note: the number of the invoice it cancels. */
  credits: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThan(0))),
  /** A credit note: why the admin issued it (`landunits invoices credit --reason`), printed on it. */
  reason: Schema.optionalKey(Text),
  /** A payout statement: the payout it documents (one statement per payout). */
  payoutId: Schema.optionalKey(PayoutId),
  /**
   * A payout statement: the sale's fee, in Units, taken when the sale was placed (never deducted from a payout's
   * money), printed so the statement says what the sale cost.
   */
  sellFeeUnits: Schema.optionalKey(NonNegativeInt),
})
export type InvoiceDraft = typeof InvoiceDraft.Type

/** An issued document: its draft and its number in the issuer's sequence. Never changed once issued. */
export const IssuedInvoice = Schema.Struct({
  ...InvoiceDraft.fields,
  number: Schema.Int.check(Schema.isGreaterThan(0)),
})
export type IssuedInvoice = typeof IssuedInvoice.Type
