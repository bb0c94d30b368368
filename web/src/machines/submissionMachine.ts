/**
 * A form that sends one request (login, forgot password, reset, newsletter, contact): idle → submitting →
 * succeeded, or back to idle with the server's message. The message is cleared at every submit.
 * The request is the `send` actor, provided by each form.
 */
import { useMachine } from "@xstate/react"
import { useMemo } from "react"
import { assign, fromPromise, setup } from "xstate"
import { errorMessage } from "../api/client.ts"

interface SubmitEvent {
  readonly type: "form.submit"
  readonly payload: unknown
}

export const submissionMachine = setup({
  types: {
    context: {} as {
      readonly result: unknown
      readonly serverError: string | null
      readonly repeatable: boolean
    },
    events: {} as SubmitEvent,
    input: {} as { readonly repeatable: boolean },
  },
  actors: {
    send: fromPromise<unknown, unknown>(async () => {
      throw new Error("provide the send actor")
    }),
  },
  guards: { isRepeatable: ({ context }) => context.repeatable },
}).createMachine({
  id: "submission",
  context: ({ input }) => ({ result: null, serverError: null, repeatable: input.repeatable }),
  initial: "idle",
  states: {
    idle: { on: { "form.submit": { target: "submitting", actions: assign({ serverError: null }) } } },
    submitting: {
      tags: ["busy"],
      invoke: {
        src: "send",
        input: ({ event }: { readonly event: SubmitEvent }) => event.payload,
        onDone: { target: "succeeded", actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: "idle",
          actions: assign({ serverError: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    succeeded: {
      on: {
        "form.submit": {
          guard: "isRepeatable",
          target: "submitting",
          actions: assign({ serverError: null }),
        },
      },
    },
  },
})

/** The submission machine for one request; `repeatable` lets a succeeded form be sent again. */
export const submitting = <Payload, Result>(send: (payload: Payload) => Promise<Result>) =>
  submissionMachine.provide({ actors: { send: fromPromise(({ input }) => send(input as Payload)) } })

export const useSubmission = <Payload, Result>(
  send: (payload: Payload) => Promise<Result>,
  options: { readonly repeatable?: boolean } = {},
) => {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the request is fixed for the form's life
  const machine = useMemo(() => submitting(send), [])
  const [state, sendEvent] = useMachine(machine, { input: { repeatable: options.repeatable ?? false } })
  return {
    submit: (payload: Payload) => sendEvent({ type: "form.submit", payload }),
    busy: state.hasTag("busy"),
    succeeded: state.matches("succeeded"),
    result: state.context.result as Result | null,
    serverError: state.context.serverError,
  }
}
