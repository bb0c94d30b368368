/**
 * Passkeys (WebAuthn) as a second factor (issue 23): registered and removed in settings, used at sign-in and at a
 * step-up. Each ceremony's challenge is kept server-side under who asked (a session, or the half-signed-in step)
 * and taken once; a passkey answer counts against the same growing wait as codes. Registering or removing a
 * passkey is a change of the second factor: it needs the step-up when a factor exists, and ends the member's
 * other sessions. The first factor of a member also gives their recovery codes.
 */
import { Clock, Context, Effect, Layer, Option } from "effect"
import type { PasswordRequired } from "../access/AccessErrors.ts"
import { memberActor } from "../access/AccessModel.ts"
import { MemberGuard } from "../access/MemberGuard.ts"
import { SecureRandom } from "../accounts/ports/SecureRandom.ts"
import { SessionStore } from "../accounts/ports/SessionStore.ts"
import { makeSecurityNotices, passkeyNamed } from "../accounts/SecurityEmails.ts"
import type { TooManyAttempts } from "../limits/LimitErrors.ts"
import { LimitsService } from "../limits/LimitsService.ts"
import type { MemberId } from "../shared/Ids.ts"
import { PasskeyCeremonies, type RelyingParty, type WebAuthnJson } from "./ports/PasskeyCeremonies.ts"
import { PasskeyStore } from "./ports/PasskeyStore.ts"
import { SecondFactorStore } from "./ports/SecondFactorStore.ts"
import {
  SecondFactorMessages as M,
  SecondFactorConflict,
  SecondFactorInvalid,
  type SecondFactorRequired,
} from "./SecondFactorErrors.ts"
import type { AnswerOrigin, Passkey } from "./SecondFactorModel.ts"
import { type OnSession, SecondFactorService } from "./SecondFactorService.ts"

/** How long a ceremony's challenge lives. */
export const CHALLENGE_TTL_MS = 5 * 60_000
const DEFAULT_NAME = "Passkey"

/** Who a passkey answer is asked of: the member, and what the challenge is kept under. */
export interface Ceremony {
  readonly memberId: MemberId
  readonly purpose: "sign-in" | "step-up"
  readonly secret: string
  readonly rp: RelyingParty
}

export class PasskeyService extends Context.Service<
  PasskeyService,
  {
    readonly registrationOptions: (
      input: OnSession & { readonly rp: RelyingParty; readonly userName: string },
    ) => Effect.Effect<WebAuthnJson, SecondFactorRequired>
    /** Answers the recovery codes when this is the member's first factor (shown once), else none. */
    readonly register: (
      input: OnSession & {
        readonly rp: RelyingParty
        readonly response: WebAuthnJson
        readonly name?: string
        /** Asked of a member without any factor yet (MemberUseCases.ts: registerPasskey). */
        readonly currentPassword?: string | undefined
      },
    ) => Effect.Effect<
      ReadonlyArray<string>,
      SecondFactorInvalid | SecondFactorRequired | PasswordRequired | TooManyAttempts
    >
    readonly remove: (
      input: OnSession & { readonly credentialId: string },
    ) => Effect.Effect<void, SecondFactorConflict | SecondFactorRequired>
    /**
     * Options for the member's passkeys. The challenge is kept under the hash of `secret`: the half-signed-in
     * step's token ("sign-in") or the session's id ("step-up").
     */
    readonly authenticationOptions: (input: Ceremony) => Effect.Effect<WebAuthnJson, SecondFactorConflict>
    /** Checks an answer to those options (counted by the limits). */
    readonly verify: (
      input: Ceremony & { readonly response: WebAuthnJson; readonly origin: AnswerOrigin },
    ) => Effect.Effect<void, SecondFactorInvalid | TooManyAttempts>
    /** A passkey answer on a signed-in session: the step-up. */
    readonly stepUp: (
      input: OnSession & {
        readonly rp: RelyingParty
        readonly response: WebAuthnJson
        readonly origin: AnswerOrigin
      },
    ) => Effect.Effect<void, SecondFactorInvalid | TooManyAttempts>
  }
>()("@landunits/core/secondfactor/PasskeyService") {
  static readonly layer = Layer.effect(PasskeyService)(
    Effect.gen(function* () {
      const passkeys = yield* PasskeyStore
      const codes = yield* SecondFactorStore
      const ceremonies = yield* PasskeyCeremonies
      const factors = yield* SecondFactorService
      const sessions = yield* SessionStore
      const random = yield* SecureRandom
      const limits = yield* LimitsService
      const guard = yield* MemberGuard
      const notices = yield* makeSecurityNotices
      const now = Clock.currentTimeMillis
      const actorOf = (input: OnSession) => memberActor(input.memberId, input.sessionId)

      /** Challenges are kept under the hash of what names the ceremony (never a session id itself). */
      const sessionOwner = (kind: string, secret: string) =>
        Effect.map(random.digest(secret), (hash) => `${kind}:${hash}`)

      const invalid = () => new SecondFactorInvalid({ message: M.passkeyInvalid })

      /** The answer's passkey, checked against the challenge kept for the ceremony; not counted here. */
      const checkAnswer = Effect.fnUntraced(function* (
        input: Ceremony & { readonly response: WebAuthnJson },
      ) {
        const challenge = yield* passkeys.takeChallenge(
          yield* sessionOwner(input.purpose, input.secret),
          yield* now,
        )
        const id = typeof input.response.id === "string" ? input.response.id : ""
        const passkey = yield* passkeys.get(id)
        if (Option.isNone(challenge) || Option.isNone(passkey) || passkey.value.memberId !== input.memberId) {
          return yield* invalid()
        }
        const verified = yield* ceremonies.verifyAuthentication({
          rp: input.rp,
          response: input.response,
          challenge: challenge.value,
          passkey: passkey.value,
        })
        if (verified === undefined) return yield* invalid()
        yield* passkeys.used(passkey.value.credentialId, verified.newCounter, yield* now)
      })

      const verify = Effect.fn("PasskeyService.verify")(function* (
        input: Ceremony & { readonly response: WebAuthnJson; readonly origin: AnswerOrigin },
      ) {
        const source = yield* factors.answerSource(input.memberId, input.origin)
        yield* limits.secondFactor(source)
        yield* checkAnswer(input).pipe(
          Effect.tapErrorTag("SecondFactorInvalid", () => limits.secondFactorFailed(source)),
        )
        yield* limits.secondFactorPassed(source)
      })

      return PasskeyService.of({
        registrationOptions: Effect.fn("PasskeyService.registrationOptions")(function* (input) {
          yield* guard
            .require("passkeyOptions", actorOf(input))
            .pipe(Effect.catchTag("PasswordRequired", Effect.die))
          const { options, challenge } = yield* ceremonies.registrationOptions({
            rp: input.rp,
            userId: input.memberId,
            userName: input.userName,
            exclude: yield* passkeys.listOf(input.memberId),
          })
          yield* passkeys.saveChallenge(
            yield* sessionOwner("register", input.sessionId),
            challenge,
            (yield* now) + CHALLENGE_TTL_MS,
          )
          return options
        }),

        register: Effect.fn("PasskeyService.register")(function* (input) {
          yield* guard.require("registerPasskey", actorOf(input), { currentPassword: input.currentPassword })
          const challenge = yield* passkeys.takeChallenge(
            yield* sessionOwner("register", input.sessionId),
            yield* now,
          )
          if (Option.isNone(challenge)) return yield* invalid()
          const verified = yield* ceremonies.verifyRegistration({
            rp: input.rp,
            response: input.response,
            challenge: challenge.value,
          })
          if (verified === undefined) return yield* invalid()
          const first = !(yield* factors.hasSecondFactor(input.memberId))
          const at = yield* now
          const passkey: Passkey = {
            ...verified,
            transports: [...verified.transports],
            memberId: input.memberId,
            name: input.name?.trim() || DEFAULT_NAME,
            createdAt: at,
          }
          yield* passkeys.add(passkey)
          yield* factors.endOtherSessions(input)
          yield* sessions.markSecondFactor(input.sessionId, at)
          yield* notices.notify(
            input.memberId,
            { _tag: "secondFactorAdded", ...passkeyNamed(passkey.name) },
            { sessionId: input.sessionId },
          )
          // The first factor comes with recovery codes (an app set up first gave them already).
          return first && (yield* codes.recoveryCodesLeft(input.memberId)) === 0
            ? yield* factors.newRecoveryCodes(input).pipe(Effect.orDie)
            : []
        }),

        remove: Effect.fn("PasskeyService.remove")(function* (input) {
          yield* guard
            .require("removePasskey", actorOf(input))
            .pipe(Effect.catchTag("PasswordRequired", Effect.die))
          const removed = yield* passkeys.get(input.credentialId)
          if (!(yield* passkeys.remove(input.memberId, input.credentialId))) {
            return yield* new SecondFactorConflict({ message: M.passkeyNotFound })
          }
          if (!(yield* factors.hasSecondFactor(input.memberId)))
            yield* codes.replaceRecoveryCodes(input.memberId, [])
          yield* factors.endOtherSessions(input)
          yield* notices.notify(
            input.memberId,
            {
              _tag: "secondFactorRemoved",
              ...passkeyNamed(Option.isSome(removed) ? removed.value.name : DEFAULT_NAME),
            },
            { sessionId: input.sessionId },
          )
        }),

        authenticationOptions: Effect.fn("PasskeyService.authenticationOptions")(function* (input) {
          const mine = yield* passkeys.listOf(input.memberId)
          if (mine.length === 0) return yield* new SecondFactorConflict({ message: M.passkeyNotFound })
          const { options, challenge } = yield* ceremonies.authenticationOptions({
            rp: input.rp,
            allow: mine,
          })
          yield* passkeys.saveChallenge(
            yield* sessionOwner(input.purpose, input.secret),
            challenge,
            (yield* now) + CHALLENGE_TTL_MS,
          )
          return options
        }),

        verify,

        stepUp: Effect.fn("PasskeyService.stepUp")(function* (input) {
          yield* verify({ ...input, purpose: "step-up", secret: input.sessionId })
          yield* sessions.markSecondFactor(input.sessionId, yield* now)
        }),
      })
    }),
  )
}
