/**
 * The three-stage registration (spec §2, §4): Register → (email sent) Resend → (sent again) Reset →
 * (registration cancelled) Register. Server errors are kept to show under the form and cleared at every submit.
 */
import type { RegistrationPayload } from "@landunits/core/members/MemberModel.ts"
import { assertEvent, assign, fromPromise, setup } from "xstate"
import { errorMessage } from "../api/client.ts"
import type { MessageAnswer } from "../api/endpoints.ts"

export interface RegistrationContext {
  readonly email: string | null
  readonly message: string | null
  readonly serverError: string | null
}

export type RegistrationEvent =
  | { readonly type: "registration.submit"; readonly payload: RegistrationPayload }
  | { readonly type: "registration.resend" }
  | { readonly type: "registration.reset" }

const notProvided = <Input>() =>
  fromPromise<MessageAnswer, Input>(async () => {
    throw new Error("actor not provided")
  })

export const registrationMachine = setup({
  types: { context: {} as RegistrationContext, events: {} as RegistrationEvent },
  actors: {
    register: notProvided<RegistrationPayload>(),
    sendConfirmation: notProvided<string>(),
    cancelRegistration: notProvided<string>(),
  },
  actions: {
    clearServerError: assign({ serverError: null }),
    setMessage: assign({ message: (_, answer: MessageAnswer) => answer.message }),
  },
}).createMachine({
  id: "registration",
  context: { email: null, message: null, serverError: null },
  initial: "register",
  states: {
    register: {
      initial: "editing",
      states: {
        editing: {
          on: {
            "registration.submit": {
              target: "submitting",
              actions: ["clearServerError", assign({ email: ({ event }) => event.payload.email })],
            },
          },
        },
        submitting: {
          tags: ["busy"],
          invoke: {
            src: "register",
            input: ({ event }) => {
              assertEvent(event, "registration.submit")
              return event.payload
            },
            onDone: {
              target: "#registration.resend",
              actions: { type: "setMessage", params: ({ event }) => event.output },
            },
            onError: {
              target: "editing",
              actions: assign({ serverError: ({ event }) => errorMessage(event.error) }),
            },
          },
        },
      },
    },
    resend: {
      initial: "idle",
      states: {
        idle: { on: { "registration.resend": { target: "sending", actions: "clearServerError" } } },
        sending: {
          tags: ["busy"],
          invoke: {
            src: "sendConfirmation",
            input: ({ context }) => context.email ?? "",
            onDone: {
              target: "#registration.reset",
              actions: { type: "setMessage", params: ({ event }) => event.output },
            },
            onError: {
              target: "idle",
              actions: assign({ serverError: ({ event }) => errorMessage(event.error) }),
            },
          },
        },
      },
    },
    reset: {
      initial: "idle",
      states: {
        idle: { on: { "registration.reset": { target: "cancelling", actions: "clearServerError" } } },
        cancelling: {
          tags: ["busy"],
          invoke: {
            src: "cancelRegistration",
            input: ({ context }) => context.email ?? "",
            onDone: {
              target: "#registration.register",
              actions: assign({ email: null, message: null }),
            },
            onError: {
              target: "idle",
              actions: assign({ serverError: ({ event }) => errorMessage(event.error) }),
            },
          },
        },
      },
    },
  },
})
