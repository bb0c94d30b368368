/**
 * An order's payouts on its page (issue 38): the money owed to the member for it, each payout with its Units, the
 * price they sold at, its amount, its state (owed, ready to send, paid) and its dates, and the totals per currency
 * above them. A sale shows the panel from the start ("nothing sold yet"); any other order only once it has a
 * payout (a conversion's remainder paid back the same way). The words and sums are core's PayoutWords.ts.
 */
import type { OrderDetails } from "@landunits/adapters/http/api/OrdersApi.ts"
import { formatDateTimeZoned, formatMoney, formatNumber0 } from "@landunits/core/format/Format.ts"
import { PAYOUT_STATUS_LABELS, payoutTotals, payoutTotalsText } from "@landunits/core/format/PayoutWords.ts"
import type { MemberPayout } from "@landunits/core/orders/MemberPayouts.ts"
import { unitDisplayName } from "@landunits/core/shared/EnumValues.ts"
import { formatPrice } from "../../lib/prices.ts"

/** "Paid Jun 1, 2026, 10:00 AM UTC (owed since May 28, 2026, 9:00 AM UTC)", "Owed since May 28, 2026, 9:00 AM UTC". */
const datesOf = (payout: MemberPayout): string => {
  const owed = `owed since ${formatDateTimeZoned(payout.owedAt)}`
  if (payout.paidAt !== undefined) return `Paid ${formatDateTimeZoned(payout.paidAt)} (${owed})`
  if (payout.readyAt !== undefined)
    return `Ready to send since ${formatDateTimeZoned(payout.readyAt)} (${owed})`
  return `Owed since ${formatDateTimeZoned(payout.owedAt)}`
}

export function PayoutsPanel({ order }: { readonly order: OrderDetails }) {
  const { payouts } = order
  if (payouts.length === 0 && order.orderType !== "SELL") return null
  const totals = payoutTotals(payouts)
  return (
    <section className="payment-box order-payouts" aria-labelledby="payouts-title">
      <h2 id="payouts-title">Your payouts</h2>
      {payouts.length === 0 ? (
        <p>
          Nothing sold yet. Each time a buyer takes some of your Units, what you are owed for them appears
          here, then the day it is paid to your bank account.
        </p>
      ) : (
        <>
          <p className="order-payouts__totals" data-testid="payout-totals">
            {totals.map((t) => payoutTotalsText(t)).join("; ")}
          </p>
          <ol className="order-payouts__list">
            {payouts.map((payout) => (
              <li key={payout.payoutId} className="order-payouts__item" data-status={payout.status}>
                <p className="order-payouts__what">
                  <strong>{formatMoney(payout.amountCents, payout.currency)}</strong>{" "}
                  <span className={`payout-state payout-state--${payout.status}`}>
                    {PAYOUT_STATUS_LABELS[payout.status]}
                  </span>
                </p>
                <p className="order-payouts__detail">
                  {payout.kind === "convertRemainder"
                    ? `The value of your ${unitDisplayName(payout.unitType)} that bought no whole Unit`
                    : `${formatNumber0(payout.units)} ${unitDisplayName(payout.unitType)} at ${formatPrice(payout.pricePerUnit, payout.currency)} a Unit`}
                </p>
                <p className="order-payouts__detail muted">{datesOf(payout)}</p>
              </li>
            ))}
          </ol>
        </>
      )}
      <p className="muted">
        {order.orderType === "SELL"
          ? "Each slice a buyer takes is owed at that buyer's price, rounded to the cent, and paid to the bank account in your verified details."
          : "Paid to the bank account in your verified details."}
      </p>
    </section>
  )
}
