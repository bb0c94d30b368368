import { createFileRoute } from "@tanstack/react-router"
import { LoginForm } from "../components/auth/LoginForm.tsx"

export const Route = createFileRoute("/_guest/login")({
  component: () => (
    <div className="auth-page">
      <LoginForm />
    </div>
  ),
})
