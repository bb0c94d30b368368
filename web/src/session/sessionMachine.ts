/**
 * The member's session in the browser (spec §4). On start, the signed-in marker (signedInMarker.ts) decides:
 * without it the visitor is a guest at once and nothing is requested; with it the current user is requested,
 * and a failure means signed out (silently; a 401 also forgets the marker, whose session has ended). Login
 * sets the user; logout clears it and forgets the marker.
 */
import type { User } from "@landunits/core/members/MemberModel.ts"
import { assign, fromPromise, setup } from "xstate"
import { ApiError } from "../api/client.ts"

export interface SessionContext {
  readonly user: User | null
}

export type SessionEvent =
  | { readonly type: "session.signedIn"; readonly user: User }
  | { readonly type: "session.userUpdated"; readonly user: User }
  | { readonly type: "session.signedOut" }

/** The server answered 401: the session the marker stood for has ended. */
const isRefused = (error: unknown) => error instanceof ApiError && error.status === 401

const provide = (what: string) => () => {
  throw new Error(`provide the ${what}`)
}

export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent },
  actors: {
    currentUser: fromPromise<User>(async () => provide("currentUser actor")()),
  },
  guards: {
    hasSignedInMarker: provide("hasSignedInMarker guard"),
  },
  actions: {
    setUser: assign({ user: (_, user: User) => user }),
    clearUser: assign({ user: null }),
    forgetSignedInMarker: provide("forgetSignedInMarker action"),
  },
}).createMachine({
  id: "session",
  context: { user: null },
  initial: "starting",
  states: {
    starting: {
      always: [{ guard: "hasSignedInMarker", target: "loading" }, { target: "guest" }],
    },
    loading: {
      invoke: {
        src: "currentUser",
        onDone: { target: "member", actions: { type: "setUser", params: ({ event }) => event.output } },
        onError: [
          {
            guard: ({ event }) => isRefused(event.error),
            target: "guest",
            actions: ["clearUser", "forgetSignedInMarker"],
          },
          // The server failed or could not be reached: a guest for now, the marker kept for the next visit.
          { target: "guest", actions: "clearUser" },
        ],
      },
    },
    guest: {
      on: {
        "session.signedIn": {
          target: "member",
          actions: { type: "setUser", params: ({ event }) => event.user },
        },
      },
    },
    member: {
      on: {
        "session.userUpdated": { actions: { type: "setUser", params: ({ event }) => event.user } },
        "session.signedOut": { target: "guest", actions: ["clearUser", "forgetSignedInMarker"] },
      },
    },
  },
})
