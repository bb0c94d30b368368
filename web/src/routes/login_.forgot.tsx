/** The route constant '/login/forgot/' of spec §2 leads to the forgot-password page, /login-forgot. */
import { createFileRoute, redirect } from "@tanstack/react-router"

export const Route = createFileRoute("/login_/forgot")({
  beforeLoad: () => {
    throw redirect({ to: "/login-forgot", replace: true })
  },
})
