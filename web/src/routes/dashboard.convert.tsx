/**
 * /dashboard/convert (spec §2), also reached by the route constant '/dashboard/convert/'. This first part of
 * the web app shows today's exchange rates between the unit currencies; the convert form is the dashboard
 * issue's (docs/web.md).
 */
import { createFileRoute } from "@tanstack/react-router"
import { api } from "../api/endpoints.ts"
import { LoadError, PageHead } from "../components/Page.tsx"
import { formatRate } from "../lib/prices.ts"

function Convert() {
  const { exchangeRate } = Route.useLoaderData()
  return (
    <>
      <PageHead
        eyebrow="Dashboard"
        title="Convert Units"
        lead="Units of one currency become Units of another at the day's exchange rate; converted Units are locked for 30 days."
      />
      <div className="container section stack">
        <section aria-labelledby="rates-title">
          <h2 id="rates-title">Today's exchange rates</h2>
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">From</th>
                  <th scope="col">To</th>
                  <th scope="col">Rate</th>
                  <th scope="col">Day</th>
                </tr>
              </thead>
              <tbody>
                {exchangeRate.map((r) => (
                  <tr key={`${r.from}-${r.to}`}>
                    <td>{r.from}</td>
                    <td>{r.to}</td>
                    <td>{formatRate(r.rate)}</td>
                    <td>{r.day}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <p className="muted">Converting from this page comes with the dashboard's order forms.</p>
      </div>
    </>
  )
}

export const Route = createFileRoute("/dashboard/convert")({
  loader: () => api.exchangeRates(),
  component: Convert,
  errorComponent: LoadError,
})
