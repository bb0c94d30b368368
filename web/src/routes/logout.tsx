/**
 * /logout (spec §2): a page that signs out only when the member confirms with its button. Opening it changes
 * nothing, so the router preloading it (a hover, a focus) or a link in an email cannot end a session; a guest is
 * sent to /login.
 */
import { createFileRoute, Link, redirect } from "@tanstack/react-router"
import { SignOutButton } from "../components/auth/SignOutButton.tsx"
import { pageHead } from "../lib/pageHead.ts"
import { useSessionUser, whenSessionKnown } from "../session/session.ts"

function LogoutPage() {
  const user = useSessionUser()
  return (
    <div className="auth-page">
      <div className="form-card">
        <h1>Log out</h1>
        {user === null ? null : <p>You are signed in as {user.email}.</p>}
        <div className="form-actions">
          <SignOutButton className="btn btn--primary">Log out</SignOutButton>
          <Link to="/dashboard" className="btn btn--ghost">
            Stay signed in
          </Link>
        </div>
      </div>
    </div>
  )
}

export const Route = createFileRoute("/logout")({
  head: () => pageHead("Log out"),
  beforeLoad: async ({ context }) => {
    if ((await whenSessionKnown(context.session)) === null) throw redirect({ to: "/login" })
  },
  component: LogoutPage,
})
