import { createFileRoute } from "@tanstack/react-router"
import { LoginForm } from "../components/auth/LoginForm.tsx"
import { pageHead } from "../lib/pageHead.ts"
import { safeRedirect } from "../lib/redirectTarget.ts"

/** `?redirect=`: the member page to land on once signed in; anything but one of the site's member pages is dropped. */
export interface LoginSearch {
  readonly redirect?: string
}

export const Route = createFileRoute("/_guest/login")({
  head: () => pageHead("Log in", "Log in to your Landunits account."),
  validateSearch: (search: Record<string, unknown>): LoginSearch => {
    const redirect = safeRedirect(search.redirect)
    return redirect === undefined ? {} : { redirect }
  },
  component: function LoginPage() {
    const { redirect } = Route.useSearch()
    return (
      <div className="auth-page">
        <LoginForm redirectTo={redirect} />
      </div>
    )
  },
})
