/**
 * /dashboard (spec §2). It opens on what the member's Units are worth, in a currency they choose, with its change
 * since the previous price day (issue 38), then what needs doing and what the member holds (issue 27): unpaid
 * orders to finish, the member's Units per unit type they hold (spec §3 Unit holding, with its column labels;
 * stacked rows on a phone; a unit type with nothing in it is left out); then the four shortcut tiles (one line
 * each on a phone), two charts (one unit type's price over time and the member's portfolio value), the member's
 * impact and the projects' totals. A member who holds nothing sees one next step, "Buy your first Units", instead
 * of the headline, a table of zeros and an impact of zeros. Each part loads on its own: one failing says so and
 * leaves the rest.
 */
import type { UserAnalytics } from "@landunits/core/analytics/UserAnalytics.ts"
import type { ImpactMetrics } from "@landunits/core/content/ContentModel.ts"
import { formatMoney, formatNumber0, formatNumber2, formatPercent } from "@landunits/core/format/Format.ts"
import { IMPACT_METRIC_LABELS } from "@landunits/core/impact/ImpactMetricLabels.ts"
import type { UnitHolding } from "@landunits/core/ledger/LedgerModel.ts"
import type { UnitProjectTotals } from "@landunits/core/market/MarketModel.ts"
import {
  CurrencyOfUnitType,
  type CurrencyType,
  type UnitType,
  UnitTypes,
  unitDisplayName,
} from "@landunits/core/shared/EnumValues.ts"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import type { ReactNode } from "react"
import type { Settled } from "../api/endpoints.ts"
import { CHART_PERIODS, type ChartPeriod, type DashboardData, loadDashboard } from "../api/home.ts"
import { DashboardGreeting } from "../components/dashboard/DashboardGreeting.tsx"
import { FirstUnits, PortfolioHeadline } from "../components/dashboard/PortfolioHeadline.tsx"
import { ScrollRegion } from "../components/layout/ScrollRegion.tsx"
import { UnpaidOrders } from "../components/orders/UnpaidOrders.tsx"
import { LineChart } from "../components/shared/LineChart.tsx"
import { holdsNothing } from "../lib/headline.ts"
import { pageHead } from "../lib/pageHead.ts"
import { type DailyRates, portfolioPoints, pricePoints } from "../lib/portfolio.ts"
import { changeMarkers, pricePointsOf, purchaseMarkers } from "../lib/priceHistory.ts"
import { formatPrice } from "../lib/prices.ts"
import { useSessionUser } from "../session/session.ts"

/** The dashboard's shortcut tiles (spec §2). */
const TILES = [
  {
    href: "/dashboard/land-projects",
    title: "View Project Status",
    text: "The land projects and their impact.",
  },
  {
    href: "/dashboard/transaction?tab=buy",
    title: "Buy Units",
    text: "Buy Units by card, bank transfer or crypto.",
  },
  {
    href: "/dashboard/my-transactions",
    title: "View Transaction History",
    text: "Every order and its status.",
  },
  {
    href: "/dashboard/settings",
    title: "Update Your Profile",
    text: "Your details and identity verification.",
  },
]

/** The columns of spec §3 Unit holding, labels word for word: each with its cell, red when it is a loss. */
const HOLDING_COLUMNS: ReadonlyArray<{
  readonly label: string
  readonly cell: (h: UnitHolding) => ReactNode
  readonly loss?: (h: UnitHolding) => boolean
}> = [
  {
    label: "Units Owned",
    cell: (h) => (
      <>
        {formatNumber0(h.owned + h.owned_DOUBLE_LAND)}
        {h.owned_DOUBLE_LAND > 0 ? (
          <span className="muted"> (incl. {formatNumber0(h.owned_DOUBLE_LAND)} LU2X)</span>
        ) : null}
      </>
    ),
  },
  { label: "Units Bought - Pending", cell: (h) => formatNumber0(h.pendingBuy) },
  { label: "Units Converted (Locked)", cell: (h) => formatNumber0(h.convertLocked) },
  { label: "Units Sold - Pending", cell: (h) => formatNumber0(h.pendingSell) },
  { label: "Total Value (at Purchase)", cell: (h) => formatMoney(h.total_value_bought, h.currencyType) },
  { label: "Total Value (Today)", cell: (h) => formatMoney(h.total_value_today, h.currencyType) },
  { label: "Value Increase", cell: (h) => formatMoney(h.profit, h.currencyType), loss: (h) => h.profit < 0 },
  {
    label: "Value Increase (%)",
    cell: (h) => formatPercent(h.profit_percentage),
    loss: (h) => h.profit_percentage < 0,
  },
]

function Unavailable({ what, message }: { readonly what: string; readonly message: string }) {
  return (
    <p className="form-error" role="alert">
      {what} could not be loaded: {message}
    </p>
  )
}

/** A unit type with nothing in it, nor any value: left out of the table (no rows of zeros). */
const isEmpty = (h: UnitHolding) =>
  h.owned + h.owned_DOUBLE_LAND + h.pendingBuy + h.pendingSell + h.convertLocked === 0 &&
  h.total_value_bought === 0 &&
  h.total_value_today === 0

function Holdings({ holdings: all }: { readonly holdings: ReadonlyArray<UnitHolding> }) {
  const holdings = all.filter((h) => !isEmpty(h))
  const anyDoubleLand = holdings.some((h) => h.owned_DOUBLE_LAND > 0)
  return (
    <>
      <ScrollRegion label="Your Units">
        <table className="data-table data-table--stack holdings">
          <caption className="visually-hidden">Your Units per unit type</caption>
          <thead>
            <tr>
              <th scope="col">Unit</th>
              {HOLDING_COLUMNS.map((c) => (
                <th scope="col" key={c.label}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {holdings.map((h) => (
              <tr key={h.unitType}>
                <th scope="row">{unitDisplayName(h.unitType)}</th>
                {HOLDING_COLUMNS.map((c) => (
                  <td key={c.label} data-label={c.label} className={c.loss?.(h) ? "num--down" : undefined}>
                    {c.cell(h)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="muted small">
        Units bought are pending until the payment is confirmed (within 24 hours on a weekday after the funds
        register). Converted Units are locked for 30 days.
        {anyDoubleLand
          ? " LU2X Units can be sold or transferred from 6 months after purchase, 10% of the total a month."
          : ""}
      </p>
    </>
  )
}

function ProjectTotals({ totals }: { readonly totals: ReadonlyArray<UnitProjectTotals> }) {
  return (
    <ScrollRegion label="Project totals">
      <table className="data-table data-table--stack">
        <caption className="visually-hidden">Project totals per unit type</caption>
        <thead>
          <tr>
            <th scope="col">Unit</th>
            <th scope="col">Land value</th>
            <th scope="col">Units bought</th>
            <th scope="col">Units bought - pending</th>
            <th scope="col">Units for sale - pending</th>
            <th scope="col">LU2X offer used</th>
          </tr>
        </thead>
        <tbody>
          {totals.map((t) => {
            const currency = CurrencyOfUnitType[t.unitType]
            return (
              <tr key={t.unitType}>
                <th scope="row">{unitDisplayName(t.unitType)}</th>
                <td data-label="Land value">{formatMoney(t.totalProjectLandValueInCents, currency)}</td>
                <td data-label="Units bought">{formatNumber0(t.totalPurchase)}</td>
                <td data-label="Units bought - pending">{formatNumber0(t.totalPendingPurchase)}</td>
                <td data-label="Units for sale - pending">{formatNumber0(t.totalPendingSell)}</td>
                <td data-label="LU2X offer used">
                  {formatMoney(t.totalDoubleLandUnitsBoughtValueInCents, currency)} of{" "}
                  {formatMoney(t.maxDoubleLandUnitsBoughtValueInCents, currency)}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

function Impact({ impact }: { readonly impact: ImpactMetrics }) {
  return (
    <dl className="impact grid grid--3">
      {IMPACT_METRIC_LABELS.map(({ key, label, unit }) => (
        <div className="card stat" key={key}>
          <dt>{label}</dt>
          <dd>
            {formatNumber2(impact[key])} <span className="stat__unit">{unit}</span>
          </dd>
        </div>
      ))}
    </dl>
  )
}

function Charts({
  analytics,
  rates,
  unit,
  days,
  priceHistory,
  purchases,
}: {
  readonly analytics: UserAnalytics
  readonly rates: Settled<Partial<Record<CurrencyType, DailyRates>>>
  readonly unit: UnitType
  readonly days: ChartPeriod
  readonly priceHistory: DashboardData["priceHistory"]
  readonly purchases: DashboardData["purchases"]
}) {
  const navigate = useNavigate({ from: "/dashboard/" })
  const currency = CurrencyOfUnitType[unit]
  // The price as it was each day (GET /api/prices/history), the schedule's changes and the member's own paid
  // buys marked on it (issue 24); the analytics' prices if the history could not be loaded.
  const prices = priceHistory.ok ? pricePointsOf(priceHistory.value) : pricePoints(analytics.series, unit)
  const markers = [
    ...(priceHistory.ok ? changeMarkers(priceHistory.value) : []),
    ...(purchases.ok ? purchaseMarkers(purchases.value.transactions, unit, currency) : []),
  ]
  const portfolio = portfolioPoints(analytics.series, currency, rates.ok ? rates.value : {})
  return (
    <>
      <form
        className="inline-form chart-controls"
        aria-label="Chart options"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="field">
          <label htmlFor="chart-unit">Unit type</label>
          <select
            id="chart-unit"
            value={unit}
            onChange={(e) => void navigate({ search: (s) => ({ ...s, unit: e.target.value as UnitType }) })}
          >
            {UnitTypes.map((u) => (
              <option key={u} value={u}>
                {unitDisplayName(u)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="chart-days">Period</label>
          <select
            id="chart-days"
            value={days}
            onChange={(e) =>
              void navigate({ search: (s) => ({ ...s, days: Number(e.target.value) as ChartPeriod }) })
            }
          >
            {CHART_PERIODS.map((d) => (
              <option key={d} value={d}>
                Last {d} days
              </option>
            ))}
          </select>
        </div>
      </form>
      <div className="grid grid--2 charts">
        <div className="card">
          <LineChart
            title={`Price of one ${unitDisplayName(unit)}`}
            points={prices}
            format={(v) => formatPrice(Math.round(v), currency)}
            valueLabel="Price per Unit"
            empty="No prices for this period."
            markers={markers}
          />
          {!purchases.ok ? <Unavailable what="Your purchases" message={purchases.message} /> : null}
        </div>
        <div className="card">
          <LineChart
            title={`Your portfolio value in ${currency}`}
            points={portfolio.nothingHeld ? [] : portfolio.points}
            format={(v) => formatMoney(Math.round(v), currency)}
            valueLabel="Portfolio value"
            empty="You held no Units in this period: your portfolio's value shows here once a purchase is confirmed."
          />
          {!rates.ok ? (
            <Unavailable what="Exchange rates" message={rates.message} />
          ) : portfolio.daysWithoutRate > 0 ? (
            <p className="muted small">
              {portfolio.daysWithoutRate} day(s) are left out: no exchange rate to {currency} is known for
              them.
            </p>
          ) : null}
        </div>
      </div>
    </>
  )
}

function Dashboard() {
  const user = useSessionUser()
  const data: DashboardData = Route.useLoaderData()
  const { days } = chartOptions(Route.useSearch())
  const nothing = data.holdings.ok && holdsNothing(data.holdings.value.holdings)
  return (
    <>
      <DashboardGreeting user={user} />
      <div className="container section home">
        {/* An unpaid buy is the one thing to act on: it comes first, above the total (issue 27). */}
        <UnpaidOrders unpaid={data.unpaid} />
        {nothing ? (
          <FirstUnits />
        ) : data.holdings.ok && data.headline.ok ? (
          <PortfolioHeadline
            holdings={data.holdings.value.holdings}
            histories={data.headline.value}
            defaultCurrency={CurrencyOfUnitType[data.unit]}
          />
        ) : !data.headline.ok ? (
          <Unavailable what="Your total value" message={data.headline.message} />
        ) : null}
        {nothing ? null : (
          <section aria-labelledby="holdings-title">
            <h2 id="holdings-title">Your Units</h2>
            {data.holdings.ok ? (
              <Holdings holdings={data.holdings.value.holdings} />
            ) : (
              <Unavailable what="Your Units" message={data.holdings.message} />
            )}
          </section>
        )}

        <nav aria-label="Shortcuts">
          <ul className="grid grid--4 tiles">
            {TILES.map((t) => (
              <li key={t.href}>
                <a href={t.href}>
                  <div className="card">
                    <h2>{t.title}</h2>
                    <p className="muted">{t.text}</p>
                  </div>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p>
          New here? Read <Link to="/dashboard/What-are-Land-Units">What are Land Units?</Link>
        </p>

        <section aria-labelledby="charts-title">
          <h2 id="charts-title">Prices and your portfolio</h2>
          {data.analytics.ok ? (
            <Charts
              analytics={data.analytics.value.userAnalytics}
              rates={data.rates}
              unit={data.unit}
              days={days}
              priceHistory={data.priceHistory}
              purchases={data.purchases}
            />
          ) : (
            <Unavailable what="The charts" message={data.analytics.message} />
          )}
        </section>

        <section aria-labelledby="impact-title">
          <h2 id="impact-title">Your impact</h2>
          <p className="muted">
            Your share of the land value, times what the land projects achieve in total.
          </p>
          {nothing ? (
            <p>Your share shows here once you hold Units.</p>
          ) : data.impact.ok ? (
            <Impact impact={data.impact.value.yourImpact} />
          ) : (
            <Unavailable what="Your impact" message={data.impact.message} />
          )}
        </section>

        <section aria-labelledby="totals-title">
          <h2 id="totals-title">Project totals</h2>
          {data.statistics.ok ? (
            <ProjectTotals totals={data.statistics.value.projectTotals} />
          ) : (
            <Unavailable what="Project totals" message={data.statistics.message} />
          )}
        </section>
      </div>
    </>
  )
}

const UNIT_TYPES: ReadonlyArray<string> = UnitTypes

export interface ChartSearch {
  readonly unit?: UnitType
  readonly days?: ChartPeriod
}

/**
 * The charts' options in the URL. Without a unit type the loader opens the charts on what the member holds
 * (spec §4's LAND_USD when they hold none or several: core's defaultUnitType, issue 27).
 */
const chartOptions = (search: ChartSearch) => ({
  unit: search.unit,
  days: search.days ?? CHART_PERIODS[0],
})

export const Route = createFileRoute("/dashboard/")({
  head: () => pageHead("Dashboard"),
  validateSearch: (search: Record<string, unknown>): ChartSearch => {
    const days = CHART_PERIODS.find((d) => d === Number(search.days))
    return {
      ...(UNIT_TYPES.includes(String(search.unit)) ? { unit: search.unit as UnitType } : {}),
      ...(days === undefined ? {} : { days }),
    }
  },
  loaderDeps: ({ search }) => chartOptions(search),
  loader: ({ deps }) => loadDashboard(deps.days, deps.unit),
  component: Dashboard,
})
