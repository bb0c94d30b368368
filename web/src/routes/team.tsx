import { createFileRoute } from "@tanstack/react-router"
import { api } from "../api/endpoints.ts"
import { Empty, LoadError, PageHead } from "../components/layout/Page.tsx"
import { pageHead } from "../lib/pageHead.ts"

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((p) => p[0] ?? "")
    .join("")
    .slice(0, 2)

function Team() {
  const team = Route.useLoaderData()
  return (
    <>
      <PageHead eyebrow="Team" title="Our team" lead="The people who buy, manage and report on the land." />
      <div className="container section">
        {team.length === 0 ? (
          <Empty>The team has not been published yet.</Empty>
        ) : (
          <ul className="grid grid--3" style={{ listStyle: "none", padding: 0 }}>
            {team.map((m) => (
              <li className="card" key={m.name}>
                <div className="avatar" aria-hidden="true">
                  {initials(m.name)}
                </div>
                <h2 style={{ fontSize: "1.15rem", marginBottom: 4 }}>{m.name}</h2>
                <p className="muted">{m.designation}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}

export const Route = createFileRoute("/team")({
  head: () => pageHead("Our team", "The people behind Landunits."),
  loader: () => api.team(),
  component: Team,
  errorComponent: LoadError,
})
