/** Member pages (spec §2, §6): a guest is sent to /login. */
import { createFileRoute, Outlet, redirect } from "@tanstack/react-router"
import { whenSessionKnown } from "../session/session.ts"

export const Route = createFileRoute("/dashboard")({
  beforeLoad: async ({ context }) => {
    if ((await whenSessionKnown(context.session)) === null) throw redirect({ to: "/login" })
  },
  component: Outlet,
})
