/**
 * /dashboard/convert (spec §2), also reached by the route constant '/dashboard/convert/': the convert form with
 * the day's rate, prices and fee (docs/web.md).
 */
import { createFileRoute, Link } from "@tanstack/react-router"
import { loadOrderForms } from "../api/orderLoaders.ts"
import { LoadError, PageHead } from "../components/layout/Page.tsx"
import { CONVERT_LOCK_TEXT, ConvertForm } from "../components/orders/ConvertForm.tsx"
import { pageHead } from "../lib/pageHead.ts"

function Convert() {
  const data = Route.useLoaderData()
  return (
    <>
      <PageHead
        eyebrow="Dashboard"
        title="Convert Units"
        lead={`Units of one currency become Units of another at the day's exchange rate. ${CONVERT_LOCK_TEXT}`}
      />
      <div className="container section stack">
        <nav aria-label="Order type" className="chips">
          <Link to="/dashboard/transaction" search={{ tab: "buy" }}>
            Buy
          </Link>
          <Link to="/dashboard/transaction" search={{ tab: "sell" }}>
            Sell
          </Link>
          <Link to="/dashboard/transaction" search={{ tab: "transfer" }}>
            Transfer
          </Link>
          <Link to="/dashboard/convert" aria-current="page">
            Convert
          </Link>
        </nav>
        <ConvertForm data={data} />
      </div>
    </>
  )
}

export const Route = createFileRoute("/dashboard/convert")({
  head: () => pageHead("Convert Units"),
  loader: () => loadOrderForms(),
  staleTime: 0,
  component: Convert,
  errorComponent: LoadError,
})
