/**
 * The order rules of spec §5: buy availability, the pending-purchase limit, the LU2X (double-land) cap and the
 * convert limit, each with its message. Pure integer arithmetic: land values and amounts in cents, prices in
 * 1/PRICE_SCALE of a currency unit, Units whole. A check returns undefined when the order may go on, or the
 * message to show.
 *
 * Message templates (N and amounts are en-US formatted: "1,234", "$1,234.00"; the unit name is unitDisplayName):
 *   buy       "You can only buy up to N Unit ($)"
 *   pending   "Your current pending purchases amount to $P. You can only buy up to $A until your current
 *              transactions complete."
 *   LU2X      "Maximum remaining Unit ($) in the LU2X offer: N"
 *   convert   "You can only convert up to N Unit ($)"
 */

import { toSafeNumber, wholeNumber } from "../fees/Fees.ts"
import { formatMoney, formatNumber0 } from "../format/Format.ts"
import { PRICE_SCALE } from "../shared/Constants.ts"
import { CurrencyOfUnitType, type UnitType, unitDisplayName } from "../shared/Enums.ts"

/** Cents to 1/PRICE_SCALE of a currency unit: × 10. */
const PRICE_UNITS_PER_CENT = BigInt(PRICE_SCALE / 100)

const positivePrice = (pricePerUnit: number): bigint => {
  const price = wholeNumber("pricePerUnit", pricePerUnit)
  if (price === 0n) throw new RangeError("pricePerUnit must be more than 0")
  return price
}

/** floor(numerator / price) in whole Units, 0 when the numerator is negative (price > 0). */
const wholeUnitsOrZero = (numerator: bigint, price: bigint): number =>
  numerator <= 0n ? 0 : toSafeNumber(numerator / price)

const safeInteger = (name: string, value: number): bigint => {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a whole number, got ${value}`)
  return BigInt(value)
}

// Buy availability

export interface RemainingUnitsInput {
  /** totalProjectLandValueInCents. */
  readonly projectLandValueCents: number
  /** totalPendingSell: Units waiting in the sales queue. */
  readonly pendingSellUnits: number
  /** totalPurchase: Units already bought. */
  readonly purchasedUnits: number
  /** totalPendingPurchase: Units reserved by buys not yet paid. */
  readonly pendingPurchaseUnits: number
  readonly pricePerUnit: number
}

/**
 * Units still available to buy:
 * (land value + pending sells × price − purchases × price − pending purchases × price) / price,
 * computed in 1/PRICE_SCALE of a currency unit, floored, 0 when negative.
 */
export const remainingUnits = (input: RemainingUnitsInput): number => {
  const price = positivePrice(input.pricePerUnit)
  const landValue = wholeNumber("projectLandValueCents", input.projectLandValueCents) * PRICE_UNITS_PER_CENT
  const units =
    wholeNumber("pendingSellUnits", input.pendingSellUnits) -
    wholeNumber("purchasedUnits", input.purchasedUnits) -
    wholeNumber("pendingPurchaseUnits", input.pendingPurchaseUnits)
  return wholeUnitsOrZero(landValue + units * price, price)
}

/** "You can only buy up to N Unit ($)". */
export const buyAvailabilityMessage = (availableUnits: number, unitType: UnitType): string =>
  `You can only buy up to ${formatNumber0(availableUnits)} ${unitDisplayName(unitType)}`

export interface BuyAvailabilityInput extends RemainingUnitsInput {
  readonly requestedUnits: number
  readonly unitType: UnitType
}

/** Refuses a buy of more Units than remainingUnits, naming how many can be bought. */
export const checkBuyAvailability = (input: BuyAvailabilityInput): string | undefined => {
  const available = remainingUnits(input)
  return available < wholeNumber("requestedUnits", input.requestedUnits)
    ? buyAvailabilityMessage(available, input.unitType)
    : undefined
}

// Pending-purchase limit

/** What a member may still add to their pending purchases under a limit: limit − pending, 0 when negative. */
export const allowedPendingRemainderCents = (input: {
  readonly limitCents: number
  readonly currentPendingCents: number
}): number => {
  const remainder =
    wholeNumber("limitCents", input.limitCents) -
    wholeNumber("currentPendingCents", input.currentPendingCents)
  return remainder > 0n ? toSafeNumber(remainder) : 0
}

/**
 * "Your current pending purchases amount to $P. You can only buy up to $A until your current transactions
 * complete." (A negative remainder is shown as 0.)
 */
export const pendingPurchaseLimitMessage = (input: {
  readonly allowedRemainderCents: number
  readonly currentPendingCents: number
  readonly unitType: UnitType
}): string => {
  const currency = CurrencyOfUnitType[input.unitType]
  const allowed = Math.max(0, input.allowedRemainderCents)
  return (
    `Your current pending purchases amount to ${formatMoney(input.currentPendingCents, currency)}. ` +
    `You can only buy up to ${formatMoney(allowed, currency)} until your current transactions complete.`
  )
}

export interface PendingPurchaseLimitInput {
  /** How much more the member may buy while purchases are pending, in cents. */
  readonly allowedRemainderCents: number
  /** The value of the buy being checked, in cents. */
  readonly requestedCents: number
  /** The member's pending purchases, in cents. */
  readonly currentPendingCents: number
  readonly unitType: UnitType
}

/** Refuses a buy whose value is above the allowed remainder. */
export const checkPendingPurchaseLimit = (input: PendingPurchaseLimitInput): string | undefined => {
  wholeNumber("currentPendingCents", input.currentPendingCents)
  return safeInteger("allowedRemainderCents", input.allowedRemainderCents) <
    wholeNumber("requestedCents", input.requestedCents)
    ? pendingPurchaseLimitMessage(input)
    : undefined
}

// LU2X (double-land) cap

export interface RemainingDoubleLandInput {
  readonly maxDoubleLandUnitsBoughtValueInCents: number
  readonly totalDoubleLandUnitsBoughtValueInCents: number
  /** The unit price the cap and the bought total are valued at (the full pricePerUnit). */
  readonly pricePerUnit: number
  /**
   * Units of this very order already inside totalDoubleLandUnitsBoughtValueInCents (when an existing order's
   * amount changes): they are added back ("plus request" in spec §5). 0 for a new order.
   */
  readonly countedUnits?: number | undefined
}

/**
 * Double-land Units still in the LU2X offer: (max − bought) / price, floored, plus the Units of this order
 * already counted in bought; 0 when negative.
 */
export const remainingDoubleLandUnits = (input: RemainingDoubleLandInput): number => {
  const price = positivePrice(input.pricePerUnit)
  const room =
    wholeNumber("maxDoubleLandUnitsBoughtValueInCents", input.maxDoubleLandUnitsBoughtValueInCents) -
    wholeNumber("totalDoubleLandUnitsBoughtValueInCents", input.totalDoubleLandUnitsBoughtValueInCents)
  const counted = wholeNumber("countedUnits", input.countedUnits ?? 0)
  return wholeUnitsOrZero(room * PRICE_UNITS_PER_CENT + counted * price, price)
}

/** "Maximum remaining Unit ($) in the LU2X offer: N". */
export const doubleLandCapMessage = (remaining: number, unitType: UnitType): string =>
  `Maximum remaining ${unitDisplayName(unitType)} in the LU2X offer: ${formatNumber0(remaining)}`

export interface DoubleLandCapInput extends RemainingDoubleLandInput {
  readonly requestedUnits: number
  readonly unitType: UnitType
}

/** Refuses a double-land buy of more Units than remain in the LU2X offer. */
export const checkDoubleLandCap = (input: DoubleLandCapInput): string | undefined => {
  const remaining = remainingDoubleLandUnits(input)
  return remaining < wholeNumber("requestedUnits", input.requestedUnits)
    ? doubleLandCapMessage(remaining, input.unitType)
    : undefined
}

// Convert limit

/** "You can only convert up to N Unit ($)". */
export const convertLimitMessage = (convertibleUnits: number, unitType: UnitType): string =>
  `You can only convert up to ${formatNumber0(convertibleUnits)} ${unitDisplayName(unitType)}`

export interface ConvertLimitInput {
  /** The member's available (owned, unlocked) Units of the source type. */
  readonly ownedUnits: number
  readonly requestedUnits: number
  /** convertOrderTransactionFeeInUnits (0 by default). */
  readonly feeUnits: number
  readonly unitType: UnitType
}

/** The most Units a member can convert once the fee is paid from the same Units: owned − fee, 0 when negative. */
export const convertibleUnits = (ownedUnits: number, feeUnits: number): number => {
  const convertible = wholeNumber("ownedUnits", ownedUnits) - wholeNumber("feeUnits", feeUnits)
  return convertible > 0n ? toSafeNumber(convertible) : 0
}

/** Refuses a convert when owned < requested + fee, naming owned − fee. */
export const checkConvertLimit = (input: ConvertLimitInput): string | undefined => {
  const owned = wholeNumber("ownedUnits", input.ownedUnits)
  const needed = wholeNumber("requestedUnits", input.requestedUnits) + wholeNumber("feeUnits", input.feeUnits)
  return owned < needed
    ? convertLimitMessage(convertibleUnits(input.ownedUnits, input.feeUnits), input.unitType)
    : undefined
}
