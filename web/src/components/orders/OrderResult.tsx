/**
 * The success pages of every order type (spec §2, §4) and the cancelled page of a buy: what the order is, its
 * status, and the member's holding of its unit type now (Pending, Owned, Locked), with the spec's notices:
 * a buy's delivery to Owned (§1, §9), the card providers' transfer times (§9), a sale's queue (with its place in
 * it and the estimate, issue 24), a convert's lock and its remainder paid back (ConvertRemainderPanel.tsx).
 */
import { formatDateTimeZoned, formatMoney, formatNumber0 } from "@landunits/core/format/Format.ts"
import { orderStatusLabel } from "@landunits/core/format/Labels.ts"
import {
  CONVERT_LOCK_MS,
  DELIVERY_WINDOW_HOURS,
  SQUARE_TRANSFER_DAYS,
  STRIPE_TRANSFER_DAYS,
} from "@landunits/core/shared/Constants.ts"
import {
  type OrderStatus,
  OrderStatusColour,
  type PaymentMethod,
  unitDisplayName,
} from "@landunits/core/shared/EnumValues.ts"
import { Link } from "@tanstack/react-router"
import type { OrderResultData } from "../../api/orderLoaders.ts"
import { PageHead } from "../layout/Page.tsx"
import { ScrollRegion } from "../layout/ScrollRegion.tsx"
import { ConvertRemainderPanel } from "./ConvertRemainderPanel.tsx"
import { holdingOf, Summary } from "./OrderParts.tsx"
import { SalesQueuePanel } from "./SalesQueuePanel.tsx"

/** The card notices of spec §9. */
export const CARD_NOTICES = {
  "card-stripe": `Card payments through our first card provider (Stripe) normally take ${STRIPE_TRANSFER_DAYS} days to transfer the funds to us.`,
  "card-square": `Card payments through our second card provider (Square) normally take ${SQUARE_TRANSFER_DAYS} days to transfer the funds to us.`,
} as const

const TITLES = {
  BUY: "Thank you for your purchase",
  SELL: "Your sale is placed",
  TRANSFER: "Your transfer is complete",
  CONVERT: "Your conversion is complete",
} as const

/**
 * Where a buy's Units are, from its status (the same ledger the holding table below sums): Owned once the payment is
 * confirmed (Approved, Completed), else Pending with what it waits for, or released when it ended unpaid.
 */
export const buyUnitsWhere = (
  status: OrderStatus,
  method: PaymentMethod | undefined,
): { readonly where: string; readonly lead: (units: number, unit: string) => string } => {
  const card = method === "card-stripe" || method === "card-square"
  if (status === "Approved" || status === "Completed") {
    return {
      where: "Owned",
      lead: (units, unit) =>
        `Your payment is confirmed: the ${formatNumber0(units)} ${unit} of this order are in Owned.`,
    }
  }
  if (status === "Cancelled" || status === "Expired" || status === "Failed") {
    return {
      where: "Released (not paid)",
      lead: () => "This order was not paid, and the Units reserved for it were released.",
    }
  }
  if (card) {
    return {
      where: "Pending (until the card provider confirms the payment)",
      lead: (units, unit) =>
        `Your ${formatNumber0(units)} ${unit} are in Pending until the card provider confirms the payment, usually within a minute; then they are in Owned.`,
    }
  }
  return {
    where: "Pending (until your payment is confirmed)",
    lead: () =>
      `Your Units are in Pending and move to Owned once your payment is confirmed, within ${DELIVERY_WINDOW_HOURS} hours on a weekday after the funds register.`,
  }
}

export function OrderResult({
  data,
  cancelledPage = false,
}: {
  readonly data: OrderResultData
  readonly cancelledPage?: boolean
}) {
  const { order, holdings } = data
  const unitType = order.currencyUnit.unitType
  const units = order.currencyUnit.numberOfUnits
  const method = order.paymentDetails?.paymentMethod
  const holding = holdings.ok
    ? holdingOf(holdings.value.holdings, order.convert?.unitType ?? unitType)
    : undefined
  const title = cancelledPage ? "Your order is cancelled" : TITLES[order.orderType]
  const bought = order.orderType === "BUY" ? buyUnitsWhere(order.orderStatus, method) : undefined
  const lead = cancelledPage
    ? "Nothing was paid, and the Units reserved for this order were released."
    : bought !== undefined
      ? bought.lead(units, unitDisplayName(unitType))
      : order.orderType === "SELL"
        ? "Your Units are in the sales queue (Units Sold - Pending). Sales are first in, first out: you are paid to your bank account as buyers take them."
        : order.orderType === "TRANSFER"
          ? `The Units are now in ${order.transfer?.recipientEmail ?? "the recipient"}'s account.`
          : "Your new Units are locked for 30 days, then move to your owned Units."
  return (
    <>
      <PageHead eyebrow="Dashboard" title={title} lead={lead} />
      <div className="container section stack order-result">
        {order.orderType === "BUY" &&
        !cancelledPage &&
        (method === "card-stripe" || method === "card-square") ? (
          <p className="order-note" role="note">
            {CARD_NOTICES[method]}
          </p>
        ) : null}
        {order.orderType === "SELL" && !cancelledPage ? <SalesQueuePanel order={order} /> : null}
        <ConvertRemainderPanel order={order} />
        <Summary
          title="Order"
          rows={[
            ["Order", <code key="id">{order.orderId}</code>],
            [
              "Status",
              <span
                key="s"
                className="status-badge"
                style={{ borderColor: OrderStatusColour[order.orderStatus] }}
              >
                {orderStatusLabel(order.orderStatus, order.orderType)}
              </span>,
            ],
            ["Unit", unitDisplayName(unitType)],
            ["Units", formatNumber0(units)],
            ...(bought === undefined || cancelledPage
              ? []
              : ([["Where these Units are", bought.where]] as const)),
            ...(order.transfer === undefined
              ? []
              : ([["Recipient", order.transfer.recipientEmail]] as const)),
            ...(order.convert === undefined
              ? []
              : ([
                  [
                    "Converted into",
                    `${formatNumber0(order.convert.numberOfUnits)} ${unitDisplayName(order.convert.unitType)}`,
                  ],
                  ["Locked until", formatDateTimeZoned(Date.parse(order.createdAt) + CONVERT_LOCK_MS)],
                ] as const)),
            ...(order.currencyUnit.sellOrderTransactionFeeInUnits === undefined || order.orderType !== "SELL"
              ? []
              : ([
                  ["Sale fee", `${formatNumber0(order.currencyUnit.sellOrderTransactionFeeInUnits)} Units`],
                ] as const)),
            ...(order.paymentDetails === undefined || order.orderType !== "BUY"
              ? []
              : ([
                  ["Subtotal", formatMoney(order.paymentDetails.subTotal, order.paymentDetails.currency)],
                  ["Fee", formatMoney(order.paymentDetails.transactionFee, order.paymentDetails.currency)],
                  [
                    "Amount",
                    formatMoney(order.paymentDetails.paymentAmount, order.paymentDetails.currency),
                    "total",
                  ],
                ] as const)),
          ]}
        />
        {holding !== undefined ? (
          <section aria-labelledby="holding-title">
            <h2 id="holding-title">Your {unitDisplayName(holding.unitType)} now</h2>
            <ScrollRegion label="Your Units now">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">Units Owned</th>
                    <th scope="col">Units Bought - Pending</th>
                    <th scope="col">Units Converted (Locked)</th>
                    <th scope="col">Units Sold - Pending</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <td>{formatNumber0(holding.owned + holding.owned_DOUBLE_LAND)}</td>
                    <td>{formatNumber0(holding.pendingBuy)}</td>
                    <td>{formatNumber0(holding.convertLocked)}</td>
                    <td>{formatNumber0(holding.pendingSell)}</td>
                  </tr>
                </tbody>
              </table>
            </ScrollRegion>
          </section>
        ) : null}
        <p className="payment-actions">
          <Link
            className="btn btn--primary"
            to="/dashboard/transaction/$orderId"
            params={{ orderId: order.orderId }}
          >
            See this order
          </Link>
          <Link className="btn btn--ghost" to="/dashboard">
            Back to the dashboard
          </Link>
          <Link className="btn btn--ghost" to="/dashboard/transaction" search={{ tab: "buy" }}>
            Buy more Units
          </Link>
        </p>
      </div>
    </>
  )
}
