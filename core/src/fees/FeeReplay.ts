/**
 * The fee replay (issue 42, `landunits audit fees`): every stored order's money recomputed with core's formulas
 * (Fees.ts `priceBuyOrder`, `sellQueuedUnits`; Convert.ts `convertQuote`) from the terms in force when the order
 * was created, and every field that differs named. Pure: the terms come in as a FeeHistory (FeeHistory.ts;
 * FeeHistoryRead.ts reads it from the ports), the orders one at a time.
 *
 * What is trusted and what is recomputed:
 * - Trusted (the member's choices, which the ledger's transfers bear out and `ledger verify` checks): the order's
 *   type, unit type, number of Units, LU2X flag, payment method, reference code and instant of creation.
 * - Checked against the history, where the history holds them (then the replay prices with the history's value,
 *   not the stored one): the price per Unit (the price schedule history: the schedule in force at the instant of
 *   creation, priced for that UTC day), the unit type's buy, sell and convert fees and the payment method's
 *   external fee (the audited `pricing.setFees` / `pricing.setExternalFee` changes, before the first of them the
 *   first one's "before", with none the setting as it is), a reference code's terms (its audited
 *   `discountCodes.create`, else the code as stored) and a convert's exchange rate (the exchange rate history: the
 *   latest rate of a day on or before the order's). A buy's external fee may be any value in force from its
 *   creation until it left Initiated: a member may change the method or amount of an unpaid buy, which prices it
 *   again at that moment's external fee. Where the history does not reach (an order older than the first recorded
 *   schedule, a rate set again for the order's day after it), the stored term is used and the order is counted
 *   as `unchecked` for it: never invented.
 * - Recomputed: a buy's subtotal, transaction fee, discount and payment amount; a sell's fee and queued Units; a
 *   convert's Units received, remainder and fee in money; a transfer is free (no fee anywhere on it).
 */
import { convertQuote } from "../orders/Convert.ts"
import type { OrderRecord } from "../orders/OrderModel.ts"
import type { ExternalFee } from "../shared/Constants.ts"
import type { OrderType, UnitType } from "../shared/Enums.ts"
import { CurrencyOfUnitType } from "../shared/EnumValues.ts"
import {
  type FeeHistory,
  priceAt,
  pricesDuring,
  READ_WINDOW_MS,
  rateAt,
  settingAt,
  settingsDuring,
} from "./FeeHistory.ts"
import { type DiscountTerms, priceBuyOrder, sellQueuedUnits } from "./Fees.ts"

/** One field of one order whose stored value is not what the replay computes. */
export interface FeeDifference {
  readonly orderId: string
  readonly orderType: OrderType
  readonly createdAt: string
  /** The order's field, as stored (`paymentDetails.transactionFee`, `currencyUnit.pricePerUnit`, …). */
  readonly field: string
  readonly stored: string
  /** What the formulas give, or for a term, what was in force when the order was created. */
  readonly recomputed: string
}

/** What could not be checked against the history for an order (the stored term was used). */
export type Unchecked = "price" | "exchangeRate"

export interface OrderReplay {
  readonly differences: ReadonlyArray<FeeDifference>
  readonly unchecked: ReadonlyArray<Unchecked>
}

const sameFee = (a: ExternalFee, b: ExternalFee) =>
  a.fixedCentsFees === b.fixedCentsFees && a.fixedPercentageFees === b.fixedPercentageFees
const feeText = (f: ExternalFee) => `${f.fixedCentsFees} cents + ${f.fixedPercentageFees}%`
const sameTerms = (a: DiscountTerms, b: DiscountTerms) =>
  a.isPercent === b.isPercent &&
  a.amount === b.amount &&
  (a.minPaymentAmountInCents ?? 0) === (b.minPaymentAmountInCents ?? 0)
const termsText = (d: DiscountTerms) =>
  `${d.isPercent ? `${d.amount}%` : `${d.amount} cents`} from ${d.minPaymentAmountInCents ?? 0} cents`

const NO_FEE: ExternalFee = { fixedCentsFees: 0, fixedPercentageFees: 0 }

/** The instant a buy left Initiated (after which its price no longer changes), else its last update. */
const repricedUntil = (order: OrderRecord, createdAt: number) => {
  const left = order.timeline.find((e) => e.from === "Initiated")
  return left?.at ?? Math.max(createdAt, Date.parse(order.updatedAt))
}

/**
 * Replays one order: its differences (empty when its money is what the formulas give from the terms in force
 * when it was created) and what the history could not check. A record the replay cannot read (a part it needs
 * removed or of the wrong kind, as an edit behind the app may leave it) is itself a difference, on `record`: one
 * such order never stops the run.
 */
export const replayOrder = (order: OrderRecord, history: FeeHistory): OrderReplay => {
  try {
    return replayReadable(order, history)
  } catch (e) {
    return {
      differences: [
        {
          orderId: String(order?.orderId),
          orderType: order?.orderType,
          createdAt: String(order?.createdAt),
          field: "record",
          stored: "not readable as an order",
          recomputed: `not computable: ${e instanceof Error ? e.message : String(e)}`,
        },
      ],
      unchecked: [],
    }
  }
}

const replayReadable = (order: OrderRecord, history: FeeHistory): OrderReplay => {
  const differences: Array<FeeDifference> = []
  const unchecked: Array<Unchecked> = []
  const createdAt = Date.parse(order.createdAt)
  const day = Number.isNaN(createdAt)
    ? order.createdAt.slice(0, 10)
    : new Date(createdAt).toISOString().slice(0, 10)
  const readFrom = createdAt - READ_WINDOW_MS
  const readDay = Number.isNaN(readFrom) ? day : new Date(readFrom).toISOString().slice(0, 10)
  const days = readDay === day ? [day] : [day, readDay]
  const differ = (field: string, stored: unknown, recomputed: unknown) => {
    if (String(stored) === String(recomputed)) return
    differences.push({
      orderId: order.orderId,
      orderType: order.orderType,
      createdAt: order.createdAt,
      field,
      stored: String(stored),
      recomputed: String(recomputed),
    })
  }
  /**
   * A stored term against the history: kept when it is a value the history had in force as the order read its
   * terms (`accepted`), else named beside the value in force at the order's instant, which the replay then prices
   * with. With no history for it, the stored term.
   */
  const term = (
    field: string,
    stored: number | undefined,
    inForce: number | undefined,
    accepted: ReadonlyArray<number> = [],
  ): number | undefined => {
    if (inForce === undefined) return stored
    if (stored === undefined) return inForce
    if (stored === inForce || accepted.includes(stored)) return stored
    differ(field, stored, inForce)
    return inForce
  }
  const unit = order.currencyUnit
  const unitPrice = (unitType: UnitType, field: string, stored: number) => {
    const changes = history.schedules.get(unitType)
    const inForce = priceAt(changes, createdAt, day)
    if (inForce === undefined) unchecked.push("price")
    return term(field, stored, inForce, pricesDuring(changes, readFrom, createdAt, days)) ?? stored
  }
  const feesHistory = history.unitFees.get(unit.unitType)
  const feesRead = settingsDuring(feesHistory, readFrom, createdAt)
  /** A formula refused its inputs (a sell of no more than its fee, say): named on the field it could not compute. */
  const guarded = (field: string, stored: unknown, compute: () => void) => {
    try {
      compute()
    } catch (e) {
      differ(field, stored, `not computable: ${e instanceof Error ? e.message : String(e)}`)
    }
  }
  const fees = settingAt(feesHistory, createdAt)

  switch (order.orderType) {
    case "BUY": {
      const details = order.paymentDetails
      if (details === undefined) {
        differ("paymentDetails", "absent", "a buy's subtotal, fee and payment amount")
        break
      }
      const pricePerUnit = unitPrice(unit.unitType, "currencyUnit.pricePerUnit", unit.pricePerUnit)
      const buyFee =
        term(
          "currencyUnit.buyOrderTransactionFeeInCents",
          unit.buyOrderTransactionFeeInCents,
          fees?.buy,
          feesRead.map((f) => f.buy),
        ) ?? 0
      const method = details.paymentMethod
      const methodHistory = history.externalFees.get(method)
      const atCreation = method === "None" ? NO_FEE : settingAt(methodHistory, createdAt)
      const possible =
        method === "None"
          ? [NO_FEE]
          : settingsDuring(methodHistory, readFrom, repricedUntil(order, createdAt))
      let externalFee: ExternalFee = details.paymentMethodFees
      if (possible.length > 0 && !possible.some((f) => sameFee(f, details.paymentMethodFees))) {
        const inForce = atCreation ?? possible[0]!
        differ("paymentDetails.paymentMethodFees", feeText(details.paymentMethodFees), feeText(inForce))
        externalFee = inForce
      }
      const storedDiscount = order.buy?.discount
      const code = order.buy?.referenceCode
      const codeHistory = code === undefined ? undefined : history.discountCodes.get(code)
      const codeTerms = settingAt(codeHistory, createdAt)
      let discount: DiscountTerms | undefined = storedDiscount
      if (codeTerms !== undefined) {
        const read = settingsDuring(codeHistory, readFrom, createdAt)
        if (storedDiscount === undefined) {
          differ("buy.discount", "absent", termsText(codeTerms))
          discount = codeTerms
        } else if (!read.some((t) => sameTerms(t, storedDiscount))) {
          differ("buy.discount", termsText(storedDiscount), termsText(codeTerms))
          discount = codeTerms
        }
      }
      guarded("paymentDetails.paymentAmount", details.paymentAmount, () => {
        const priced = priceBuyOrder({
          numberOfUnits: unit.numberOfUnits,
          pricePerUnit,
          isDoubleLand: unit.isDoubleLand,
          buyFeeCents: buyFee,
          externalFee,
          discount,
        })
        differ("paymentDetails.subTotal", details.subTotal, priced.subTotal)
        differ("paymentDetails.transactionFee", details.transactionFee, priced.transactionFee)
        differ("buy.discount.discountValue", storedDiscount?.discountValue ?? 0, priced.discountValue)
        differ("paymentDetails.paymentAmount", details.paymentAmount, priced.paymentAmount)
      })
      break
    }
    case "SELL": {
      unitPrice(unit.unitType, "currencyUnit.pricePerUnit", unit.pricePerUnit)
      const feeUnits =
        term(
          "currencyUnit.sellOrderTransactionFeeInUnits",
          unit.sellOrderTransactionFeeInUnits,
          fees?.sell,
          feesRead.map((f) => f.sell),
        ) ?? order.sell?.feeUnits
      if (order.sell === undefined) {
        differ("sell", "absent", "a sell's fee and queued Units")
        break
      }
      const sell = order.sell
      if (feeUnits === undefined) break
      differ("sell.feeUnits", sell.feeUnits, feeUnits)
      guarded("sell.queuedUnits", sell.queuedUnits, () =>
        differ("sell.queuedUnits", sell.queuedUnits, sellQueuedUnits(unit.numberOfUnits, feeUnits)),
      )
      break
    }
    case "CONVERT": {
      const convert = order.convert
      if (convert === undefined) {
        differ("convert", "absent", "a convert's Units, remainder and fee")
        break
      }
      const fromPrice = unitPrice(unit.unitType, "currencyUnit.pricePerUnit", unit.pricePerUnit)
      const toPrice = unitPrice(convert.unitType, "convert.pricePerUnit", convert.pricePerUnit)
      const feeUnits =
        term(
          "currencyUnit.convertOrderTransactionFeeInUnits",
          unit.convertOrderTransactionFeeInUnits,
          fees?.convert,
          feesRead.map((f) => f.convert),
        ) ?? 0
      const from = CurrencyOfUnitType[unit.unitType]
      const to = CurrencyOfUnitType[convert.unitType]
      const rateInForce = rateAt(history, from, to, day, readFrom)
      if (rateInForce === undefined) unchecked.push("exchangeRate")
      const rateRead = days.flatMap((d) => rateAt(history, from, to, d, readFrom) ?? [])
      const exchangeRate =
        term("convert.exchangeRate", convert.exchangeRate, rateInForce, rateRead) ?? convert.exchangeRate
      guarded("convert.numberOfUnits", convert.numberOfUnits, () => {
        const quote = convertQuote({
          units: unit.numberOfUnits,
          fromPricePerUnit: fromPrice,
          toPricePerUnit: toPrice,
          exchangeRate,
          feeUnits,
        })
        differ("convert.numberOfUnits", convert.numberOfUnits, quote.units)
        if (convert.remainderInCents !== undefined)
          differ("convert.remainderInCents", convert.remainderInCents, quote.remainderCents)
        if (convert.convertOrderTransactionFeeInCents !== undefined)
          differ(
            "convert.convertOrderTransactionFeeInCents",
            convert.convertOrderTransactionFeeInCents,
            quote.feeCents,
          )
      })
      break
    }
    case "TRANSFER": {
      // Free (decisions.md, TRANSFER): no fee of any kind.
      if (order.paymentDetails !== undefined) {
        differ("paymentDetails.transactionFee", order.paymentDetails.transactionFee, 0)
        differ("paymentDetails.paymentAmount", order.paymentDetails.paymentAmount, 0)
      }
      for (const field of [
        "buyOrderTransactionFeeInCents",
        "sellOrderTransactionFeeInUnits",
        "convertOrderTransactionFeeInUnits",
      ] as const) {
        const stored = unit[field]
        if (stored !== undefined) differ(`currencyUnit.${field}`, stored, 0)
      }
      break
    }
    default:
      differ("orderType", order.orderType, "BUY, SELL, TRANSFER or CONVERT")
  }
  return { differences, unchecked }
}
