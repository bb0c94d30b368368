/**
 * The second factor's use cases (issue 23): an authenticator app (TOTP) set up, used and removed; recovery
 * codes shown once and stored hashed; a code checked at sign-in and at a step-up; the step-up window that
 * lets a session change the password, the second factor or the bank details.
 *
 * Every answer tried is counted by LimitsService.secondFactor, by where it comes from (`AnswerOrigin`: a growing
 * wait per account and address, and a bound on wrong answers from devices the member does not know). A change of
 * the second factor ends every other session of the member (docs/security.md).
 */
import { Clock, Context, Effect, Layer, Option } from "effect"
import type { PasswordRequired } from "../access/AccessErrors.ts"
import { memberActor } from "../access/AccessModel.ts"
import { MemberGuard } from "../access/MemberGuard.ts"
import type { MemberUseCase, PasswordUseCase } from "../access/MemberUseCases.ts"
import { KnownDevices } from "../accounts/ports/KnownDevices.ts"
import { SecureRandom } from "../accounts/ports/SecureRandom.ts"
import { SessionStore } from "../accounts/ports/SessionStore.ts"
import { authenticatorApp, makeSecurityNotices } from "../accounts/SecurityEmails.ts"
import type { TooManyAttempts } from "../limits/LimitErrors.ts"
import { LimitsService, type SecondFactorSource } from "../limits/LimitsService.ts"
import type { MemberId } from "../shared/Ids.ts"
import { OneTimePasswords } from "./ports/OneTimePasswords.ts"
import { PasskeyStore } from "./ports/PasskeyStore.ts"
import { SecondFactorStore } from "./ports/SecondFactorStore.ts"
import {
  SecondFactorMessages as M,
  SecondFactorConflict,
  SecondFactorInvalid,
  type SecondFactorRequired,
} from "./SecondFactorErrors.ts"
import {
  type AnswerOrigin,
  RECOVERY_CODE_COUNT,
  type SecondFactorMethod,
  type SecondFactorStatus,
  TOTP_ISSUER,
} from "./SecondFactorModel.ts"
import { isTotpCode, normalizeRecoveryCode } from "./SecondFactorValidation.ts"

/** Who changes their factors: the member, on the session that asks (its step-up is checked, the others end). */
export interface OnSession {
  readonly memberId: MemberId
  readonly sessionId: string
}

export interface TotpSetup {
  /** Base32, for typing into an app by hand. */
  readonly secret: string
  /** otpauth:// URI, for a QR code or a link on a phone. */
  readonly uri: string
}

const RECOVERY_ALPHABET = /[a-z0-9]/g

export class SecondFactorService extends Context.Service<
  SecondFactorService,
  {
    readonly status: (memberId: MemberId) => Effect.Effect<SecondFactorStatus>
    readonly hasSecondFactor: (memberId: MemberId) => Effect.Effect<boolean>
    /** Starts (or starts again) an authenticator setup: a new secret, not in force until confirmed. */
    readonly beginTotp: (
      input: OnSession & { readonly account: string; readonly currentPassword?: string | undefined },
    ) => Effect.Effect<
      TotpSetup,
      SecondFactorConflict | SecondFactorRequired | PasswordRequired | TooManyAttempts
    >
    /** The first code from the app puts the setup in force; answers the recovery codes, shown this once. */
    readonly confirmTotp: (
      input: OnSession & { readonly code: string; readonly origin: AnswerOrigin },
    ) => Effect.Effect<
      ReadonlyArray<string>,
      SecondFactorConflict | SecondFactorInvalid | SecondFactorRequired | TooManyAttempts
    >
    readonly removeTotp: (
      input: OnSession,
    ) => Effect.Effect<void, SecondFactorConflict | SecondFactorRequired>
    readonly newRecoveryCodes: (
      input: OnSession,
    ) => Effect.Effect<ReadonlyArray<string>, SecondFactorConflict | SecondFactorRequired>
    /** Checks a TOTP or recovery code of the member (counted by the limits); answers which it was. */
    readonly verifyCode: (input: {
      readonly memberId: MemberId
      readonly code: string
      readonly origin: AnswerOrigin
    }) => Effect.Effect<SecondFactorMethod, SecondFactorInvalid | TooManyAttempts>
    /** A code given again on a signed-in session: the session may make sensitive changes for a few minutes. */
    readonly stepUp: (
      input: OnSession & { readonly code: string; readonly origin: AnswerOrigin },
    ) => Effect.Effect<void, SecondFactorInvalid | TooManyAttempts>
    /** Ends every other session of the member (after a change of the second factor). */
    readonly endOtherSessions: (input: OnSession) => Effect.Effect<void>
    /** What the limits count an answer of the member by (PasskeyService's answers too). */
    readonly answerSource: (memberId: MemberId, origin: AnswerOrigin) => Effect.Effect<SecondFactorSource>
  }
>()("@landunits/core/secondfactor/SecondFactorService") {
  static readonly layer = Layer.effect(SecondFactorService)(
    Effect.gen(function* () {
      const store = yield* SecondFactorStore
      const passkeys = yield* PasskeyStore
      const sessions = yield* SessionStore
      const otp = yield* OneTimePasswords
      const random = yield* SecureRandom
      const limits = yield* LimitsService
      const devices = yield* KnownDevices
      const notices = yield* makeSecurityNotices
      const now = Clock.currentTimeMillis

      const answerSource = Effect.fnUntraced(function* (memberId: MemberId, origin: AnswerOrigin) {
        if ("terminal" in origin) return { memberId, address: "terminal", knownDevice: true }
        const knownDevice =
          origin.device !== undefined &&
          origin.device !== "" &&
          (yield* devices.isKnown(memberId, yield* random.digest(origin.device)))
        return { memberId, address: origin.address, knownDevice } satisfies SecondFactorSource
      })

      const status = Effect.fn("SecondFactorService.status")(function* (memberId: MemberId) {
        const totp = yield* store.getTotp(memberId)
        const keys = yield* passkeys.listOf(memberId)
        return {
          totp: Option.isSome(totp) && totp.value.confirmedAt !== undefined,
          recoveryCodesLeft: yield* store.recoveryCodesLeft(memberId),
          passkeys: keys.map((k) => ({
            credentialId: k.credentialId,
            name: k.name,
            createdAt: k.createdAt,
            ...(k.lastUsedAt === undefined ? {} : { lastUsedAt: k.lastUsedAt }),
          })),
        } satisfies SecondFactorStatus
      })

      const guard = yield* MemberGuard
      // Asked at every sign-in: two reads, not the whole status; the guard's answer, which decides the step-up too.
      const has = guard.hasSecondFactor

      /** The member's guard for `useCase` on the session that asks (MemberUseCases.ts). */
      const requireOn = (useCase: Exclude<MemberUseCase, PasswordUseCase>, input: OnSession) =>
        // These use cases ask no password (MemberUseCases.ts), so PasswordRequired cannot happen here.
        guard
          .require(useCase, memberActor(input.memberId, input.sessionId))
          .pipe(Effect.catchTag("PasswordRequired", Effect.die))

      const recoveryCode = Effect.gen(function* () {
        let chars = ""
        while (chars.length < 10)
          chars += ((yield* random.token).toLowerCase().match(RECOVERY_ALPHABET) ?? []).join("")
        return normalizeRecoveryCode(chars.slice(0, 10))
      })

      const issueRecoveryCodes = Effect.fnUntraced(function* (memberId: MemberId) {
        const codes: Array<string> = []
        while (codes.length < RECOVERY_CODE_COUNT) {
          const code = yield* recoveryCode
          if (!codes.includes(code)) codes.push(code)
        }
        yield* store.replaceRecoveryCodes(memberId, yield* Effect.forEach(codes, random.digest))
        return codes
      })

      const endOtherSessions = (input: OnSession) => sessions.removeOthers(input.memberId, input.sessionId)

      /** A TOTP code (each step once) or an unused recovery code of the member; not counted here. */
      const checkCode = Effect.fnUntraced(function* (memberId: MemberId, given: string) {
        const code = given.replace(/\s+/g, "")
        if (isTotpCode(code)) {
          const totp = yield* store.getTotp(memberId)
          if (Option.isNone(totp) || totp.value.confirmedAt === undefined) {
            return yield* new SecondFactorInvalid({ message: M.codeInvalid })
          }
          const step = yield* otp.verify({ secret: totp.value.secret, code, now: yield* now })
          if (step === undefined || !(yield* store.useStep(memberId, step))) {
            return yield* new SecondFactorInvalid({ message: M.codeInvalid })
          }
          return "totp" as const
        }
        const hash = yield* random.digest(normalizeRecoveryCode(code))
        if (!(yield* store.useRecoveryCode(memberId, hash, yield* now))) {
          return yield* new SecondFactorInvalid({ message: M.recoveryCodeInvalid })
        }
        return "recovery-code" as const
      })

      const verifyCode = Effect.fn("SecondFactorService.verifyCode")(function* (input: {
        readonly memberId: MemberId
        readonly code: string
        readonly origin: AnswerOrigin
      }) {
        const source = yield* answerSource(input.memberId, input.origin)
        yield* limits.secondFactor(source)
        const method = yield* checkCode(input.memberId, input.code).pipe(
          Effect.tapErrorTag("SecondFactorInvalid", () => limits.secondFactorFailed(source)),
        )
        yield* limits.secondFactorPassed(source)
        return method
      })

      return SecondFactorService.of({
        status,
        hasSecondFactor: has,

        beginTotp: Effect.fn("SecondFactorService.beginTotp")(function* (input) {
          const existing = yield* store.getTotp(input.memberId)
          if (Option.isSome(existing) && existing.value.confirmedAt !== undefined) {
            return yield* new SecondFactorConflict({ message: M.totpAlreadySetUp })
          }
          // Adding an app beside a passkey is a change of the second factor: it needs the passkey first; a
          // first factor needs the current password.
          yield* guard.require("beginTotp", memberActor(input.memberId, input.sessionId), {
            currentPassword: input.currentPassword,
          })
          const secret = yield* otp.newSecret
          yield* store.saveTotp({ memberId: input.memberId, secret, createdAt: yield* now, lastUsedStep: 0 })
          return { secret, uri: otp.uri({ secret, account: input.account, issuer: TOTP_ISSUER }) }
        }),

        confirmTotp: Effect.fn("SecondFactorService.confirmTotp")(function* (input) {
          const pending = yield* store.getTotp(input.memberId)
          if (Option.isNone(pending))
            return yield* new SecondFactorConflict({ message: M.totpSetupNotStarted })
          if (pending.value.confirmedAt !== undefined) {
            return yield* new SecondFactorConflict({ message: M.totpAlreadySetUp })
          }
          yield* requireOn("confirmTotp", input)
          const source = yield* answerSource(input.memberId, input.origin)
          yield* limits.secondFactor(source)
          const at = yield* now
          const step = yield* otp.verify({ secret: pending.value.secret, code: input.code, now: at })
          if (step === undefined) {
            yield* limits.secondFactorFailed(source)
            return yield* new SecondFactorInvalid({ message: M.codeInvalid })
          }
          yield* limits.secondFactorPassed(source)
          yield* store.saveTotp({ ...pending.value, confirmedAt: at, lastUsedStep: step })
          const codes = yield* issueRecoveryCodes(input.memberId)
          yield* endOtherSessions(input)
          // The code just given is a second factor on this session.
          yield* sessions.markSecondFactor(input.sessionId, at)
          yield* notices.notify(
            input.memberId,
            { _tag: "secondFactorAdded", ...authenticatorApp },
            { sessionId: input.sessionId },
          )
          return codes
        }),

        removeTotp: Effect.fn("SecondFactorService.removeTotp")(function* (input) {
          const existing = yield* store.getTotp(input.memberId)
          if (Option.isNone(existing) || existing.value.confirmedAt === undefined) {
            return yield* new SecondFactorConflict({ message: M.totpNotSetUp })
          }
          yield* requireOn("removeTotp", input)
          yield* store.removeTotp(input.memberId)
          // Recovery codes stand in for a factor; without any factor left they would be a factor of their own.
          if ((yield* passkeys.listOf(input.memberId)).length === 0) {
            yield* store.replaceRecoveryCodes(input.memberId, [])
          }
          yield* endOtherSessions(input)
          yield* notices.notify(
            input.memberId,
            { _tag: "secondFactorRemoved", ...authenticatorApp },
            { sessionId: input.sessionId },
          )
        }),

        newRecoveryCodes: Effect.fn("SecondFactorService.newRecoveryCodes")(function* (input) {
          if (!(yield* has(input.memberId))) {
            return yield* new SecondFactorConflict({ message: M.lastFactorHasRecovery })
          }
          yield* requireOn("newRecoveryCodes", input)
          return yield* issueRecoveryCodes(input.memberId)
        }),

        verifyCode,

        stepUp: Effect.fn("SecondFactorService.stepUp")(function* (input) {
          yield* verifyCode(input)
          yield* sessions.markSecondFactor(input.sessionId, yield* now)
        }),

        endOtherSessions: (input) => endOtherSessions(input),
        answerSource,
      })
    }),
  )
}
