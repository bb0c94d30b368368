/**
 * The KYC page's flow (spec §4 KYC status, decisions.md Members, KYC): the member edits, saves (POST
 * /user/update_profile, multipart) and, once nothing required is missing and the details are saved, submits
 * them for verification (POST /user/approve_profile). Each answer carries the member as the server now holds
 * them; the `userChanged` action hands it to the app's session.
 */
import { missingRequiredFields } from "@landunits/core/kyc/KycLifecycle.ts"
import type { User } from "@landunits/core/members/MemberModel.ts"
import { assign, fromPromise, setup } from "xstate"
import { errorMessage } from "../api/client.ts"

export type KycEvent =
  | { readonly type: "kyc.save"; readonly body: FormData }
  | { readonly type: "kyc.submit" }

export const SAVED_NOTICE = "Your details have been saved."
export const SUBMITTED_NOTICE =
  "Your details have been sent for verification. We will email you the decision."

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
  context: ({ input }) => ({ user: input.user, error: null, errorOf: null, notice: null, saves: 0 }),
  initial: "editing",
  states: {
    editing: {
      on: {
        "kyc.save": { target: "saving", actions: assign({ error: null, errorOf: null, notice: null }) },
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
        onDone: {
          target: "editing",
          actions: [
            assign({
              user: ({ event }) => event.output,
              notice: SAVED_NOTICE,
              saves: ({ context }) => context.saves + 1,
            }),
            { type: "userChanged", params: ({ event }) => event.output },
          ],
        },
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
