import { createFileRoute, Link } from "@tanstack/react-router"
import { PageHead } from "../components/Page.tsx"
import { useSessionUser } from "../session/session.ts"

/** The dashboard's shortcut tiles (spec §2); the pages behind them are the dashboard issue's. */
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

function Dashboard() {
  const user = useSessionUser()
  return (
    <>
      <PageHead
        eyebrow="Dashboard"
        title={`Welcome, ${user?.firstName ?? "member"}`}
        lead="Choose what you want to do."
      />
      <div className="container section">
        <ul className="grid grid--4 tiles" style={{ listStyle: "none", padding: 0 }}>
          {TILES.map((t) => (
            <li key={t.href}>
              <a href={t.href}>
                <div className="card">
                  <h2 style={{ fontSize: "1.1rem" }}>{t.title}</h2>
                  <p className="muted">{t.text}</p>
                </div>
              </a>
            </li>
          ))}
        </ul>
        <p style={{ marginTop: 24 }}>
          New here? Read <Link to="/dashboard/What-are-Land-Units">What are Land Units?</Link>
        </p>
      </div>
    </>
  )
}

export const Route = createFileRoute("/dashboard/")({ component: Dashboard })
