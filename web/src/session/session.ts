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

/** The browser's one session; the server's renderer answers the session of the page it renders instead. */
let sessionSource = (): SessionActor => {
  session ??= createSession()
  return session
}

export const appSession = (): SessionActor => sessionSource()

/** Resolves once the session is known: the user, or null for a guest (at once when there is no marker). */
export const whenSessionKnown = async (actor: SessionActor = appSession()): Promise<User | null> => {
  const snapshot = await waitFor(actor, (s) => s.matches("guest") || s.matches("member"))
  return snapshot.context.user
}

/**
 * The member the page was rendered for (entry-server.tsx): none for a public page, which the server renders for
 * a guest whoever asks; the member of a member's page. On the server it is the render's own member; in the
 * browser, the member the page's HTML was rendered for, so hydration reads the session as the server did and
 * React renders again with the real session right after (the same member, on a member's page).
 */
let renderedFor = (): User | null => null

export const setRenderedFor = (user: () => User | null): void => {
  renderedFor = user
}

export const useSessionUser = (): User | null => {
  const actor = appSession()
  return useSyncExternalStore(
    (onChange) => {
      const subscription = actor.subscribe(onChange)
      return () => subscription.unsubscribe()
    },
    () => actor.getSnapshot().context.user,
    () => renderedFor(),
  )
}

/** The session a public page is rendered with: a guest, known at once (no marker), that never asks the API. */
export const guestSession = (): SessionActor =>
  createSession(() => Promise.reject(new Error("A public page is rendered for a guest")), {
    present: () => false,
    forget: () => {},
  })

/** The server's renderer answers each page's own session (entry-server.tsx): a guest's, or the member's. */
export const setAppSessionSource = (source: () => SessionActor): void => {
  sessionSource = source
}
