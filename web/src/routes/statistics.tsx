/**
 * Statistics (spec §2, §3): the land value in GBP, USD and EUR (totalAmountsConvertedFromGBP), each currency's
 * project land value and Unit totals, the growth rate, the platform's impact and the land projects, all from
 * the API's public routes; and a unit type's price over time with the schedule's changes (issue 24), loaded
 * in the browser after the page (components/prices/LazyPriceHistory.tsx).
 */
import { formatFigure, formatMoney, formatNumber0, formatPercent } from "@landunits/core/format/Format.ts"
import { IMPACT_METRIC_LABELS } from "@landunits/core/impact/ImpactMetricLabels.ts"
import { DEFAULT_UNIT_TYPE } from "@landunits/core/shared/Constants.ts"
import { CurrencyOfUnitType, unitDisplayName } from "@landunits/core/shared/EnumValues.ts"
import { createFileRoute } from "@tanstack/react-router"
import { api } from "../api/endpoints.ts"
import { LoadError, PageHead } from "../components/layout/Page.tsx"
import { ScrollRegion } from "../components/layout/ScrollRegion.tsx"
import { LazyPriceHistory } from "../components/prices/LazyPriceHistory.tsx"
import { landValueFigures } from "../lib/figures.ts"
import { pageHead } from "../lib/pageHead.ts"

function Statistics() {
  const { statistics, env, projects } = Route.useLoaderData()
  const stats = statistics.landUnitStats
  return (
    <>
      <PageHead
        eyebrow="Statistics"
        title="Statistics"
        lead="Land value, Units and impact across our projects, as the platform records them today."
      />
      <div className="container section stack">
        <section aria-labelledby="land-value-title">
          <h2 id="land-value-title">Land value in GBP, USD and EUR</h2>
          <p className="muted">Every project's land value, converted at today's exchange rates.</p>
          <dl className="grid grid--3 stats">
            {landValueFigures(statistics).map((f) => (
              <div className="card stat" key={f.currency}>
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
          <p className="muted" style={{ marginTop: 12 }}>
            Unit prices grow {formatPercent(stats.growthPerYearPercent)} a year;{" "}
            {formatPercent(stats.maxLandUnitsForSalePercentage)} of the land value is offered as Units.
          </p>
        </section>

        <section aria-labelledby="prices-title">
          <h2 id="prices-title">Unit prices over time</h2>
          <p className="muted">
            Prices rise daily by the published schedule. Check any day's price, and every change we made to
            the schedule.
          </p>
          <div className="card">
            <LazyPriceHistory initialUnit={DEFAULT_UNIT_TYPE.dashboard} />
          </div>
        </section>

        <section aria-labelledby="units-title">
          <h2 id="units-title">Units by currency</h2>
          <ScrollRegion label="Units by currency">
            <table className="data-table">
              <caption className="visually-hidden">Land value and Units per unit type</caption>
              <thead>
                <tr>
                  <th scope="col">Unit</th>
                  <th scope="col">Land value</th>
                  <th scope="col">Units bought</th>
                  <th scope="col">Units bought - pending</th>
                  <th scope="col">Units sold - pending</th>
                </tr>
              </thead>
              <tbody>
                {statistics.projectTotals.map((t) => (
                  <tr key={t.unitType}>
                    <th scope="row">{unitDisplayName(t.unitType)}</th>
                    <td>{formatMoney(t.totalProjectLandValueInCents, CurrencyOfUnitType[t.unitType])}</td>
                    <td>{formatNumber0(t.totalPurchase)}</td>
                    <td>{formatNumber0(t.totalPendingPurchase)}</td>
                    <td>{formatNumber0(t.totalPendingSell)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </section>

        <section aria-labelledby="impact-title">
          <h2 id="impact-title">Impact</h2>
          <p className="muted">
            Summed over {formatNumber0(env.projectCount)} land project{env.projectCount === 1 ? "" : "s"}, as
            each project reports them.
          </p>
          <dl className="grid grid--3 stats">
            {IMPACT_METRIC_LABELS.map(({ key, label, unit }) => (
              <div className="card stat" key={key}>
                <dt>{label}</dt>
                <dd>
                  {formatFigure(env.envMetrics[key])} <span className="stat__unit">{unit}</span>
                </dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="projects-title">
          <h2 id="projects-title">Land projects</h2>
          {projects.length === 0 ? (
            <p className="empty">No land projects have been published yet.</p>
          ) : (
            <ul className="grid grid--3" style={{ listStyle: "none", padding: 0 }}>
              {projects.map((p) => (
                <li className="card" key={p.id}>
                  <h3>{p.name}</h3>
                  <p className="muted">{p.description}</p>
                  <p>
                    Status: <strong>{p.status === "open" ? "Open" : "Closed"}</strong>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  )
}

export const Route = createFileRoute("/statistics")({
  head: () => pageHead("Statistics", "Units sold, land value and members, updated as orders are made."),
  loader: async () => {
    const [statistics, env, projects] = await Promise.all([
      api.statistics(),
      api.envMetrics(),
      api.projects(),
    ])
    return { statistics, env, projects }
  },
  component: Statistics,
  errorComponent: LoadError,
})
