/**
 * The one guard of every member use case (issue 37): what MemberUseCases.ts declares for the use case's class,
 * applied here and nowhere else. The core use cases of the classes that need it call it themselves (orders'
 * sell/transfer/convert, the data export, the closure, the password, the second factor, passkeys, the bank
 * details), so no caller can reach them unguarded.
 *
 * - `moves-out` and `security`: refused with SecondFactorRequired (403) unless the member has no second factor,
 *   or gave it on the actor's session within STEP_UP_SECONDS. An actor without a session cannot have given it, so
 *   it is refused too (fail closed).
 * - `passwordWithoutFactor`: a member without a second factor is refused with PasswordRequired (403) unless the
 *   proof carries their current password. Wrong passwords are slowed per member (LimitsService.passwordProof,
 *   429 TooManyAttempts with a true Retry-After): a stolen session cannot guess the password at speed.
 * - `read` and `own-action`: nothing beyond the session (no read at all).
 */
import { Clock, Context, Effect, Layer, Option } from "effect"
import { AccountRepository } from "../accounts/ports/AccountRepository.ts"
import { PasswordHasher } from "../accounts/ports/PasswordHasher.ts"
import { SessionStore } from "../accounts/ports/SessionStore.ts"
import type { TooManyAttempts } from "../limits/LimitErrors.ts"
import { LimitsService } from "../limits/LimitsService.ts"
import { PasskeyStore } from "../secondfactor/ports/PasskeyStore.ts"
import { SecondFactorStore } from "../secondfactor/ports/SecondFactorStore.ts"
import { SecondFactorMessages, SecondFactorRequired } from "../secondfactor/SecondFactorErrors.ts"
import { StepUpSeconds } from "../secondfactor/SecondFactorModel.ts"
import type { MemberId } from "../shared/Ids.ts"
import { AccessMessages, PasswordRequired } from "./AccessErrors.ts"
import type { Actor } from "./AccessModel.ts"
import {
  type MemberUseCase,
  needsPasswordWithoutFactor,
  needsStepUp,
  type PasswordUseCase,
} from "./MemberUseCases.ts"

/** What the request brought to prove it is the member: the current password, when the use case asks for it. */
export interface MemberProof {
  readonly currentPassword?: string | undefined
}

export type GuardRefusal = SecondFactorRequired | PasswordRequired

/** What the guard may answer for `useCase`: the password's use cases may also be slowed (TooManyAttempts). */
export type RefusalOf<U extends MemberUseCase> = U extends PasswordUseCase
  ? GuardRefusal | TooManyAttempts
  : GuardRefusal

export class MemberGuard extends Context.Service<
  MemberGuard,
  {
    /** Lets the actor run `useCase`, or refuses it as its class says. */
    readonly require: <U extends MemberUseCase>(
      useCase: U,
      actor: Actor,
      proof?: MemberProof,
    ) => Effect.Effect<void, RefusalOf<U>>
    /** Whether the member has a second factor in force (an authenticator app confirmed, or a passkey). */
    readonly hasSecondFactor: (memberId: MemberId) => Effect.Effect<boolean>
  }
>()("@landunits/core/access/MemberGuard") {
  static readonly layer = Layer.effect(MemberGuard)(
    Effect.gen(function* () {
      const factors = yield* SecondFactorStore
      const passkeys = yield* PasskeyStore
      const sessions = yield* SessionStore
      const accounts = yield* AccountRepository
      const hasher = yield* PasswordHasher
      const limits = yield* LimitsService
      const windowMs = (yield* StepUpSeconds) * 1000

      const hasSecondFactor = (memberId: MemberId) =>
        Effect.gen(function* () {
          const totp = yield* factors.getTotp(memberId)
          if (Option.isSome(totp) && totp.value.confirmedAt !== undefined) return true
          return (yield* passkeys.listOf(memberId)).length > 0
        })

      const stepUpRequired = new SecondFactorRequired({ message: SecondFactorMessages.stepUpRequired })

      const require = Effect.fn("MemberGuard.require")(function* (
        useCase: MemberUseCase,
        actor: Actor,
        proof: MemberProof = {},
      ) {
        const stepUp = needsStepUp(useCase)
        const password = needsPasswordWithoutFactor(useCase)
        if (!stepUp && !password) return
        if (yield* hasSecondFactor(actor.memberId)) {
          if (!stepUp) return
          const now = yield* Clock.currentTimeMillis
          const session =
            actor.sessionId === undefined ? Option.none() : yield* sessions.get(actor.sessionId, now)
          // The session must be the member's own, with a second factor given on it within the window.
          const at =
            Option.isSome(session) && session.value.memberId === actor.memberId
              ? session.value.secondFactorAt
              : undefined
          if (at === undefined || now - at > windowMs) return yield* stepUpRequired
          return
        }
        if (!password) return
        if (proof.currentPassword === undefined || proof.currentPassword === "") {
          return yield* new PasswordRequired({ message: AccessMessages.passwordRequired })
        }
        // Counted before the check, forgotten when right: only wrong passwords slow the next ones.
        yield* limits.passwordProof(actor.memberId)
        const account = yield* accounts.get(actor.memberId)
        if (
          Option.isNone(account) ||
          !(yield* hasher.verify(proof.currentPassword, account.value.passwordHash))
        ) {
          return yield* new PasswordRequired({ message: AccessMessages.passwordWrong })
        }
        yield* limits.passwordProofPassed(actor.memberId)
      })

      return MemberGuard.of({ require: require as MemberGuard["Service"]["require"], hasSecondFactor })
    }),
  )
}
