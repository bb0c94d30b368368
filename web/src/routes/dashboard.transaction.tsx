/**
 * /dashboard/transaction?tab=buy|sell|transfer (spec §2), also reached by the route constant
 * '/dashboard/transaction/'. The member's order forms with live figures from core's formulas (docs/web.md).
 */
import { createFileRoute, Link } from "@tanstack/react-router"
import { loadOrderForms } from "../api/orderLoaders.ts"
import { LoadError, PageHead } from "../components/layout/Page.tsx"
import { BuyForm } from "../components/orders/BuyForm.tsx"
import { SellForm, TransferForm } from "../components/orders/UnitsOrderForms.tsx"
import { pageHead } from "../lib/pageHead.ts"

const TABS = ["buy", "sell", "transfer"] as const
type Tab = (typeof TABS)[number]
const TAB_LABELS: Readonly<Record<Tab, string>> = { buy: "Buy", sell: "Sell", transfer: "Transfer" }
const LEADS: Readonly<Record<Tab, string>> = {
  buy: "Bought Units sit in Pending and move to Owned once your payment is confirmed, within 24 hours on a weekday after the funds register.",
  sell: "Your Units join the sales queue, first in, first out; you are paid as buyers take them.",
  transfer:
    "Send Units to another member, free of charge. You see the recipient's name before anything is sent.",
}

function Transaction() {
  const data = Route.useLoaderData()
  const { tab } = Route.useSearch()
  return (
    <>
      <PageHead eyebrow="Dashboard" title={`${TAB_LABELS[tab]} Units`} lead={LEADS[tab]} />
      <div className="container section stack">
        <nav aria-label="Order type" className="chips">
          {TABS.map((t) => (
            <Link
              key={t}
              to="/dashboard/transaction"
              search={{ tab: t }}
              aria-current={t === tab ? "page" : undefined}
            >
              {TAB_LABELS[t]}
            </Link>
          ))}
          <Link to="/dashboard/convert">Convert</Link>
        </nav>
        {tab === "buy" ? (
          <BuyForm key="buy" data={data} />
        ) : tab === "sell" ? (
          <SellForm key="sell" data={data} />
        ) : (
          <TransferForm key="transfer" data={data} />
        )}
      </div>
    </>
  )
}

export const Route = createFileRoute("/dashboard/transaction")({
  head: () => pageHead("Buy, sell or transfer Units"),
  validateSearch: (search: Record<string, unknown>): { tab: Tab } => ({
    tab: TABS.includes(search.tab as Tab) ? (search.tab as Tab) : "buy",
  }),
  loader: () => loadOrderForms(),
  // A new tab or a new order: fresh holdings and totals.
  staleTime: 0,
  component: Transaction,
  errorComponent: LoadError,
})
