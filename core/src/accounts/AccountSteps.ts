/**
 * The steps several account use cases share (AccountService.ts): an account by its member, an emailed token
 * (the email confirmation, the password reset) and a new session.
 */
import { Clock, Effect, Option } from "effect"
import { Mailer } from "../notifications/ports/Mailer.ts"
import type { MemberId } from "../shared/Ids.ts"
import { AccountEmail } from "./AccountEmail.ts"
import { AccountNotFound } from "./AccountErrors.ts"
import type { Account, Session, TokenPurpose } from "./AccountModel.ts"
import { AccountRepository } from "./ports/AccountRepository.ts"
import { SecureRandom } from "./ports/SecureRandom.ts"
import { SessionStore } from "./ports/SessionStore.ts"
import { TokenStore } from "./ports/TokenStore.ts"
import { SessionLifetime } from "./SessionLifetime.ts"

export const makeAccountSteps = Effect.gen(function* () {
  const accounts = yield* AccountRepository
  const sessions = yield* SessionStore
  const tokens = yield* TokenStore
  const random = yield* SecureRandom
  const sessionLifetime = yield* SessionLifetime
  const mailer = yield* Mailer
  const now = Clock.currentTimeMillis

  const issueToken = Effect.fnUntraced(function* (account: Account, purpose: TokenPurpose, ttl: number) {
    yield* tokens.removeAllOf(account.memberId, purpose)
    const token = yield* random.token
    yield* tokens.save({
      tokenHash: yield* random.digest(token),
      purpose,
      memberId: account.memberId,
      expiresAt: (yield* now) + ttl,
    })
    const template = purpose === "confirm-email" ? AccountEmail.confirmEmail : AccountEmail.resetPassword
    yield* mailer.enqueue({ to: account.email, template, data: { firstName: account.firstName, token } })
  })

  const newSession = Effect.fnUntraced(function* (
    memberId: MemberId,
    from: { readonly device?: string | undefined; readonly secondFactorAt?: number | undefined } = {},
  ) {
    const at = yield* now
    const session: Session = {
      sessionId: yield* random.token,
      memberId,
      createdAt: at,
      expiresAt: at + sessionLifetime,
      ref: (yield* random.digest(yield* random.token)).slice(0, 24),
      lastSeenAt: at,
      ...(from.device === undefined ? {} : { device: from.device }),
      ...(from.secondFactorAt === undefined ? {} : { secondFactorAt: from.secondFactorAt }),
    }
    yield* sessions.create(session)
    return session
  })

  const getAccount = (memberId: MemberId) =>
    Effect.flatMap(accounts.get(memberId), (found) =>
      Option.isSome(found)
        ? Effect.succeed(found.value)
        : Effect.fail(new AccountNotFound({ message: `Member ${memberId} was not found` })),
    )

  return { issueToken, newSession, getAccount }
})

export type AccountSteps = Effect.Success<typeof makeAccountSteps>
