/** Guest-only pages (spec §2, §6): a signed-in member is sent to /dashboard. */
import { createFileRoute, Outlet, redirect } from "@tanstack/react-router"
import { whenSessionKnown } from "../session/session.ts"

export const Route = createFileRoute("/_guest")({
  beforeLoad: async ({ context }) => {
    if ((await whenSessionKnown(context.session)) !== null) throw redirect({ to: "/dashboard" })
  },
  component: Outlet,
})
