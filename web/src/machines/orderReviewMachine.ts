/**
 * A money step that is reviewed before anything is created (issue 27: Sell and Convert, as Transfer shows the
 * recipient first): editing → reviewing (the form's figures as the order will be placed) → submitting →
 * succeeded. "Back" returns to editing with the fields as they were; a new request while reviewing (a convert's
 * suggested number of Units taken) replaces the reviewed one; "Confirm" sends; a refusal returns to the
 * review with the server's message, and confirming again sends the same request (same Idempotency-Key, the
 * caller's `send`). Nothing is sent from editing or reviewing.
 */
import { useMachine } from "@xstate/react"
import { useMemo } from "react"
import { assign, fromPromise, setup } from "xstate"
import { errorMessage } from "../api/client.ts"

type ReviewEvent =
  | { readonly type: "order.review"; readonly request: unknown }
  | { readonly type: "order.back" }
  | { readonly type: "order.confirm" }

export const orderReviewMachine = setup({
  types: {
    context: {} as {
      readonly request: unknown
      readonly result: unknown
      readonly serverError: string | null
    },
    events: {} as ReviewEvent,
  },
  actors: {
    send: fromPromise<unknown, unknown>(async () => {
      throw new Error("provide the send actor")
    }),
  },
}).createMachine({
  id: "orderReview",
  context: { request: null, result: null, serverError: null },
  initial: "editing",
  states: {
    editing: {
      on: {
        "order.review": {
          target: "reviewing",
          actions: assign({ request: ({ event }) => event.request, serverError: null }),
        },
      },
    },
    reviewing: {
      on: {
        // The review changes what it shows (a convert's suggested number of Units taken): still nothing is sent.
        "order.review": {
          target: "reviewing",
          actions: assign({ request: ({ event }) => event.request, serverError: null }),
        },
        "order.back": { target: "editing", actions: assign({ serverError: null }) },
        "order.confirm": { target: "submitting", actions: assign({ serverError: null }) },
      },
    },
    submitting: {
      tags: ["busy"],
      invoke: {
        src: "send",
        input: ({ context }: { readonly context: { readonly request: unknown } }) => context.request,
        onDone: { target: "succeeded", actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: "reviewing",
          actions: assign({ serverError: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    succeeded: { type: "final" },
  },
})

export type ReviewStep = "editing" | "reviewing" | "submitting" | "succeeded"

/** The review machine for one form: `send` creates the order from the reviewed request. */
export const useOrderReview = <Request, Result>(send: (request: Request) => Promise<Result>) => {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the request sender is fixed for the form's life
  const machine = useMemo(
    () =>
      orderReviewMachine.provide({ actors: { send: fromPromise(({ input }) => send(input as Request)) } }),
    [],
  )
  const [state, sendEvent] = useMachine(machine)
  return {
    step: state.value as ReviewStep,
    request: state.context.request as Request | null,
    result: state.context.result as Result | null,
    serverError: state.context.serverError,
    busy: state.hasTag("busy"),
    review: (request: Request) => sendEvent({ type: "order.review", request }),
    back: () => sendEvent({ type: "order.back" }),
    confirm: () => sendEvent({ type: "order.confirm" }),
  }
}
