/** /logout: ends the session on the server, clears the member's state and goes to /login (spec §4). */
import { createFileRoute, redirect } from "@tanstack/react-router"
import { api } from "../api/endpoints.ts"
import { pageHead } from "../lib/pageHead.ts"
import { whenSessionKnown } from "../session/session.ts"

export const Route = createFileRoute("/logout")({
  head: () => pageHead("Log out"),
  beforeLoad: async ({ context }) => {
    if ((await whenSessionKnown(context.session)) !== null) {
      // Even if the server cannot be reached, the browser forgets the member.
      await api.logout().catch(() => undefined)
      context.session.send({ type: "session.signedOut" })
    }
    throw redirect({ to: "/login" })
  },
  component: () => null,
})
