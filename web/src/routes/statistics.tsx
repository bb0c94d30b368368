/** Statistics: the API's public statistics route is being added; until then the page says so. */
import { createFileRoute } from "@tanstack/react-router"
import { api } from "../api/endpoints.ts"
import { Empty, LoadError, PageHead } from "../components/Page.tsx"

function Statistics() {
  const projects = Route.useLoaderData()
  return (
    <>
      <PageHead
        eyebrow="Statistics"
        title="Statistics"
        lead="Land value, Units and impact across our projects."
      />
      <div className="container section">
        <h2>Land value in GBP, USD and EUR</h2>
        <Empty>
          The platform-wide land values and conversion totals are published here once the statistics service
          is live.
        </Empty>
        <h2 style={{ marginTop: 32 }}>Land projects</h2>
        {projects.length === 0 ? (
          <Empty>No land projects have been published yet.</Empty>
        ) : (
          <ul className="grid grid--3" style={{ listStyle: "none", padding: 0 }}>
            {projects.map((p) => (
              <li className="card" key={p.id}>
                <h3>{p.name}</h3>
                <p className="muted">{p.description}</p>
                <p>
                  Status: <strong>{p.status === "open" ? "Open" : "Closed"}</strong>
                </p>
                <p>
                  CO₂ offset: <strong>{p.impactMetrics.co2Offset}</strong> · Forest increase:{" "}
                  <strong>{p.impactMetrics.forestIncrease}%</strong> · Hedgerow increase:{" "}
                  <strong>{p.impactMetrics.hedgerowIncrease}%</strong>
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}

export const Route = createFileRoute("/statistics")({
  loader: () => api.projects(),
  component: Statistics,
  errorComponent: LoadError,
})
