/** /dashboard/land-projects (spec §2 'View Project Status'): every land project, its details and impact metrics. */
import { formatNumber0, formatNumber2 } from "@landunits/core/format/Format.ts"
import { createFileRoute } from "@tanstack/react-router"
import { communityApi } from "../api/community.ts"
import { GovernanceNav } from "../components/community/CommunityNav.tsx"
import { Empty, LoadError, PageHead } from "../components/layout/Page.tsx"
import { pageHead } from "../lib/pageHead.ts"

/** Spec §3 Impact metrics, in the words the page shows. */
const METRICS = {
  co2Offset: "CO₂ offset",
  forestIncrease: "Forest increase",
  naturalNitrogen: "Natural nitrogen",
  organicIncrease: "Organic increase",
  pesticideElimination: "Pesticide elimination",
  hedgerowIncrease: "Hedgerow increase",
} as const

const figure = (value: number) => (Number.isInteger(value) ? formatNumber0(value) : formatNumber2(value))

function LandProjects() {
  const projects = Route.useLoaderData()
  const open = projects.filter((p) => p.status === "open").length
  return (
    <>
      <PageHead
        eyebrow="Projects"
        title="Land Project Details"
        lead={`${projects.length} land project${projects.length === 1 ? "" : "s"}, ${open} open to purchases, with the impact each one reports.`}
      />
      <div className="container section">
        <GovernanceNav current="/dashboard/land-projects" />
        {projects.length === 0 ? (
          <Empty>No land project has been published yet.</Empty>
        ) : (
          <ul className="cm-list">
            {projects.map((p) => (
              <li key={p.id} className="card cm-card" aria-labelledby={`project-${p.id}`}>
                <h2 id={`project-${p.id}`}>{p.name}</h2>
                <p className="cm-meta">
                  <span className={`cm-badge ${p.status === "open" ? "cm-badge--good" : ""}`}>
                    {p.status === "open" ? "Open" : "Closed"}
                  </span>
                  <span>{p.status === "open" ? "Takes purchases" : "Fully funded; managed sustainably"}</span>
                </p>
                <p>{p.description}</p>
                <h3 className="muted" style={{ fontSize: "1rem" }}>
                  Impact metrics
                </h3>
                <dl className="cm-metrics">
                  {(Object.keys(METRICS) as ReadonlyArray<keyof typeof METRICS>).map((k) => (
                    <div key={k}>
                      <dt>{METRICS[k]}</dt>
                      <dd>{figure(p.impactMetrics[k])}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}

export const Route = createFileRoute("/dashboard/land-projects")({
  head: () => pageHead("Land project details"),
  loader: () => communityApi.projects(),
  component: LandProjects,
  errorComponent: LoadError,
})
