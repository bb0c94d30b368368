import { createFileRoute } from "@tanstack/react-router"
import { RegistrationForm } from "../components/auth/RegistrationForm.tsx"
import { pageHead } from "../lib/pageHead.ts"

export const Route = createFileRoute("/_guest/register")({
  head: () =>
    pageHead(
      "Register to buy Units",
      "Create your Landunits account to buy Units tied to sustainably managed land projects.",
    ),
  component: () => (
    <div className="auth-page">
      <div style={{ maxWidth: 560, width: "100%" }}>
        <RegistrationForm variant="landing" title="Register to buy Units" headingLevel={1} />
      </div>
    </div>
  ),
})
