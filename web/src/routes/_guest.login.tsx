import { createFileRoute } from "@tanstack/react-router"
import { LoginForm } from "../components/auth/LoginForm.tsx"
import { pageHead } from "../lib/pageHead.ts"

export const Route = createFileRoute("/_guest/login")({
  head: () => pageHead("Log in", "Log in to your Landunits account."),
  component: () => (
    <div className="auth-page">
      <LoginForm />
    </div>
  ),
})
