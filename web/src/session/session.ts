/** The app's one session actor, and how the router and components read it. */
import type { User } from "@landunits/core/members/MemberModel.ts"
import { useSelector } from "@xstate/react"
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

export const useSessionUser = (): User | null => useSelector(appSession(), (s) => s.context.user)
export const useSessionLoading = (): boolean => useSelector(appSession(), (s) => s.matches("loading"))
