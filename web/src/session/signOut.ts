/**
 * Signing out (spec §4): `POST /api/auth/logout`, then the member is forgotten in this browser even when the
 * server cannot be reached. Only a member's click runs it (SignOutButton, the /logout page's button): no route's
 * `beforeLoad` or loader may, since the router runs those on a hover or a focus to preload the page.
 */
import { api } from "../api/endpoints.ts"
import type { SessionActor } from "./session.ts"

export const signOut = async (session: SessionActor): Promise<void> => {
  await api.logout().catch(() => undefined)
  session.send({ type: "session.signedOut" })
}
