import { createFileRoute } from "@tanstack/react-router"
import { RegistrationForm } from "../components/auth/RegistrationForm.tsx"

export const Route = createFileRoute("/_guest/register")({
  component: () => (
    <div className="auth-page">
      <div style={{ maxWidth: 560, width: "100%" }}>
        <RegistrationForm variant="landing" title="Register to buy Units" headingLevel={1} />
      </div>
    </div>
  ),
})
