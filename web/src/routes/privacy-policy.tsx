import { createFileRoute } from "@tanstack/react-router"
import { PageHead } from "../components/layout/Page.tsx"
import { PRIVACY } from "../content/legal.ts"
import { pageHead } from "../lib/pageHead.ts"

function Legal() {
  return (
    <>
      <PageHead eyebrow="Legal" title="Privacy Policy" lead={"How we collect, protect and keep your data."} />
      <div className="container section prose">
        {PRIVACY.map((s) => (
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

export const Route = createFileRoute("/privacy-policy")({
  head: () => pageHead("Privacy policy", "How Landunits collects, uses and protects your personal data."),
  component: Legal,
})
