/** /rocket1: a campaign page with its own header (only Log in for guests). */
import { createFileRoute, Link } from "@tanstack/react-router"
import { RegistrationForm } from "../components/auth/RegistrationForm.tsx"
import { Claims, HowItWorks } from "../components/marketing/Marketing.tsx"
import { pageHead } from "../lib/pageHead.ts"

function Rocket1() {
  return (
    <>
      <section className="hero">
        <div className="container hero__grid">
          <div>
            <p className="eyebrow">Rocket 1</p>
            <h1>Launch your first Units</h1>
            <p className="hero__lead">
              A small fixed fee on purchases and a fee in Units on sales (see <Link to="/fees">Fees</Link>),
              free transfers, and 100% of the land valuation used for sustainable management.
            </p>
          </div>
          <RegistrationForm variant="landing" title="Register to buy Units" />
        </div>
      </section>
      <HowItWorks />
      <Claims />
    </>
  )
}

export const Route = createFileRoute("/rocket1")({
  head: () =>
    pageHead(
      "Rocket 1: launch your first Units",
      "Register to buy your first Units tied to sustainable land projects.",
    ),
  component: Rocket1,
})
