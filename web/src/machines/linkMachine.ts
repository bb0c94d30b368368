/**
 * Following an emailed link (account confirmation, newsletter confirmation, password-reset check):
 * checking → confirmed, or failed with the server's message. No token: failed at once.
 */
import { assign, fromPromise, setup } from "xstate"
import { errorMessage } from "../api/client.ts"

export const NO_TOKEN_MESSAGE = "This link is incomplete. Open the link from your email again."

export const linkMachine = (check: (token: string) => Promise<{ readonly message: string }>) =>
  setup({
    types: {
      context: {} as { readonly token: string; readonly message: string | null },
      input: {} as { readonly token: string },
    },
    actors: { check: fromPromise<{ readonly message: string }, string>(({ input }) => check(input)) },
    guards: { hasToken: ({ context }) => context.token.trim() !== "" },
  }).createMachine({
    id: "link",
    context: ({ input }) => ({ token: input.token, message: null }),
    initial: "start",
    states: {
      start: {
        always: [
          { guard: "hasToken", target: "checking" },
          { target: "failed", actions: assign({ message: NO_TOKEN_MESSAGE }) },
        ],
      },
      checking: {
        invoke: {
          src: "check",
          input: ({ context }) => context.token,
          onDone: { target: "confirmed", actions: assign({ message: ({ event }) => event.output.message }) },
          onError: {
            target: "failed",
            actions: assign({ message: ({ event }) => errorMessage(event.error) }),
          },
        },
      },
      confirmed: { type: "final" },
      failed: { type: "final" },
    },
  })
