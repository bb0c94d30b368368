/**
 * Setting up an authenticator app (issue 23): idle → starting (a new secret) → scanning (the secret and its
 * otpauth:// link shown; the member enters the first code) → confirming → showingCodes (the recovery codes,
 * shown this once) → done. A refusal keeps the step and shows the server's words.
 */
import { assign, fromPromise, setup } from "xstate"
import { errorMessage } from "../api/client.ts"

export interface TotpSetupActors {
  readonly begin: () => Promise<{ readonly secret: string; readonly uri: string }>
  readonly confirm: (code: string) => Promise<{ readonly recoveryCodes: ReadonlyArray<string> }>
}

export const totpSetupMachine = setup({
  types: {
    context: {} as {
      secret: string
      uri: string
      recoveryCodes: ReadonlyArray<string>
      error: string | null
    },
    events: {} as
      | { type: "setup.start" }
      | { type: "setup.confirm"; code: string }
      | { type: "setup.cancel" }
      | { type: "codes.saved" },
  },
  actors: {
    begin: fromPromise<{ secret: string; uri: string }>(() => Promise.reject(new Error("not provided"))),
    confirm: fromPromise<{ recoveryCodes: ReadonlyArray<string> }, { code: string }>(() =>
      Promise.reject(new Error("not provided")),
    ),
  },
}).createMachine({
  id: "totpSetup",
  initial: "idle",
  context: { secret: "", uri: "", recoveryCodes: [], error: null },
  states: {
    idle: { on: { "setup.start": { target: "starting", actions: assign({ error: null }) } } },
    starting: {
      tags: ["busy"],
      invoke: {
        src: "begin",
        onDone: {
          target: "scanning",
          actions: assign({
            secret: ({ event }) => event.output.secret,
            uri: ({ event }) => event.output.uri,
          }),
        },
        onError: { target: "idle", actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    scanning: {
      on: {
        "setup.confirm": { target: "confirming", actions: assign({ error: null }) },
        "setup.cancel": { target: "idle" },
      },
    },
    confirming: {
      tags: ["busy"],
      invoke: {
        src: "confirm",
        input: ({ event }) => ({ code: event.type === "setup.confirm" ? event.code : "" }),
        onDone: {
          target: "showingCodes",
          actions: assign({ recoveryCodes: ({ event }) => event.output.recoveryCodes, secret: "", uri: "" }),
        },
        onError: { target: "scanning", actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    showingCodes: { on: { "codes.saved": { target: "done", actions: assign({ recoveryCodes: [] }) } } },
    done: { type: "final" },
  },
})

export const totpSetup = (actors: TotpSetupActors) =>
  totpSetupMachine.provide({
    actors: {
      begin: fromPromise(() => actors.begin()),
      confirm: fromPromise(({ input }) => actors.confirm(input.code)),
    },
  })
