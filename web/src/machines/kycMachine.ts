/**
 * The KYC page's flow (spec §4 KYC status, decisions.md Members, KYC), one step for the member (issue 27):
 * "Save and send for review" saves the details (POST /user/update_profile, multipart) and, when nothing required
 * is missing, sends them for review at once (POST /user/approve_profile); when something is missing the details
 * stay saved and the page says what is left, as a refusal of the sending, never as a success (issue 38: the form
 * checks the same before it sends, so this is the server disagreeing). "Save as draft" only saves (Details
 * Saved): a member may save some sections before the others. Each answer carries the member as the server now
 * holds them; the `userChanged` action hands it to the app's session.
 */
import { missingRequiredFields } from "@landunits/core/kyc/KycLifecycle.ts"
import type { User } from "@landunits/core/members/MemberModel.ts"
import { assign, fromPromise, setup } from "xstate"
import { errorMessage } from "../api/client.ts"

export type KycEvent =
  /** `review`: send the details for review once saved (when nothing required is missing). */
  | { readonly type: "kyc.save"; readonly body: FormData; readonly review: boolean }
  | { readonly type: "kyc.submit" }

export const SAVED_NOTICE = "Your details have been saved as a draft."
export const SUBMITTED_NOTICE = "Your details have been sent for review. We will email you the decision."

/** After "Save and send for review" with something still missing: saved, and what is left to add. */
export const stillMissingNotice = (missing: ReadonlyArray<string>): string =>
  `Your details have been saved. To send them for review, add: ${missing.join(", ")}.`

/** True when the member asked for the review and the saved details still miss something required. */
const isStillMissing = (user: User, review: boolean): boolean =>
  review && missingRequiredFields(user.kycInfo, user.userType).length > 0

/** What the page says after a save that did not go on to the review (`review`: the member asked for it). */
export const afterSaveNotice = (user: User, review: boolean): string => {
  if (!review) return SAVED_NOTICE
  const missing = missingRequiredFields(user.kycInfo, user.userType)
  if (missing.length > 0) return stillMissingNotice(missing)
  switch (user.kycInfo.kycStatus) {
    case "Pending Verification":
      return "Nothing changed: your details are already waiting for review. We will email you the decision."
    case "Verified":
      return "Nothing changed: your identity stays verified."
    case "Not Approved":
      return "Nothing changed. Change what was not approved, then send your details for review again."
    default:
      return SAVED_NOTICE
  }
}

/** True when the member may submit: their details are saved and nothing required is missing. */
export const isReadyForVerification = (user: User): boolean =>
  user.kycInfo.kycStatus === "Details Saved" &&
  missingRequiredFields(user.kycInfo, user.userType).length === 0

export const kycMachine = setup({
  types: {
    context: {} as {
      readonly user: User
      readonly error: string | null
      /** Which step the error is about, so the page shows it beside that step's button. */
      readonly errorOf: "save" | "submit" | null
      readonly notice: string | null
      /** Bumped at every save, so the page can clear its file inputs. */
      readonly saves: number
      /** The save under way was "Save and send for review". */
      readonly review: boolean
    },
    events: {} as KycEvent,
    input: {} as { readonly user: User },
  },
  actors: {
    saveDetails: fromPromise<User, FormData>(async () => {
      throw new Error("provide the saveDetails actor")
    }),
    submitForVerification: fromPromise<User>(async () => {
      throw new Error("provide the submitForVerification actor")
    }),
  },
  actions: {
    userChanged: (_, _user: User) => {},
  },
  guards: {
    isReadyForVerification: ({ context }) => isReadyForVerification(context.user),
  },
}).createMachine({
  id: "kyc",
  context: ({ input }) => ({
    user: input.user,
    error: null,
    errorOf: null,
    notice: null,
    saves: 0,
    review: false,
  }),
  initial: "editing",
  states: {
    editing: {
      on: {
        "kyc.save": {
          target: "saving",
          actions: assign({ error: null, errorOf: null, notice: null, review: ({ event }) => event.review }),
        },
        "kyc.submit": {
          guard: "isReadyForVerification",
          target: "submitting",
          actions: assign({ error: null, errorOf: null, notice: null }),
        },
      },
    },
    saving: {
      tags: ["busy"],
      invoke: {
        src: "saveDetails",
        input: ({ event }) => (event as Extract<KycEvent, { type: "kyc.save" }>).body,
        onDone: [
          {
            guard: ({ context, event }) => context.review && isReadyForVerification(event.output),
            target: "submitting",
            actions: [
              assign({ user: ({ event }) => event.output, saves: ({ context }) => context.saves + 1 }),
              { type: "userChanged", params: ({ event }) => event.output },
            ],
          },
          {
            // Saved, but not sent: a refusal of the sending, shown as one, not a green success.
            guard: ({ context, event }) => isStillMissing(event.output, context.review),
            target: "editing",
            actions: [
              assign({
                user: ({ event }) => event.output,
                error: ({ context, event }) => afterSaveNotice(event.output, context.review),
                errorOf: "submit",
                saves: ({ context }) => context.saves + 1,
              }),
              { type: "userChanged", params: ({ event }) => event.output },
            ],
          },
          {
            target: "editing",
            actions: [
              assign({
                user: ({ event }) => event.output,
                notice: ({ context, event }) => afterSaveNotice(event.output, context.review),
                saves: ({ context }) => context.saves + 1,
              }),
              { type: "userChanged", params: ({ event }) => event.output },
            ],
          },
        ],
        onError: {
          target: "editing",
          actions: assign({ error: ({ event }) => errorMessage(event.error), errorOf: "save" }),
        },
      },
    },
    submitting: {
      tags: ["busy"],
      invoke: {
        src: "submitForVerification",
        onDone: {
          target: "editing",
          actions: [
            assign({ user: ({ event }) => event.output, notice: SUBMITTED_NOTICE }),
            { type: "userChanged", params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: "editing",
          actions: assign({ error: ({ event }) => errorMessage(event.error), errorOf: "submit" }),
        },
      },
    },
  },
})
