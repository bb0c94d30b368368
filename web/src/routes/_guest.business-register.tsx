import { createFileRoute } from "@tanstack/react-router"
import { RegistrationForm } from "../components/auth/RegistrationForm.tsx"
import { pageHead } from "../lib/pageHead.ts"

export const Route = createFileRoute("/_guest/business-register")({
  head: () =>
    pageHead(
      "Register your business",
      "Open a business account to buy, sell and transfer Units tied to sustainable land projects.",
    ),
  component: () => (
    <div className="auth-page">
      <div style={{ maxWidth: 560, width: "100%" }}>
        <RegistrationForm variant="business" title="Register your business to buy Units" headingLevel={1} />
      </div>
    </div>
  ),
})
