import { createFileRoute } from "@tanstack/react-router"
import { PageHead } from "../components/layout/Page.tsx"
import { TERMS, TERMS_VERSION } from "../content/legal.ts"
import { pageHead } from "../lib/pageHead.ts"

function Legal() {
  return (
    <>
      <PageHead eyebrow="Legal" title="Terms and Conditions" lead={`Version ${TERMS_VERSION}`} />
      <div className="container section prose">
        {TERMS.map((s) => (
          <section key={s.heading}>
            <h2>{s.heading}</h2>
            {s.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
        ))}
      </div>
    </>
  )
}

export const Route = createFileRoute("/terms-and-conditions")({
  head: () =>
    pageHead("Terms and conditions", "The terms that apply to your Landunits account and your Units."),
  component: Legal,
})
