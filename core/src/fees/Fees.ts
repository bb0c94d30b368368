/**
 * The fee and price formulas of spec §9 and decisions.md (Money and prices), as pure functions.
 *
 * Every amount is an integer number of cents; pricePerUnit is an integer in 1/PRICE_SCALE of a currency unit.
 * Each formula rounds once, half-up, through divRoundHalfUp; inputs that are not whole numbers are refused
 * with a RangeError (a float in an amount is a bug, never something to round away silently).
 *
 * A buy order is priced in this order (priceBuyOrder):
 *   subTotal       = numberOfUnits × pricePerUnit / 10 (half price for LU2X), rounded once
 *   transactionFee = buyFee + ((subTotal + buyFee) × percentage / 100 + fixedCents), rounded once
 *   total          = subTotal + transactionFee
 *   discountValue  = the reference-code discount, taken off that total (never more than the total,
 *                    0 when the total is below minPaymentAmountInCents)
 *   paymentAmount  = total − discountValue (never negative)
 * The provider's percentage is charged on the undiscounted amount: the discount is the platform's, taken
 * last, and never changes the fee.
 */
import {
  DEFAULT_MIN_PAYMENT_AMOUNT_CENTS,
  DEFAULT_SELL_FEE_UNITS,
  type ExternalFee,
  PRICE_SCALE,
} from "../shared/Constants.ts"
import { divRoundHalfUp } from "../shared/Money.ts"

/** Cents per currency unit. */
const CENTS = 100n
/** pricePerUnit × units / CENTS_DIVISOR is cents: 1/1000 of a unit is 1/10 of a cent. */
const CENTS_DIVISOR = BigInt(PRICE_SCALE) / CENTS
/** A percentage in hundredths of a percent over this is a fraction: 150 / 10_000 = 1.5%. */
const HUNDREDTHS_OF_PERCENT = 10_000n

/** A non-negative safe integer as a bigint; RangeError otherwise. */
export const wholeNumber = (name: string, value: number): bigint => {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative whole number, got ${value}`)
  }
  return BigInt(value)
}

/** A bigint result back to a number, refusing anything beyond Number.MAX_SAFE_INTEGER. */
export const toSafeNumber = (value: bigint): number => {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`${value} is beyond the safe integer range`)
  }
  return Number(value)
}

/**
 * A percentage with at most two decimals (1.5, 2.9, 10) as an exact integer of hundredths of a percent
 * (150, 290, 1000). The one float step is Math.round(p × 100), checked to be exact; a percentage with more
 * decimals, a negative one or a non-finite one is a RangeError.
 */
export const percentageHundredths = (percentage: number): bigint => {
  const scaled = percentage * 100
  const hundredths = Math.round(scaled)
  if (!Number.isFinite(percentage) || percentage < 0 || Math.abs(scaled - hundredths) > 1e-6) {
    throw new RangeError(`A percentage must be ≥ 0 with at most two decimals, got ${percentage}`)
  }
  return BigInt(hundredths)
}

/** x × percentage / 100, rounded half-up once. */
const percentOf = (amount: bigint, percentage: number): bigint =>
  divRoundHalfUp(amount * percentageHundredths(percentage), HUNDREDTHS_OF_PERCENT)

/**
 * Subtotal of a buy in cents: numberOfUnits × pricePerUnit / 10, rounded half-up once.
 * A double-land (LU2X) buy pays half price: numberOfUnits × pricePerUnit / 20.
 */
export const subtotalCents = (numberOfUnits: number, pricePerUnit: number, isDoubleLand: boolean): number => {
  const value = wholeNumber("numberOfUnits", numberOfUnits) * wholeNumber("pricePerUnit", pricePerUnit)
  return toSafeNumber(divRoundHalfUp(value, isDoubleLand ? 2n * CENTS_DIVISOR : CENTS_DIVISOR))
}

export interface BuyFeeInput {
  readonly subtotalCents: number
  /** The platform's buy fee (buyOrderTransactionFeeInCents): 100, or 160 for AUD, by default. */
  readonly buyFeeCents: number
  /** The payment method's fee: fixed cents plus a percentage with up to two decimals. */
  readonly externalFee: ExternalFee
}

/**
 * The transaction fee of a buy in cents:
 * buyFee + ((subtotal + buyFee) × percentage / 100 + fixedCents), the percentage part rounded half-up once.
 */
export const buyFeeCents = ({ subtotalCents, buyFeeCents, externalFee }: BuyFeeInput): number => {
  const platformFee = wholeNumber("buyFeeCents", buyFeeCents)
  const base = wholeNumber("subtotalCents", subtotalCents) + platformFee
  const fixed = wholeNumber("fixedCentsFees", externalFee.fixedCentsFees)
  return toSafeNumber(platformFee + percentOf(base, externalFee.fixedPercentageFees) + fixed)
}

/** Payment amount before any discount: subtotal + fee. */
export const paymentAmountCents = (subtotalCents: number, feeCents: number): number =>
  toSafeNumber(wholeNumber("subtotalCents", subtotalCents) + wholeNumber("feeCents", feeCents))

/** The terms of a reference-code discount (spec §3, Discount), without the computed discountValue. */
export interface DiscountTerms {
  readonly isPercent: boolean
  /** A percentage (isPercent, up to two decimals) or an amount in cents. */
  readonly amount: number
  /** The discount applies only when the payment amount is at least this; 0 by default. */
  readonly minPaymentAmountInCents?: number | undefined
}

export interface DiscountInput {
  /** The amount the discount is taken from: subtotal + fee. */
  readonly totalCents: number
  readonly discount: DiscountTerms
  readonly isDoubleLand: boolean
  /** The payment amount before the discount, compared with minPaymentAmountInCents. */
  readonly paymentAmountCents: number
}

/**
 * The discount in cents, never more than the total:
 * - 0 when the payment amount is below minPaymentAmountInCents (default 0);
 * - percent on a double-land order: half the total, whatever the percentage (spec §9, decisions.md);
 * - percent otherwise: total × amount / 100, rounded half-up;
 * - fixed: amount cents.
 */
export const discountCents = ({
  totalCents,
  discount,
  isDoubleLand,
  paymentAmountCents,
}: DiscountInput): number => {
  const total = wholeNumber("totalCents", totalCents)
  const payment = wholeNumber("paymentAmountCents", paymentAmountCents)
  const minimum = wholeNumber(
    "minPaymentAmountInCents",
    discount.minPaymentAmountInCents ?? DEFAULT_MIN_PAYMENT_AMOUNT_CENTS,
  )
  if (payment < minimum) return 0
  const value = discount.isPercent
    ? isDoubleLand
      ? divRoundHalfUp(total, 2n)
      : percentOf(total, discount.amount)
    : wholeNumber("discount amount", discount.amount)
  return toSafeNumber(value < total ? value : total)
}

export interface BuyOrderInput {
  readonly numberOfUnits: number
  readonly pricePerUnit: number
  readonly isDoubleLand: boolean
  readonly buyFeeCents: number
  readonly externalFee: ExternalFee
  readonly discount?: DiscountTerms | undefined
}

/** The priced buy order, every field in cents, with the spec's field names (paymentDetails). */
export interface BuyOrderPrice {
  readonly subTotal: number
  readonly transactionFee: number
  readonly discountValue: number
  readonly paymentAmount: number
}

/**
 * Prices a buy order: paymentAmount = subTotal + transactionFee − discountValue, never negative.
 * The discount is taken from the subtotal + fee total (see the module comment for the order).
 */
export const priceBuyOrder = (input: BuyOrderInput): BuyOrderPrice => {
  const subTotal = subtotalCents(input.numberOfUnits, input.pricePerUnit, input.isDoubleLand)
  const transactionFee = buyFeeCents({
    subtotalCents: subTotal,
    buyFeeCents: input.buyFeeCents,
    externalFee: input.externalFee,
  })
  const total = paymentAmountCents(subTotal, transactionFee)
  const discountValue =
    input.discount === undefined
      ? 0
      : discountCents({
          totalCents: total,
          discount: input.discount,
          isDoubleLand: input.isDoubleLand,
          paymentAmountCents: total,
        })
  return { subTotal, transactionFee, discountValue, paymentAmount: total - discountValue }
}

// Sell

/** A sell of N Units pays its fee in Units, so it is allowed only when N > fee (decisions.md, SELL). */
export const isSellAboveFee = (numberOfUnits: number, feeUnits: number = DEFAULT_SELL_FEE_UNITS): boolean =>
  wholeNumber("numberOfUnits", numberOfUnits) > wholeNumber("feeUnits", feeUnits)

const requireSellAboveFee = (numberOfUnits: number, feeUnits: number): void => {
  if (!isSellAboveFee(numberOfUnits, feeUnits)) {
    throw new RangeError(`A sell of ${numberOfUnits} Units must be more than its fee of ${feeUnits} Units`)
  }
}

/** The Units a sell of N pays to the platform fee account: the sale fee (10 by default). RangeError when N ≤ fee. */
export const sellFeeUnits = (numberOfUnits: number, feeUnits: number = DEFAULT_SELL_FEE_UNITS): number => {
  requireSellAboveFee(numberOfUnits, feeUnits)
  return feeUnits
}

/** The Units a sell of N puts in the sales queue: N − fee. RangeError when N ≤ fee. */
export const sellQueuedUnits = (numberOfUnits: number, feeUnits: number = DEFAULT_SELL_FEE_UNITS): number => {
  requireSellAboveFee(numberOfUnits, feeUnits)
  return numberOfUnits - feeUnits
}

/**
 * What a seller is owed for a slice of queued Units filled by a buy: units × pricePerUnit / 10 cents,
 * rounded half-up once (decisions.md: slice × buy price). The caller passes the price the slice sold at.
 */
export const sellPayoutCents = (units: number, pricePerUnit: number): number =>
  subtotalCents(units, pricePerUnit, false)

/** What a sell of N Units costs and brings at one price, in Units and in money (the sell review's figures). */
export interface SellQuote {
  /** Units paid to the platform (the sale fee). */
  readonly feeUnits: number
  /** Units put in the sales queue: N − fee. */
  readonly queuedUnits: number
  /** The fee's Units at the price, in cents: what the member gives up to sell. */
  readonly feeCents: number
  /** The queued Units at the price, in cents: what the seller is paid if buyers take them at that price. */
  readonly proceedsCents: number
  /** feeCents + proceedsCents: the N Units valued the same way, so the shown lines add up to the cent. */
  readonly saleValueCents: number
}

/**
 * A sell of N Units at `pricePerUnit` (today's, for the review): the fee and the queued Units from
 * sellFeeUnits and sellQueuedUnits (what createSell moves), each valued with sellPayoutCents (what a filled
 * slice pays), so the proceeds are exactly what one buy at that price would pay. Buyers pay their own day's
 * price, and each filled slice is rounded half-up once, so the payouts may differ from the quote by the price
 * change and by up to half a cent a slice. RangeError when N ≤ fee.
 */
export const sellQuote = (numberOfUnits: number, feeUnits: number, pricePerUnit: number): SellQuote => {
  const fee = sellFeeUnits(numberOfUnits, feeUnits)
  const queued = sellQueuedUnits(numberOfUnits, feeUnits)
  const feeCents = sellPayoutCents(fee, pricePerUnit)
  const proceedsCents = sellPayoutCents(queued, pricePerUnit)
  return {
    feeUnits: fee,
    queuedUnits: queued,
    feeCents,
    proceedsCents,
    saleValueCents: toSafeNumber(BigInt(feeCents) + BigInt(proceedsCents)),
  }
}
