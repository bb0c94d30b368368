/**
 * The invoice of a buy order, as pure functions (issue 46). The lines are the order's own amounts, as priced by
 * fees/Fees.ts and charged: the Units (numberOfUnits × pricePerUnit = subTotal), the platform's buy fee, the payment
 * method's fee (the rest of transactionFee) and the discount (negative). They add up to the net, which must be the
 * order's paymentAmount (an order whose amounts do not add up is refused, never invoiced with a made-up line).
 *
 * Tax follows the admin's treatment for the currency (never a hard-coded rate):
 *   a rate  — exact  = net × basisPoints (in 1/10,000 of a minor unit, an exact integer)
 *             amount = exact / 10,000 rounded half-up once (shared/Money.ts divRoundHalfUp)
 *             rounding = amount × 10,000 − exact, shown on the invoice (|rounding| ≤ 5,000: half a minor unit)
 *   a note  — reverse charge or out of scope: no tax, the note's words printed.
 *   total = net + tax amount.
 * A credit note copies its invoice with every amount negated (never recomputed, so it cancels it exactly).
 *
 * A sale's payout statement (self-billing: Landunits documents what it paid the seller) has one line, the Units
 * sold × the price they sold at = the payout's amount, which is the net; the same treatment's words; and the total
 * paid. The sale's fee was taken in Units when the sale was placed and is printed, never deducted from the money.
 * Checkout and payouts add no tax yet (decision 0067): a treatment whose tax is not 0 is refused, so the total is
 * always what was paid.
 */
import { Result } from "effect"
import type { Address } from "../kyc/KycModel.ts"
import { type BusinessIdentity, memberNaming, type NameableMember } from "../members/MemberName.ts"
import { type ChargeLine, placedBuyCharges } from "../orders/BuyReview.ts"
import type { Order, Payout } from "../orders/OrderModel.ts"
import type { CurrencyType } from "../shared/Enums.ts"
import type { MemberId } from "../shared/Ids.ts"
import { divRoundHalfUp } from "../shared/Money.ts"
import { invoiceNumberText } from "./InvoiceDocument.ts"
import { InvoiceNotCreditable, OrderNotInvoiceable, TaxTreatmentMissing } from "./InvoiceErrors.ts"
import type {
  InvoiceBuyer,
  InvoiceDraft,
  InvoiceLine,
  InvoiceLineKind,
  InvoiceTax,
  IssuedInvoice,
  IssuerDetails,
  TaxSettings,
  TaxTreatment,
} from "./InvoiceModel.ts"

/** Basis points per whole: 10,000 bp = 100%. */
const BASIS = 10_000n

/** The admin's treatment for a currency, or TaxTreatmentMissing: no currency is invoiced under an assumed rate. */
export const treatmentFor = (
  settings: TaxSettings,
  currency: CurrencyType,
): Result.Result<TaxTreatment, TaxTreatmentMissing> => {
  const found = settings.find((s) => s.currency === currency)
  return found === undefined
    ? Result.fail(
        new TaxTreatmentMissing({
          message: `No tax treatment is set for ${currency}: set one with landunits invoices set-tax`,
          currency,
        }),
      )
    : Result.succeed(found.treatment)
}

/** The tax on a net amount under a treatment, with its rounding shown. */
export const taxOf = (net: number, treatment: TaxTreatment): InvoiceTax => {
  if (treatment._tag !== "Rate") return { treatment, basisPoints: 0, exact: 0, amount: 0, rounding: 0 }
  const exact = BigInt(net) * BigInt(treatment.basisPoints)
  const amount = divRoundHalfUp(exact, BASIS)
  return {
    treatment,
    basisPoints: treatment.basisPoints,
    exact: Number(exact),
    amount: Number(amount),
    rounding: Number(amount * BASIS - exact),
  }
}

/**
 * The lines of a buy: the Units, the buy fee, the payment method's fee and the discount, as the order page and the
 * review name them (orders/BuyReview.ts `placedBuyCharges`); zero fee lines left out.
 */
export const buyLines = (order: Order): ReadonlyArray<InvoiceLine> =>
  (placedBuyCharges(order)?.lines ?? []).map(
    (line): InvoiceLine =>
      line.kind === "units"
        ? {
            kind: "units",
            quantity: order.currencyUnit.numberOfUnits,
            pricePerUnit: order.currencyUnit.pricePerUnit,
            unitType: order.currencyUnit.unitType,
            amount: line.amountCents,
          }
        : { kind: INVOICE_LINE_OF[line.kind], quantity: 1, amount: line.amountCents },
  )

/** A charge's line on the invoice. */
const INVOICE_LINE_OF = {
  buyFee: "buyFee",
  methodFee: "paymentMethodFee",
  discount: "discount",
} as const satisfies Record<Exclude<ChargeLine["kind"], "units">, InvoiceLineKind>

export interface MakeInvoiceInput {
  readonly order: Order
  readonly buyer: InvoiceBuyer
  readonly issuer: IssuerDetails
  readonly treatment: TaxTreatment
  /** ISO-8601 instant: when the payment was confirmed. */
  readonly issuedAt: string
  /** The order's purchase-order reference, when it has one. */
  readonly purchaseOrderReference?: string | undefined
}

/** The invoice of a paid buy order, before its number; OrderNotInvoiceable for anything else. */
export const makeInvoice = (input: MakeInvoiceInput): Result.Result<InvoiceDraft, OrderNotInvoiceable> => {
  const { order } = input
  const details = order.paymentDetails
  if (order.orderType !== "BUY" || details === undefined) {
    return Result.fail(
      new OrderNotInvoiceable({ message: "Only a priced buy order has an invoice", orderId: order.orderId }),
    )
  }
  const lines = buyLines(order)
  const net = lines.reduce((sum, line) => sum + line.amount, 0)
  if (net !== details.paymentAmount) {
    return Result.fail(
      new OrderNotInvoiceable({
        message: `The order's lines add up to ${net}, not to its payment amount ${details.paymentAmount}`,
        orderId: order.orderId,
      }),
    )
  }
  const tax = taxOf(net, input.treatment)
  return Result.succeed({
    kind: "invoice",
    orderId: order.orderId,
    currency: details.currency,
    issuedAt: input.issuedAt,
    issuer: input.issuer,
    buyer: input.buyer,
    lines,
    net,
    tax,
    total: net + tax.amount,
    ...(input.purchaseOrderReference === undefined
      ? {}
      : { purchaseOrderReference: input.purchaseOrderReference }),
  })
}

export interface MakePayoutStatementInput {
  readonly payout: Payout
  /** The sale's fee in Units (the sell order's `sell.feeUnits`), when known. */
  readonly sellFeeUnits?: number | undefined
  /** The seller, named as invoiceBuyerOf names members. */
  readonly seller: InvoiceBuyer
  readonly issuer: IssuerDetails
  readonly treatment: TaxTreatment
  /** ISO-8601 instant: when the payout was recorded as paid. */
  readonly issuedAt: string
}

/**
 * The payout statement of a sale's paid payout, before its number; OrderNotInvoiceable for a convert's remainder
 * (not a sale) or a treatment whose tax would make the total differ from what was paid.
 */
export const makePayoutStatement = (
  input: MakePayoutStatementInput,
): Result.Result<InvoiceDraft, OrderNotInvoiceable> => {
  const { payout } = input
  if ((payout.kind ?? "sale") !== "sale") {
    return Result.fail(
      new OrderNotInvoiceable({
        message: "Only a sale's payout has a payout statement",
        orderId: payout.sellOrderId,
      }),
    )
  }
  const net = payout.amountCents
  const tax = taxOf(net, input.treatment)
  if (tax.amount !== 0) {
    return Result.fail(
      new OrderNotInvoiceable({
        message: `The ${payout.currency} treatment adds tax, which payouts do not pay: the statement would claim more than was paid`,
        orderId: payout.sellOrderId,
      }),
    )
  }
  return Result.succeed({
    kind: "payoutStatement",
    orderId: payout.sellOrderId,
    payoutId: payout.payoutId,
    currency: payout.currency,
    issuedAt: input.issuedAt,
    issuer: input.issuer,
    buyer: input.seller,
    lines: [
      {
        kind: "unitsSold",
        quantity: payout.units,
        pricePerUnit: payout.pricePerUnit,
        unitType: payout.unitType,
        amount: net,
      },
    ],
    net,
    tax,
    total: net,
    ...(input.sellFeeUnits === undefined ? {} : { sellFeeUnits: input.sellFeeUnits }),
  })
}

/** −n without a negative zero. */
const negate = (n: number): number => (n === 0 ? 0 : -n)

/**
 * The credit note cancelling an issued invoice: the same document with every amount negated, referencing it, with
 * the admin's reason when given.
 */
export const creditNoteOf = (invoice: IssuedInvoice, issuedAt: string, reason?: string): InvoiceDraft => {
  const { number, reason: _reason, ...draft } = invoice
  return {
    ...draft,
    ...(reason === undefined ? {} : { reason }),
    kind: "creditNote",
    issuedAt,
    lines: invoice.lines.map((line) => ({ ...line, amount: negate(line.amount) })),
    net: negate(invoice.net),
    tax: {
      ...invoice.tax,
      exact: negate(invoice.tax.exact),
      amount: negate(invoice.tax.amount),
      rounding: negate(invoice.tax.rounding),
    },
    total: negate(invoice.total),
    credits: number,
  }
}

/**
 * Why a document cannot have a credit note, in words, or undefined when it can: only an invoice is credited, and
 * once (`creditNote` is the credit note it already has).
 */
export const creditRefusal = (
  document: IssuedInvoice,
  creditNote: IssuedInvoice | undefined,
): InvoiceNotCreditable | undefined => {
  const number = invoiceNumberText(document)
  const refused = (message: string) =>
    new InvoiceNotCreditable({ message, issuerId: document.issuer.issuerId, number: document.number })
  switch (document.kind) {
    case "creditNote":
      return refused(`${number} is a credit note: a credit note is never itself credited`)
    case "payoutStatement":
      return refused(`${number} is a payout statement: only an invoice has a credit note`)
    case "invoice":
      return creditNote === undefined
        ? undefined
        : refused(`Invoice ${number} is already credited by credit note ${invoiceNumberText(creditNote)}`)
  }
}

/** What the buyer's account and KYC say, as `invoiceBuyerOf` reads them. */
export interface BuyerRecords extends NameableMember {
  readonly memberId: MemberId
  /** KYC's business details (business members), with the registration and VAT numbers the invoice prints. */
  readonly business?: BusinessIdentity | undefined
  readonly address?: Address | undefined
}

/** An address on one line: "12 High Street, Flat 2, London, SW1A 1AA, United Kingdom" (empty parts left out). */
export const addressLine = (a: Address): string =>
  [`${a.houseNumber} ${a.streetAddress}`.trim(), a.additionalAddress ?? "", a.townCity, a.postcode, a.country]
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .join(", ")

/**
 * The buyer as an invoice names them, as core names members everywhere (members/MemberName.ts `memberNaming`): a
 * business member as the company, with KYC's registration and VAT numbers; an individual as the person; the KYC
 * address on one line, when one is given (a document without it says so: every paid buy has its invoice). None
 * only without a name.
 */
export const invoiceBuyerOf = (records: BuyerRecords): InvoiceBuyer | undefined => {
  const address = records.address === undefined ? "" : addressLine(records.address)
  const naming = memberNaming(records, records.business)
  if (naming.displayName === "") return undefined
  return {
    memberId: records.memberId,
    name: naming.displayName,
    ...(address === "" ? {} : { address }),
    ...(naming.registrationNumber === undefined ? {} : { registrationId: naming.registrationNumber }),
    ...(naming.vatNumber === undefined ? {} : { taxId: naming.vatNumber }),
  }
}
