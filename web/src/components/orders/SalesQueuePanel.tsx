/**
 * A queued sell's place in the sales queue on its order page (issue 24): its position in its unit type's
 * queue, the Units ahead of it, its own still waiting, and the estimate of when it is all sold from the last
 * 30 days' buys (core's SaleQueuePosition.ts; the words from core's QueueWords.ts, as in the CLI).
 */
import type { OrderDetails } from "@landunits/adapters/http/api/OrdersApi.ts"
import { formatNumber0 } from "@landunits/core/format/Format.ts"
import { fillEstimateText, ordinal } from "@landunits/core/format/QueueWords.ts"
import { unitDisplayName } from "@landunits/core/shared/EnumValues.ts"

export function SalesQueuePanel({ order }: { readonly order: OrderDetails }) {
  const standing = order.salesQueue
  if (standing === undefined) return null
  const unit = unitDisplayName(order.currencyUnit.unitType)
  const units = (n: number) => `${formatNumber0(n)} ${unit}`
  const sales =
    standing.ordersAhead === 1 ? "1 older sale" : `${formatNumber0(standing.ordersAhead)} older sales`
  return (
    <section className="payment-box order-queue" aria-labelledby="queue-title">
      <h2 id="queue-title">Your place in the sales queue</h2>
      <dl className="payment-details" data-testid="sales-queue">
        <div>
          <dt>Position</dt>
          <dd>
            <strong>{ordinal(standing.position)}</strong> in the {unit} queue
            {standing.position === 1 ? ": your Units are sold next" : ""}
          </dd>
        </div>
        <div>
          <dt>Units ahead of yours</dt>
          <dd>{standing.unitsAhead === 0 ? "None" : `${units(standing.unitsAhead)} (${sales})`}</dd>
        </div>
        <div>
          <dt>Yours still waiting</dt>
          <dd>{units(standing.remaining)}</dd>
        </div>
        <div>
          <dt>Estimated time to be sold</dt>
          <dd>{fillEstimateText(standing.estimate)}</dd>
        </div>
      </dl>
      <p className="muted">
        Buyers take the oldest sales first. {units(standing.unitsBoughtLast30Days)} were bought in the last 30
        days; the estimate assumes that pace goes on, and the range comes from the quickest and the slowest 10
        days of that month. It is an estimate, not a promise: we email you as your Units are sold.
      </p>
    </section>
  )
}
