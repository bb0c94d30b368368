/**
 * Downloading a statement (/dashboard/statement): idle → downloading → saved, or back to idle with the
 * server's message. The request is the `fetchStatement` actor and handing the file to the browser is the
 * `saveFile` action, both provided by the page (tests replace them).
 */
import type { StatementFormat } from "@landunits/core/statements/StatementRequest.ts"
import { assign, fromPromise, setup } from "xstate"
import { errorMessage } from "../api/client.ts"

export interface StatementChoice {
  readonly fromDate: string
  readonly toDate: string
  readonly format: StatementFormat
}

/** The file name the server gives the same statement (adapters/src/statements/MemberStatement.ts). */
export const statementFileName = (c: StatementChoice): string =>
  `landunits-statement-${c.fromDate}-to-${c.toDate}.${c.format}`

export const statementMachine = setup({
  types: {
    context: {} as {
      readonly choice: StatementChoice | null
      readonly error: string | null
      readonly savedName: string | null
    },
    events: {} as { readonly type: "statement.download"; readonly choice: StatementChoice },
  },
  actors: {
    fetchStatement: fromPromise<Blob, StatementChoice>(async () => {
      throw new Error("provide the fetchStatement actor")
    }),
  },
  actions: {
    saveFile: (_, _params: { readonly blob: Blob; readonly name: string }) => {
      throw new Error("provide the saveFile action")
    },
  },
}).createMachine({
  id: "statement",
  context: { choice: null, error: null, savedName: null },
  initial: "idle",
  states: {
    idle: {
      on: {
        "statement.download": {
          target: "downloading",
          actions: assign({ choice: ({ event }) => event.choice, error: null, savedName: null }),
        },
      },
    },
    downloading: {
      tags: ["busy"],
      invoke: {
        src: "fetchStatement",
        input: ({ context }) => context.choice as StatementChoice,
        onDone: {
          target: "saved",
          actions: [
            {
              type: "saveFile",
              params: ({ context, event }) => ({
                blob: event.output,
                name: statementFileName(context.choice as StatementChoice),
              }),
            },
            assign({ savedName: ({ context }) => statementFileName(context.choice as StatementChoice) }),
          ],
        },
        onError: { target: "idle", actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    saved: {
      on: {
        "statement.download": {
          target: "downloading",
          actions: assign({ choice: ({ event }) => event.choice, error: null, savedName: null }),
        },
      },
    },
  },
})
