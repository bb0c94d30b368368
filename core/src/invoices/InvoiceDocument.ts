/**
 * An issued invoice, credit note or payout statement as a document, in the statement's shape (statements/StatementDocument.ts), so the
 * statement's PDF renderer (adapters/src/statements/StatementPdf.ts) draws it unchanged: the facts name the document,
 * both parties with their ids and the purchase-order reference; the tables hold the lines and the totals, with the
 * tax treatment's words and the tax's rounding under them. A payout statement (self-billing) names Landunits as its
 * issuer and the seller paid, the sale and the payout, the sale's fee in Units, and its total as the total paid.
 * The title is the kind's label (InvoiceKindLabel.ts `invoiceKindLabel`).
 */
import { formatDate, formatMoney, formatPrice } from "../format/Format.ts"
import { CurrencySymbol, type CurrencyType, unitDisplayName } from "../shared/Enums.ts"
import {
  STATEMENT_DISCLAIMER,
  type StatementDocument,
  type StatementFact,
} from "../statements/StatementDocument.ts"
import { invoiceKindLabel } from "./InvoiceKindLabel.ts"
import type { InvoiceKind, InvoiceLine, IssuedInvoice } from "./InvoiceModel.ts"

/** A kind's file name prefix: invoice-…, credit-note-…, payout-statement-…. */
const fileKind: Record<InvoiceKind, string> = {
  invoice: "invoice",
  creditNote: "credit-note",
  payoutStatement: "payout-statement",
}

/** The document's number as printed: the issuer's id and the number, zero-padded ("landunits-000042"). */
/** Where a document names a member who has given no address yet. */
export const NO_ADDRESS = "address not given"

export const invoiceNumberText = (invoice: Pick<IssuedInvoice, "issuer" | "number">): string =>
  `${invoice.issuer.issuerId}-${String(invoice.number).padStart(6, "0")}`

const MILLIONTHS = 1_000_000n

/** An amount in 1/10,000 of a minor unit (a millionth of the currency) exactly, at least 2 decimals. */
export const formatExactMoney = (tenThousandthsOfCents: number, currency: CurrencyType): string => {
  const value = BigInt(tenThousandthsOfCents)
  const abs = value < 0n ? -value : value
  const fraction = (abs % MILLIONTHS)
    .toString()
    .padStart(6, "0")
    .replace(/0{1,4}$/, "")
  return `${value < 0n ? "-" : ""}${CurrencySymbol[currency]}${abs / MILLIONTHS}.${fraction.padEnd(2, "0")}`
}

const lineText = (line: InvoiceLine, currency: CurrencyType): ReadonlyArray<string> => {
  const money = formatMoney(line.amount, currency)
  switch (line.kind) {
    case "units":
      return [
        line.unitType === undefined ? "Land Units" : `Land Units, ${unitDisplayName(line.unitType)}`,
        String(line.quantity),
        line.pricePerUnit === undefined ? "" : formatPrice(line.pricePerUnit, currency),
        money,
      ]
    case "buyFee":
      return ["Buy fee", "1", "", money]
    case "paymentMethodFee":
      return ["Payment method fee", "1", "", money]
    case "discount":
      return ["Discount", "1", "", money]
    case "unitsSold":
      return [
        line.unitType === undefined
          ? "Land Units sold"
          : `Land Units sold, ${unitDisplayName(line.unitType)}`,
        String(line.quantity),
        line.pricePerUnit === undefined ? "" : formatPrice(line.pricePerUnit, currency),
        money,
      ]
  }
}

const fact = (label: string, text: string): StatementFact => ({ label, cells: [text], text })

export const invoiceDocument = (invoice: IssuedInvoice): StatementDocument => {
  const number = invoiceNumberText(invoice)
  const { issuer, buyer, currency, tax } = invoice
  const title = invoiceKindLabel(invoice.kind)
  const payout = invoice.kind === "payoutStatement"
  const buyerIds = [
    buyer.registrationId === undefined ? [] : [`registration ${buyer.registrationId}`],
    buyer.taxId === undefined ? [] : [`VAT ${buyer.taxId}`],
  ].flat()
  const taxLabel = tax.treatment._tag === "Rate" ? tax.treatment.words : "Tax"
  return {
    title,
    number,
    fileBase: `${fileKind[invoice.kind]}-${number}`,
    facts: [
      fact(`${title} number`, number),
      fact("Issue date", formatDate(invoice.issuedAt)),
      fact(
        payout ? "Issued by (self-billing)" : "From",
        `${issuer.legalName}, ${issuer.address} (registration ${issuer.registrationId}, VAT ${issuer.taxId})`,
      ),
      fact(
        payout ? "Seller paid" : "To",
        `${buyer.name}, ${buyer.address ?? NO_ADDRESS}${buyerIds.length === 0 ? "" : ` (${buyerIds.join(", ")})`}`,
      ),
      fact(payout ? "Sale" : "Order", invoice.orderId),
      ...(invoice.payoutId === undefined ? [] : [fact("Payout", invoice.payoutId)]),
      ...(invoice.sellFeeUnits === undefined
        ? []
        : [
            fact(
              "Sell fee",
              `${invoice.sellFeeUnits} Units, taken in Units when the sale was placed; nothing is deducted from this payout`,
            ),
          ]),
      ...(invoice.purchaseOrderReference === undefined
        ? []
        : [fact("Purchase order reference", invoice.purchaseOrderReference)]),
      ...(invoice.credits === undefined
        ? []
        : [fact("Cancels invoice", invoiceNumberText({ issuer, number: invoice.credits }))]),
      ...(invoice.reason === undefined ? [] : [fact("Reason", invoice.reason)]),
    ],
    tables: [
      {
        title: "Lines",
        columns: [
          { title: "Description", align: "left", wrappable: true },
          { title: "Quantity", align: "right", wrappable: false },
          { title: "Price per Unit", align: "right", wrappable: false },
          { title: "Amount", align: "right", wrappable: false },
        ],
        rowCount: invoice.lines.length,
        rows: () => invoice.lines.map((line) => lineText(line, currency)),
        empty: "No lines.",
        notes: [],
      },
      {
        title: "Totals",
        columns: [
          { title: "", align: "left", wrappable: false },
          { title: "Amount", align: "right", wrappable: false },
        ],
        rowCount: 3,
        rows: () => [
          ["Net", formatMoney(invoice.net, currency)],
          [taxLabel, formatMoney(tax.amount, currency)],
          [payout ? "Total paid" : "Total", formatMoney(invoice.total, currency)],
        ],
        empty: "",
        notes: [
          tax.treatment.words,
          ...(tax.treatment._tag === "Rate"
            ? [
                `Tax at ${tax.basisPoints / 100}% of ${formatMoney(invoice.net, currency)} is ${formatExactMoney(tax.exact, currency)}, rounded half-up to ${formatMoney(tax.amount, currency)} (rounding ${formatExactMoney(tax.rounding, currency)}).`,
              ]
            : []),
        ],
      },
    ],
    footer: STATEMENT_DISCLAIMER,
  }
}
