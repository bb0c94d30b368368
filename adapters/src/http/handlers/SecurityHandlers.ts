/**
 * The member's own security routes (api/SecurityApi.ts): the second factor, the step-up, the sessions. A change
 * of the second factor ends the member's other sessions (core); ending a session is by its public ref.
 */
import { AccountService } from "@landunits/core/accounts/AccountService.ts"
import { PasskeyService } from "@landunits/core/secondfactor/PasskeyService.ts"
import { SessionNotFound } from "@landunits/core/secondfactor/SecondFactorErrors.ts"
import { SecondFactorService } from "@landunits/core/secondfactor/SecondFactorService.ts"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../api/Api.ts"
import { CurrentMember } from "../api/Authentication.ts"
import { relyingParty } from "./RelyingParty.ts"
import { answerOrigin } from "./SignInDevice.ts"

const RECOVERY_MESSAGE =
  "Save these recovery codes somewhere safe: each one signs you in once if you lose your phone. They are shown only now."

export const SecurityHandlers = HttpApiBuilder.group(
  Api,
  "security",
  Effect.fn(function* (handlers) {
    const accounts = yield* AccountService
    const factors = yield* SecondFactorService
    const passkeys = yield* PasskeyService
    const onSession = Effect.map(CurrentMember, (m) => ({ memberId: m.memberId, sessionId: m.sessionId }))
    return handlers
      .handle("security", () =>
        Effect.gen(function* () {
          const { memberId, sessionId } = yield* onSession
          return {
            secondFactor: yield* factors.status(memberId),
            sessions: yield* accounts.sessionsOf(memberId, sessionId),
          }
        }),
      )
      .handle("beginTotp", ({ payload }) =>
        Effect.gen(function* () {
          const on = yield* onSession
          const account = yield* accounts.account(on.memberId)
          return yield* factors.beginTotp({
            ...on,
            account: account.email,
            currentPassword: payload.currentPassword,
          })
        }),
      )
      .handle("confirmTotp", ({ payload }) =>
        Effect.map(
          Effect.flatMap(Effect.zip(onSession, answerOrigin), ([on, origin]) =>
            factors.confirmTotp({ ...on, code: payload.code, origin }),
          ),
          (recoveryCodes) => ({ message: RECOVERY_MESSAGE, recoveryCodes }),
        ),
      )
      .handle("removeTotp", () =>
        Effect.as(Effect.flatMap(onSession, factors.removeTotp), {
          message: "The authenticator app is removed. Your other sessions are signed out.",
        }),
      )
      .handle("recoveryCodes", () =>
        Effect.map(Effect.flatMap(onSession, factors.newRecoveryCodes), (recoveryCodes) => ({
          message: RECOVERY_MESSAGE,
          recoveryCodes,
        })),
      )
      .handle("stepUp", ({ payload }) =>
        Effect.as(
          Effect.flatMap(Effect.zip(onSession, answerOrigin), ([on, origin]) =>
            factors.stepUp({ ...on, code: payload.code, origin }),
          ),
          { message: "Thank you. You can make the change now." },
        ),
      )
      .handle("passkeyOptions", () =>
        Effect.gen(function* () {
          const on = yield* onSession
          const account = yield* accounts.account(on.memberId)
          const options = yield* passkeys.registrationOptions({
            ...on,
            rp: yield* relyingParty,
            userName: account.email,
          })
          return { options }
        }),
      )
      .handle("registerPasskey", ({ payload }) =>
        Effect.gen(function* () {
          const on = yield* onSession
          const recoveryCodes = yield* passkeys.register({
            ...on,
            rp: yield* relyingParty,
            response: payload.response,
            ...(payload.name === undefined ? {} : { name: payload.name }),
            currentPassword: payload.currentPassword,
          })
          return {
            message:
              recoveryCodes.length === 0
                ? "Your passkey is added. Your other sessions are signed out."
                : `Your passkey is added. ${RECOVERY_MESSAGE}`,
            recoveryCodes,
          }
        }),
      )
      .handle("removePasskey", ({ payload }) =>
        Effect.as(
          Effect.flatMap(onSession, (on) => passkeys.remove({ ...on, credentialId: payload.credentialId })),
          { message: "The passkey is removed. Your other sessions are signed out." },
        ),
      )
      .handle("stepUpPasskeyOptions", () =>
        Effect.gen(function* () {
          const on = yield* onSession
          const options = yield* passkeys.authenticationOptions({
            memberId: on.memberId,
            purpose: "step-up",
            secret: on.sessionId,
            rp: yield* relyingParty,
          })
          return { options }
        }),
      )
      .handle("stepUpPasskey", ({ payload }) =>
        Effect.as(
          Effect.flatMap(Effect.all([onSession, relyingParty, answerOrigin]), ([on, rp, origin]) =>
            passkeys.stepUp({ ...on, rp, response: payload.response, origin }),
          ),
          { message: "Thank you. You can make the change now." },
        ),
      )
      .handle("endSession", ({ payload }) =>
        Effect.gen(function* () {
          const { memberId } = yield* onSession
          if (!(yield* accounts.endSession(memberId, payload.ref))) {
            return yield* new SessionNotFound({ message: "That session has already ended." })
          }
          return { message: "That session is signed out." }
        }),
      )
      .handle("endOtherSessions", () =>
        Effect.as(
          Effect.flatMap(onSession, (on) => accounts.endOtherSessions(on.memberId, on.sessionId)),
          { message: "Every other session is signed out." },
        ),
      )
  }),
)
