/**
 * How many Units one order may hold: at least 1, at most MAX_UNITS_PER_ORDER (1,000,000), whatever its type.
 * The bound keeps every amount an order computes exact (see MAX_UNITS_PER_ORDER); the message says it in the
 * member's words, for the order they are placing.
 */
import { formatNumber0 } from "../format/Format.ts"
import { MAX_UNITS_PER_ORDER } from "../shared/Constants.ts"
import type { OrderType } from "../shared/Enums.ts"

const VERB: Readonly<Record<OrderType, string>> = {
  BUY: "buy",
  SELL: "sell",
  TRANSFER: "transfer",
  CONVERT: "convert",
}

/** "You can buy at most 1,000,000 Units in one order". */
export const tooManyUnitsMessage = (orderType: OrderType): string =>
  `You can ${VERB[orderType]} at most ${formatNumber0(MAX_UNITS_PER_ORDER)} Units in one order`

/** A whole number of Units one order may hold. */
export const isAllowedOrderSize = (numberOfUnits: number): boolean =>
  Number.isSafeInteger(numberOfUnits) && numberOfUnits > 0 && numberOfUnits <= MAX_UNITS_PER_ORDER
