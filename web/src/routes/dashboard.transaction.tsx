/**
 * /dashboard/transaction?tab=buy|sell|transfer (spec §2), also reached by the route constant
 * '/dashboard/transaction/'. This first part of the web app shows today's prices and fees for each unit type;
 * the order forms are the dashboard issue's (docs/web.md).
 */

import { formatMoney, formatNumber0 } from "@landunits/core/format/Format.ts"
import { CurrencyOfUnitType, unitDisplayName } from "@landunits/core/shared/Enums.ts"
import { createFileRoute, Link } from "@tanstack/react-router"
import { api } from "../api/endpoints.ts"
import { LoadError, PageHead } from "../components/Page.tsx"
import { formatPrice } from "../lib/prices.ts"

const TABS = ["buy", "sell", "transfer"] as const
type Tab = (typeof TABS)[number]
const TAB_LABELS: Readonly<Record<Tab, string>> = { buy: "Buy", sell: "Sell", transfer: "Transfer" }

function Transaction() {
  const prices = Route.useLoaderData()
  const { tab } = Route.useSearch()
  return (
    <>
      <PageHead
        eyebrow="Dashboard"
        title={`${TAB_LABELS[tab]} Units`}
        lead="Today's prices and fees per Unit."
      />
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
        </nav>
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Unit</th>
                <th scope="col">Price today</th>
                <th scope="col">Buy fee</th>
                <th scope="col">Sell fee</th>
              </tr>
            </thead>
            <tbody>
              {prices.map((p) => (
                <tr key={p.unitType}>
                  <th scope="row">{unitDisplayName(p.unitType)}</th>
                  <td>{formatPrice(p.pricePerUnit, CurrencyOfUnitType[p.unitType])}</td>
                  <td>{formatMoney(p.buyOrderTransactionFeeInCents, p.currency)}</td>
                  <td>{formatNumber0(p.sellOrderTransactionFeeInUnits)} Units</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="muted">
          Placing {tab === "buy" ? "a purchase" : tab === "sell" ? "a sale" : "a transfer"} from this page
          comes with the dashboard's order forms. Prices rise daily; an order keeps the price of the moment it
          is created.
        </p>
      </div>
    </>
  )
}

export const Route = createFileRoute("/dashboard/transaction")({
  validateSearch: (search: Record<string, unknown>): { tab: Tab } => ({
    tab: TABS.includes(search.tab as Tab) ? (search.tab as Tab) : "buy",
  }),
  loader: () => api.prices(),
  component: Transaction,
  errorComponent: LoadError,
})
