import { createFileRoute } from "@tanstack/react-router"
import { ForgotPasswordForm } from "../components/auth/ForgotPasswordForm.tsx"
import { pageHead } from "../lib/pageHead.ts"

export const Route = createFileRoute("/_guest/login-forgot")({
  head: () => pageHead("Forgot your password"),
  component: ForgotPasswordForm,
})
