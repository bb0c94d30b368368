/**
 * The dashboard's "Finish paying" (issue 27): the member's unpaid buys, each with what it costs, when it
 * must be paid and a link to its page, where the payment instructions are again. Nothing when there is none.
 */
import { formatDateTimeZoned, formatMoney, formatNumber0 } from "@landunits/core/format/Format.ts"
import type { Order } from "@landunits/core/orders/OrderModel.ts"
import { unitDisplayName } from "@landunits/core/shared/EnumValues.ts"
import { Link } from "@tanstack/react-router"
import type { Settled } from "../../api/endpoints.ts"

export function UnpaidOrders({ unpaid }: { readonly unpaid: Settled<ReadonlyArray<Order>> }) {
  if (!unpaid.ok || unpaid.value.length === 0) return null
  return (
    <section className="unpaid-orders" aria-labelledby="unpaid-title">
      <h2 id="unpaid-title">Waiting for your payment</h2>
      <ul>
        {unpaid.value.map((order) => (
          <li key={order.orderId}>
            <span>
              <strong>
                {formatNumber0(order.currencyUnit.numberOfUnits)}{" "}
                {unitDisplayName(order.currencyUnit.unitType)}
              </strong>
              {order.paymentDetails === undefined
                ? null
                : ` · ${formatMoney(order.paymentDetails.paymentAmount, order.paymentDetails.currency)}`}
              <span className="muted small"> · placed {formatDateTimeZoned(order.createdAt)}</span>
            </span>
            <Link
              className="btn btn--primary btn--small"
              to="/dashboard/transaction/$orderId"
              params={{ orderId: order.orderId }}
            >
              Finish paying<span className="visually-hidden"> order {order.orderId}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
