/** The app's one session actor, and how the router and components read it. */
import type { User } from "@landunits/core/members/MemberModel.ts"
import { useSelector } from "@xstate/react"
import { type Actor, createActor, fromPromise, waitFor } from "xstate"
import { api } from "../api/endpoints.ts"
import { sessionMachine } from "./sessionMachine.ts"

export type SessionActor = Actor<typeof sessionMachine>

export const createSession = (
  currentUser: () => Promise<User> = async () => (await api.currentUser()).user,
) => createActor(sessionMachine.provide({ actors: { currentUser: fromPromise(currentUser) } })).start()

let session: SessionActor | undefined

export const appSession = (): SessionActor => {
  session ??= createSession()
  return session
}

/** Resolves once the start-up request has answered: the user, or null for a guest. */
export const whenSessionKnown = async (actor: SessionActor = appSession()): Promise<User | null> => {
  const snapshot = await waitFor(actor, (s) => !s.matches("loading"))
  return snapshot.context.user
}

export const useSessionUser = (): User | null => useSelector(appSession(), (s) => s.context.user)
export const useSessionLoading = (): boolean => useSelector(appSession(), (s) => s.matches("loading"))
