/** Fees: the fee policy of spec §1; the live fee table comes with the API's fees route (being added). */
import { createFileRoute } from "@tanstack/react-router"
import { Empty, PageHead } from "../components/Page.tsx"

function Fees() {
  return (
    <>
      <PageHead eyebrow="Fees" title="Fees" lead="What you pay, and when." />
      <div className="container section prose">
        <ul>
          <li>
            <strong>Buying:</strong> a fee of about 1 per purchase in GBP, EUR or USD (A$1.6 for Units in
            AUD), plus the payment provider's fee for the method you choose. The exact amount is shown before
            you pay.
          </li>
          <li>
            <strong>Selling:</strong> 10 Units per sale. Sales are filled first in, first out.
          </li>
          <li>
            <strong>Transfers</strong> to another member are free.
          </li>
          <li>
            <strong>Converting</strong> between currencies: the convert fee in Units is shown before you
            confirm.
          </li>
        </ul>
        <h2>Current fees by currency and payment method</h2>
        <Empty>
          The current fee table is published here once the fees service is live. Every order shows its exact
          fees before you confirm it.
        </Empty>
      </div>
    </>
  )
}

export const Route = createFileRoute("/fees")({ component: Fees })
