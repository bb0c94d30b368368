import { createFileRoute } from "@tanstack/react-router"
import { ForgotPasswordForm } from "../components/auth/ForgotPasswordForm.tsx"

export const Route = createFileRoute("/_guest/login-forgot")({ component: ForgotPasswordForm })
