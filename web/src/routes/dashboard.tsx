/**
 * Member pages (spec §2, §6): a guest is sent to /login, which leads back to the page asked for once signed in
 * (lib/redirectTarget.ts); until the identity check is done, a banner leads to it.
 */
import { createFileRoute, Outlet, redirect } from "@tanstack/react-router"
import { KycBanner } from "../components/kyc/KycBanner.tsx"
import { loginSearchFor } from "../lib/redirectTarget.ts"
import { whenSessionKnown } from "../session/session.ts"

function MemberPages() {
  return (
    <>
      <KycBanner />
      <Outlet />
    </>
  )
}

export const Route = createFileRoute("/dashboard")({
  beforeLoad: async ({ context, location }) => {
    if ((await whenSessionKnown(context.session)) === null) {
      throw redirect({ to: "/login", search: loginSearchFor(location.href) })
    }
  },
  component: MemberPages,
})
