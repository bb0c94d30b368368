/**
 * The cookie banner (spec §2): hidden, or shown as a summary or as the full view (Show details) with the
 * tabs Consent, Details and About. A choice is handed to the `store` action (localStorage, see
 * lib/consentStorage.ts) and hides the banner. Escape dismisses it for this page view without storing
 * anything (no consent is assumed: the banner shows again next time). "Cookie settings" in the footer opens
 * it again at any time.
 */
import { assign, setup } from "xstate"
import {
  ALL_ALLOWED,
  type ConsentCategory,
  type ConsentChoice,
  NECESSARY_ONLY,
} from "../lib/consentStorage.ts"

export type ConsentTab = "consent" | "details" | "about"
export type OptionalCategory = Exclude<ConsentCategory, "necessary">

export type ConsentEvent =
  | { readonly type: "consent.showDetails" }
  | { readonly type: "consent.selectTab"; readonly tab: ConsentTab }
  | { readonly type: "consent.toggle"; readonly category: OptionalCategory }
  | { readonly type: "consent.allowAll" }
  | { readonly type: "consent.allowSelection" }
  | { readonly type: "consent.necessaryOnly" }
  | { readonly type: "consent.dismiss" }
  | { readonly type: "consent.open" }

export interface ConsentContext {
  readonly needed: boolean
  readonly tab: ConsentTab
  readonly choice: ConsentChoice
}

export const cookieConsentMachine = setup({
  types: {
    context: {} as ConsentContext,
    events: {} as ConsentEvent,
    input: {} as { readonly needed: boolean; readonly choice?: ConsentChoice | undefined },
  },
  actions: {
    store: (_, _choice: ConsentChoice) => {},
  },
  guards: { isNeeded: ({ context }) => context.needed },
}).createMachine({
  id: "cookieConsent",
  context: ({ input }) => ({ needed: input.needed, tab: "consent", choice: input.choice ?? NECESSARY_ONLY }),
  initial: "start",
  states: {
    start: { always: [{ guard: "isNeeded", target: "open" }, { target: "hidden" }] },
    open: {
      initial: "summary",
      on: {
        "consent.allowAll": {
          target: "hidden",
          actions: [assign({ choice: ALL_ALLOWED }), { type: "store", params: () => ALL_ALLOWED }],
        },
        "consent.necessaryOnly": {
          target: "hidden",
          actions: [assign({ choice: NECESSARY_ONLY }), { type: "store", params: () => NECESSARY_ONLY }],
        },
        "consent.dismiss": { target: "hidden" },
      },
      states: {
        summary: {
          on: { "consent.showDetails": { target: "details", actions: assign({ tab: "details" }) } },
        },
        details: {
          on: {
            "consent.selectTab": { actions: assign({ tab: ({ event }) => event.tab }) },
            "consent.toggle": {
              actions: assign({
                choice: ({ context, event }) => ({
                  ...context.choice,
                  [event.category]: !context.choice[event.category],
                }),
              }),
            },
            "consent.allowSelection": {
              target: "#cookieConsent.hidden",
              actions: { type: "store", params: ({ context }) => context.choice },
            },
          },
        },
      },
    },
    hidden: {
      on: { "consent.open": { target: "open.summary", actions: assign({ tab: "consent" }) } },
    },
  },
})
