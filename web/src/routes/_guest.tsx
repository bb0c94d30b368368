/**
 * Guest-only pages (spec §2, §6): a signed-in member is sent to /dashboard, or to the member page a link asked for
 * (`?redirect=`, checked by lib/redirectTarget.ts).
 */
import { createFileRoute, Outlet, redirect } from "@tanstack/react-router"
import { safeRedirect } from "../lib/redirectTarget.ts"
import { whenSessionKnown } from "../session/session.ts"

export const Route = createFileRoute("/_guest")({
  beforeLoad: async ({ context, location }) => {
    if ((await whenSessionKnown(context.session)) !== null) {
      const asked = safeRedirect((location.search as { readonly redirect?: unknown }).redirect)
      throw asked === undefined ? redirect({ to: "/dashboard" }) : redirect({ href: asked })
    }
  },
  component: Outlet,
})
