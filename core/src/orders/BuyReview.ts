/**
 * A buy's review before paying (issue 46): the purchase-order reference the invoice prints, the business-purpose
 * confirmation every buyer gives (the terms: "buyers confirm business purposes"; docs/decisions/), and the charges
 * explained as named lines, from the very formulas that price the order (fees/Fees.ts).
 */
import { Effect, Schema } from "effect"
import { buyFeeCents, type DiscountTerms, priceBuyOrder, subtotalCents } from "../fees/Fees.ts"
import { paymentMethodLabel } from "../format/Labels.ts"
import type { ExternalFee } from "../shared/Constants.ts"
import type { PaymentMethod } from "../shared/Enums.ts"
import { maxLength, optionalText, pattern } from "../validation/Fields.ts"
import { HouseMessage as H } from "../validation/Messages.ts"
import { BusinessPurposeNotConfirmed, InvalidOrderRequest } from "./OrderErrors.ts"
import type { Order } from "./OrderModel.ts"

/** The longest purchase-order reference, in characters after trimming. */
export const PURCHASE_ORDER_REFERENCE_MAX_LENGTH = 64

/**
 * The optional purchase-order reference: trimmed, 1 to 64 printable characters (no control characters: tabs
 * or line breaks would break the invoice's line); blank leaves it out. The API, the OpenAPI document and the
 * web form read this one field.
 */
export const PurchaseOrderReferenceField = optionalText(
  maxLength(PURCHASE_ORDER_REFERENCE_MAX_LENGTH, H.purchaseOrderReferenceMaxLength),
  pattern(/^[^\p{C}]*$/u, H.purchaseOrderReferencePrintable),
)

const ReferenceOnly = Schema.Struct({ purchaseOrderReference: PurchaseOrderReferenceField })

/**
 * The reference a buy request carries as the order keeps it: trimmed, blank left out; one that breaks the field's
 * rules is refused in the field's words (a caller other than the API, such as the demo, passes it unchecked).
 */
export const purchaseOrderReferenceOf = (reference: string | undefined) =>
  Schema.decodeUnknownEffect(ReferenceOnly)(
    reference === undefined ? {} : { purchaseOrderReference: reference },
  ).pipe(
    Effect.map((decoded) => decoded.purchaseOrderReference),
    Effect.mapError(
      () =>
        new InvalidOrderRequest({
          message:
            (reference ?? "").trim().length > PURCHASE_ORDER_REFERENCE_MAX_LENGTH
              ? H.purchaseOrderReferenceMaxLength
              : H.purchaseOrderReferencePrintable,
        }),
    ),
  )

/**
 * The label of the review's business-purpose checkbox (web's BuyForm.tsx): ticking it is the buyer's confirmation
 * (the request carries `confirmsBusinessPurpose`); the review's tax line says that prices exclude tax
 * (invoices/TaxWords.ts).
 */
export const BUY_CONFIRMATION_WORDS =
  "I confirm that I buy Units for business purposes, as the Terms and Conditions ask."

/** What a buy without the confirmation is refused with. */
export const BUSINESS_PURPOSE_NOT_CONFIRMED =
  "Please confirm that you buy Units for business purposes, as the Terms and Conditions ask"

/**
 * The buy's rule: the buyer confirms business purposes. It binds every buyer, individual or business, as the
 * terms do (docs/decisions/).
 */
export const requireBusinessPurpose = (confirmsBusinessPurpose: boolean) =>
  confirmsBusinessPurpose
    ? Effect.void
    : Effect.fail(new BusinessPurposeNotConfirmed({ message: BUSINESS_PURPOSE_NOT_CONFIRMED }))

/** Why the platform's buy fee is charged: the review's line and the buy form's row say it. */
export const BUY_FEE_WHY = "The platform's fee on every buy"

/** One line of a buy's charges, in cents of the order's currency. */
export interface ChargeLine {
  readonly kind: "units" | "buyFee" | "methodFee" | "discount"
  /** What the member reads ("Buy fee", "Card (Stripe) fee"). */
  readonly name: string
  /** Why it is charged. */
  readonly why: string
  /** Cents; a discount is negative. */
  readonly amountCents: number
}

export interface BuyCharges {
  /** The Units' price, then each fee and the discount, in that order; a fee or a discount of 0 has no line. */
  readonly lines: ReadonlyArray<ChargeLine>
  /** The Units' price: subTotal. */
  readonly netCents: number
  /** The fees together: transactionFee. */
  readonly feesCents: number
  /** What the order charges: paymentAmount (the lines add up to it). */
  readonly totalCents: number
}

export interface BuyChargesInput {
  readonly numberOfUnits: number
  readonly pricePerUnit: number
  readonly isDoubleLand: boolean
  /** The platform's buy fee (buyOrderTransactionFeeInCents). */
  readonly buyFeeCents: number
  readonly paymentMethod: PaymentMethod
  /** The payment method's fee. */
  readonly externalFee: ExternalFee
  readonly discount?: DiscountTerms | undefined
}

/**
 * A buy's charges as named lines: the Units (net), the buy fee, the payment method's fee and any discount. The
 * method's fee is the transaction fee less the buy fee (Fees.ts `buyFeeCents`), so the lines add up to the
 * order's paymentAmount exactly, whatever the rounding.
 */
export const explainBuyCharges = (input: BuyChargesInput): BuyCharges => {
  const priced = priceBuyOrder(input)
  const net = subtotalCents(input.numberOfUnits, input.pricePerUnit, input.isDoubleLand)
  const platformFee = buyFeeCents({
    subtotalCents: net,
    buyFeeCents: input.buyFeeCents,
    externalFee: { fixedCentsFees: 0, fixedPercentageFees: 0 },
  })
  return chargesOf({
    numberOfUnits: input.numberOfUnits,
    isDoubleLand: input.isDoubleLand,
    paymentMethod: input.paymentMethod,
    subTotal: priced.subTotal,
    buyFee: platformFee,
    transactionFee: priced.transactionFee,
    discountValue: priced.discountValue,
    paymentAmount: priced.paymentAmount,
  })
}

/** A buy's amounts as priced (before it is placed) or as stored on the order (after). */
interface BuyAmounts {
  readonly numberOfUnits: number
  readonly isDoubleLand: boolean
  readonly paymentMethod: PaymentMethod
  readonly subTotal: number
  /** The platform's part of transactionFee; the rest is the payment method's. */
  readonly buyFee: number
  readonly transactionFee: number
  readonly discountValue: number
  readonly paymentAmount: number
}

/** The named lines of a buy's amounts: the method's fee is the transaction fee less the buy fee. */
const chargesOf = (a: BuyAmounts): BuyCharges => {
  const methodFee = a.transactionFee - a.buyFee
  const method = paymentMethodLabel(a.paymentMethod)
  const lines: Array<ChargeLine> = [
    {
      kind: "units",
      name: `${a.numberOfUnits} Units`,
      why: a.isDoubleLand ? "The Units at half of today's price (LU2X)" : "The Units at today's price",
      amountCents: a.subTotal,
    },
  ]
  if (a.buyFee > 0) lines.push({ kind: "buyFee", name: "Buy fee", why: BUY_FEE_WHY, amountCents: a.buyFee })
  if (methodFee > 0)
    lines.push({
      kind: "methodFee",
      name: `${method} fee`,
      why: `What paying by ${method} costs: a percentage of the Units and the buy fee, plus a fixed amount`,
      amountCents: methodFee,
    })
  if (a.discountValue > 0)
    lines.push({
      kind: "discount",
      name: "Reference code discount",
      why: "Taken off the total by your reference code",
      amountCents: -a.discountValue,
    })
  return { lines, netCents: a.subTotal, feesCents: a.transactionFee, totalCents: a.paymentAmount }
}

/**
 * A placed buy's charges from the amounts stored on it (the order page, the invoice), named as the review named
 * them: its buy fee is the one it was priced with (`buyOrderTransactionFeeInCents`), at most its transaction fee.
 * None for an order without payment details.
 */
export const placedBuyCharges = (order: Pick<Order, "currencyUnit" | "paymentDetails" | "buy">) => {
  const details = order.paymentDetails
  if (details === undefined) return undefined
  return chargesOf({
    numberOfUnits: order.currencyUnit.numberOfUnits,
    isDoubleLand: order.currencyUnit.isDoubleLand === true,
    paymentMethod: details.paymentMethod,
    subTotal: details.subTotal,
    buyFee: Math.min(order.currencyUnit.buyOrderTransactionFeeInCents ?? 0, details.transactionFee),
    transactionFee: details.transactionFee,
    discountValue: order.buy?.discount?.discountValue ?? 0,
    paymentAmount: details.paymentAmount,
  })
}
