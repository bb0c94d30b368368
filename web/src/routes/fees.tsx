/**
 * Fees (spec §1, §3, §9): the fee policy in words, then today's fees per unit type and the payment providers'
 * fees per payment method, from GET /api/market/fees.
 */
import { formatMoney, formatNumber0, formatPercent } from "@landunits/core/format/Format.ts"
import { PAYMENT_METHOD_LABELS } from "@landunits/core/format/Labels.ts"
import { PayingMethods } from "@landunits/core/shared/EnumValues.ts"
import { createFileRoute } from "@tanstack/react-router"
import { api } from "../api/endpoints.ts"
import { LoadError, PageHead } from "../components/layout/Page.tsx"
import { ScrollRegion } from "../components/layout/ScrollRegion.tsx"
import { pageHead } from "../lib/pageHead.ts"

const units = (n: number) => `${formatNumber0(n)} Unit${n === 1 ? "" : "s"}`

function Fees() {
  const { fees, externalFees } = Route.useLoaderData()
  return (
    <>
      <PageHead
        eyebrow="Fees"
        title="Fees"
        lead="What you pay, and when. Every order shows its exact fees before you confirm it."
      />
      <div className="container section stack">
        <ul className="prose">
          <li>
            <strong>Buying:</strong> a fixed fee per purchase in the Units' currency (
            {fees.map((f) => formatMoney(f.buyOrderTransactionFeeInCents, f.currency)).join(", ")}), plus the
            payment provider's fee for the method you choose.
          </li>
          <li>
            <strong>Selling:</strong> a fee in Units per sale. Sales are filled first in, first out.
          </li>
          <li>
            <strong>Transfers</strong> to another member are free.
          </li>
          <li>
            <strong>Converting</strong> between currencies: the convert fee in Units below.
          </li>
        </ul>

        <section aria-labelledby="unit-fees-title">
          <h2 id="unit-fees-title">Fees by currency</h2>
          <ScrollRegion label="Fees by currency">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Currency</th>
                  <th scope="col">Buy fee</th>
                  <th scope="col">Sell fee</th>
                  <th scope="col">Convert fee</th>
                  <th scope="col">Transfer</th>
                </tr>
              </thead>
              <tbody>
                {fees.map((f) => (
                  <tr key={f.unitType}>
                    <th scope="row">{f.currency}</th>
                    <td>{formatMoney(f.buyOrderTransactionFeeInCents, f.currency)}</td>
                    <td>{units(f.sellOrderTransactionFeeInUnits)}</td>
                    <td>{units(f.convertOrderTransactionFeeInUnits)}</td>
                    <td>Free</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </section>

        <section aria-labelledby="provider-fees-title">
          <h2 id="provider-fees-title">Payment provider fees</h2>
          <p className="muted">
            Added to a purchase: a percentage of the amount (subtotal and buy fee) plus a fixed amount in the
            purchase's currency.
          </p>
          <ScrollRegion label="Payment provider fees">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Payment method</th>
                  <th scope="col">Percentage</th>
                  <th scope="col">Fixed amount</th>
                </tr>
              </thead>
              <tbody>
                {PayingMethods.map((m) => {
                  const fee = externalFees[m]
                  return fee === undefined ? null : (
                    <tr key={m}>
                      <th scope="row">{PAYMENT_METHOD_LABELS[m]}</th>
                      <td>{formatPercent(fee.fixedPercentageFees)}</td>
                      <td>{formatNumber0(fee.fixedCentsFees)} cents</td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </ScrollRegion>
        </section>
      </div>
    </>
  )
}

export const Route = createFileRoute("/fees")({
  head: () =>
    pageHead(
      "Fees",
      "What you pay to buy, sell, transfer and convert Units, and the payment providers' fees.",
    ),
  loader: () => api.fees(),
  component: Fees,
  errorComponent: LoadError,
})
