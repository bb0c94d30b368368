/**
 * The sales chat thread (/dashboard/saleschat): loads the member's thread, sends messages, and looks for the
 * team's answers every POLL_MS while the page is open (and on chat.refresh).
 *
 *   loading ─► ready ⇄ sending      ready ─(POLL_MS or chat.refresh)─► refreshing ─► ready
 *          └─► failed ─chat.retry─► loading
 *
 * `thread` and `send` are actors provided by the page (and by tests).
 */
import type { SalesThreadView } from "@landunits/core/saleschat/SalesChatModel.ts"
import { assign, fromPromise, setup } from "xstate"
import { errorMessage } from "../api/client.ts"

export const POLL_MS = 15_000

export interface SalesChatContext {
  readonly thread: SalesThreadView | null
  readonly error: string | null
  /** How many messages this page sent: the form clears when it grows. */
  readonly sent: number
}

type SalesChatEvent =
  | { readonly type: "chat.send"; readonly text: string }
  | { readonly type: "chat.refresh" }
  | { readonly type: "chat.retry" }

export const salesChatMachine = setup({
  types: { context: {} as SalesChatContext, events: {} as SalesChatEvent },
  actors: {
    thread: fromPromise<SalesThreadView>(async () => {
      throw new Error("provide the thread actor")
    }),
    send: fromPromise<SalesThreadView, string>(async () => {
      throw new Error("provide the send actor")
    }),
  },
  delays: { poll: POLL_MS },
}).createMachine({
  id: "salesChat",
  context: { thread: null, error: null, sent: 0 },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "thread",
        onDone: { target: "ready", actions: assign({ thread: ({ event }) => event.output, error: null }) },
        onError: { target: "failed", actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    failed: { on: { "chat.retry": "loading" } },
    ready: {
      after: { poll: "refreshing" },
      on: {
        "chat.send": { target: "sending", actions: assign({ error: null }) },
        "chat.refresh": "refreshing",
      },
    },
    refreshing: {
      invoke: {
        src: "thread",
        onDone: { target: "ready", actions: assign({ thread: ({ event }) => event.output }) },
        // A failed look for answers keeps the thread shown; the next one tries again.
        onError: { target: "ready" },
      },
      on: { "chat.send": { target: "sending", actions: assign({ error: null }) } },
    },
    sending: {
      tags: ["busy"],
      invoke: {
        src: "send",
        input: ({ event }) => (event.type === "chat.send" ? event.text : ""),
        onDone: {
          target: "ready",
          actions: assign({ thread: ({ event }) => event.output, sent: ({ context }) => context.sent + 1 }),
        },
        onError: { target: "ready", actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
  },
})
