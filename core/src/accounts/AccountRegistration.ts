/**
 * The registration use cases (AccountService.ts): register, resend or cancel the confirmation, confirm the email.
 * Resend and cancel answer the same whether or not the email waits for confirmation.
 */
import { Clock, Effect, Option } from "effect"
import { LimitsService } from "../limits/LimitsService.ts"
import { CONFIRMATION_TOKEN_TTL_MS } from "../shared/Constants.ts"
import type { UserType } from "../shared/Enums.ts"
import { MemberId } from "../shared/Ids.ts"
import { IdGenerator } from "../shared/ports/IdGenerator.ts"
import { AccountMessages, TokenInvalid } from "./AccountErrors.ts"
import type { Account } from "./AccountModel.ts"
import type { AccountSteps } from "./AccountSteps.ts"
import { AccountRepository } from "./ports/AccountRepository.ts"
import { PasswordHasher } from "./ports/PasswordHasher.ts"
import { SecureRandom } from "./ports/SecureRandom.ts"
import { TokenStore } from "./ports/TokenStore.ts"

export interface Registration {
  readonly email: string
  readonly firstName: string
  readonly lastName: string
  readonly password: string
  readonly userType: UserType
  readonly businessName?: string | undefined
  /** The version of the Terms and Conditions the member accepted (validated: the version in force). */
  readonly termsVersion: string
}

export const makeAccountRegistration = ({ getAccount, issueToken }: AccountSteps) =>
  Effect.gen(function* () {
    const accounts = yield* AccountRepository
    const tokens = yield* TokenStore
    const hasher = yield* PasswordHasher
    const random = yield* SecureRandom
    const limits = yield* LimitsService
    const ids = yield* IdGenerator
    const now = Clock.currentTimeMillis

    const unconfirmed = (email: string) =>
      Effect.map(
        accounts.findByEmail(email),
        Option.filter((a) => a.emailConfirmedAt === undefined),
      )

    const register = Effect.fn("AccountService.register")(function* (
      registration: Registration,
      address: string,
    ) {
      yield* limits.publicEmail({ recipient: registration.email, address })
      const account: Account = {
        memberId: MemberId.make(yield* ids.next("mem")),
        email: registration.email.trim(),
        firstName: registration.firstName.trim(),
        lastName: registration.lastName.trim(),
        userType: registration.userType,
        ...(registration.businessName === undefined
          ? {}
          : { businessName: registration.businessName.trim() }),
        role: "member",
        passwordHash: yield* hasher.hash(registration.password),
        firstLogin: true,
        createdAt: yield* now,
        termsAccepted: { version: registration.termsVersion, acceptedAt: yield* now },
      }
      yield* accounts.insert(account)
      yield* issueToken(account, "confirm-email", CONFIRMATION_TOKEN_TTL_MS)
      return { memberId: account.memberId, message: AccountMessages.confirmationSent }
    })

    const resendConfirmation = Effect.fn("AccountService.resendConfirmation")(function* (
      email: string,
      address: string,
    ) {
      // Counted whether or not the email waits for confirmation: the answer must not tell.
      yield* limits.publicEmail({ recipient: email, address })
      const found = yield* unconfirmed(email)
      if (Option.isSome(found)) yield* issueToken(found.value, "confirm-email", CONFIRMATION_TOKEN_TTL_MS)
      return AccountMessages.confirmationResent
    })

    const cancelRegistration = Effect.fn("AccountService.cancelRegistration")(function* (email: string) {
      const found = yield* unconfirmed(email)
      if (Option.isSome(found)) {
        yield* tokens.removeAllOf(found.value.memberId, "confirm-email")
        yield* accounts.remove(found.value.memberId)
      }
      return AccountMessages.registrationCancelled
    })

    const confirmEmail = Effect.fn("AccountService.confirmEmail")(function* (token: string) {
      const memberId = yield* tokens.consume(yield* random.digest(token), "confirm-email", yield* now)
      if (Option.isNone(memberId)) return yield* new TokenInvalid({ message: AccountMessages.tokenInvalid })
      const account = yield* getAccount(memberId.value).pipe(
        Effect.mapError(() => new TokenInvalid({ message: AccountMessages.tokenInvalid })),
      )
      const confirmed: Account = {
        ...account,
        emailConfirmedAt: account.emailConfirmedAt ?? (yield* now),
      }
      yield* accounts.update(confirmed)
      return confirmed
    })
    return { register, resendConfirmation, cancelRegistration, confirmEmail }
  })
