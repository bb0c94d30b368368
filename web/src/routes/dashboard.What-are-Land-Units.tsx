/** The welcome route: where a member lands after the first sign-in (docs/decisions.md). */
import { createFileRoute, Link } from "@tanstack/react-router"
import { PageHead } from "../components/layout/Page.tsx"
import { HOW_IT_WORKS } from "../content/site.ts"
import { pageHead } from "../lib/pageHead.ts"

function WhatAreLandUnits() {
  return (
    <>
      <PageHead
        eyebrow="Welcome"
        title="What are Land Units?"
        lead="A short tour before your first purchase."
      />
      <div className="container section prose">
        <p>
          A Unit is a share in the money that buys and manages land sustainably. Units are offered in EUR,
          USD, AUD and GBP, and their price rises daily at a fixed rate. Units carry no land ownership and no
          legal connection to land.
        </p>
        <ol>
          {HOW_IT_WORKS.map((step) => (
            <li key={step.title}>
              <strong>{step.title}.</strong> {step.text}
            </li>
          ))}
        </ol>
        <p>
          Selling, transferring, converting and receiving payouts need a verified identity (KYC). Start it in
          your profile settings.
        </p>
        <Link to="/dashboard" className="btn btn--primary">
          Go to my dashboard
        </Link>
      </div>
    </>
  )
}

export const Route = createFileRoute("/dashboard/What-are-Land-Units")({
  head: () => pageHead("What are Land Units?"),
  component: WhatAreLandUnits,
})
