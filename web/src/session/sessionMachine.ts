/**
 * The member's session in the browser (spec §4): on start the current user is requested; a failure means
 * signed out (silently); login sets the user; logout and reset clear it.
 */
import type { User } from "@landunits/core/members/MemberModel.ts"
import { assign, fromPromise, setup } from "xstate"

export interface SessionContext {
  readonly user: User | null
}

export type SessionEvent =
  | { readonly type: "session.signedIn"; readonly user: User }
  | { readonly type: "session.userUpdated"; readonly user: User }
  | { readonly type: "session.signedOut" }

export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent },
  actors: {
    currentUser: fromPromise<User>(async () => {
      throw new Error("provide the currentUser actor")
    }),
  },
  actions: {
    setUser: assign({ user: (_, user: User) => user }),
    clearUser: assign({ user: null }),
  },
}).createMachine({
  id: "session",
  context: { user: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "currentUser",
        onDone: { target: "member", actions: { type: "setUser", params: ({ event }) => event.output } },
        onError: { target: "guest", actions: "clearUser" },
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
        "session.signedOut": { target: "guest", actions: "clearUser" },
      },
    },
  },
})
