/** The app's one session actor, and how the router and components read it. */
import type { User } from "@landunits/core/members/MemberModel.ts"
import { useSyncExternalStore } from "react"
import { type Actor, createActor, fromPromise, waitFor } from "xstate"
import { api } from "../api/endpoints.ts"
import { sessionMachine } from "./sessionMachine.ts"
import { documentMarker, type SignedInMarker } from "./signedInMarker.ts"

export type SessionActor = Actor<typeof sessionMachine>

/** A started session: the page's marker cookie and `GET /api/user` unless a test gives others. */
export const createSession = (
  currentUser: () => Promise<User> = async () => (await api.currentUser()).user,
  marker: SignedInMarker = documentMarker(),
) =>
  createActor(
    sessionMachine.provide({
      actors: { currentUser: fromPromise(currentUser) },
      guards: { hasSignedInMarker: () => marker.present() },
      actions: { forgetSignedInMarker: () => marker.forget() },
    }),
  ).start()

let session: SessionActor | undefined

export const appSession = (): SessionActor => {
  session ??= createSession()
  return session
}

/** Resolves once the session is known: the user, or null for a guest (at once when there is no marker). */
export const whenSessionKnown = async (actor: SessionActor = appSession()): Promise<User | null> => {
  const snapshot = await waitFor(actor, (s) => s.matches("guest") || s.matches("member"))
  return snapshot.context.user
}

/**
 * The server renders public pages for a guest (entry-server.tsx): it never sees a member's session. The first
 * render in the browser hydrates that HTML, so it reads the session as the server did (a guest, not loading);
 * React renders again with the real session right after. Without a server-rendered page the real session is
 * read from the first render.
 */
const useSession = <A>(select: (s: ReturnType<SessionActor["getSnapshot"]>) => A, onServer: A): A => {
  const actor = appSession()
  return useSyncExternalStore(
    (onChange) => {
      const subscription = actor.subscribe(onChange)
      return () => subscription.unsubscribe()
    },
    () => select(actor.getSnapshot()),
    () => onServer,
  )
}

export const useSessionUser = (): User | null => useSession((s) => s.context.user, null)

/** The session the server renders with: a guest, known at once (no marker), that never asks the API. */
export const guestSession = (): SessionActor =>
  createSession(() => Promise.reject(new Error("The server renders pages for a guest")), {
    present: () => false,
    forget: () => {},
  })

/** The server's rendering uses a guest session instead of asking for the current user (entry-server.tsx). */
export const setAppSession = (actor: SessionActor): void => {
  session = actor
}
