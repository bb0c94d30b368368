/**
 * The emails that tell a member their account's security changed (issue 38): the password changed or reset by an
 * emailed link, a second factor (an authenticator app or a passkey) added or removed. Each says what happened, when
 * (UTC) and from which device or address where it is known, and what to do if it was not the member.
 *
 * Enqueued through the Mailer (the outbox) right after the change is stored, never sent from here: the outbox
 * worker delivers it later, outside any transaction of the change. The text is the outbox's
 * (adapters/src/email/EmailTemplates.ts).
 */
import { Clock, Effect, Option } from "effect"
import { formatDateTimeZoned } from "../format/Format.ts"
import { Mailer } from "../notifications/ports/Mailer.ts"
import type { MemberId } from "../shared/Ids.ts"
import { AccountRepository } from "./ports/AccountRepository.ts"
import { SessionStore } from "./ports/SessionStore.ts"

/** The templates, by change. */
export const SecurityEmail = {
  passwordChanged: "password-changed",
  passwordReset: "password-reset",
  secondFactorAdded: "second-factor-added",
  secondFactorRemoved: "second-factor-removed",
} as const

/** A second factor as the emails name it: its kind and, in a sentence, which one. */
export interface FactorNamed {
  readonly kind: "authenticator app" | "passkey"
  /** "an authenticator app", `a passkey named "MacBook"`. */
  readonly factor: string
}

export const authenticatorApp: FactorNamed = { kind: "authenticator app", factor: "an authenticator app" }
export const passkeyNamed = (name: string): FactorNamed => ({
  kind: "passkey",
  factor: `a passkey named "${name}"`,
})

/** What changed, and with what. */
export type SecurityChange =
  | { readonly _tag: "passwordChanged" }
  | { readonly _tag: "passwordReset" }
  | ({ readonly _tag: "secondFactorAdded" } & FactorNamed)
  | ({ readonly _tag: "secondFactorRemoved" } & FactorNamed)

/** Where the change was made from: the session that made it (its device), or the request's address. */
export interface ChangedFrom {
  readonly sessionId?: string | undefined
  readonly address?: string | undefined
}

/**
 * The notices of a service, over its own ports: `notify` enqueues the email of `change` to the member (nothing for
 * a member that no longer exists).
 */
export const makeSecurityNotices = Effect.gen(function* () {
  const accounts = yield* AccountRepository
  const sessions = yield* SessionStore
  const mailer = yield* Mailer
  const notify = Effect.fnUntraced(function* (
    memberId: MemberId,
    change: SecurityChange,
    from: ChangedFrom = {},
  ) {
    const account = yield* accounts.get(memberId)
    if (Option.isNone(account)) return
    const at = yield* Clock.currentTimeMillis
    const session = from.sessionId === undefined ? Option.none() : yield* sessions.get(from.sessionId, at)
    const device = Option.isSome(session) ? session.value.device : undefined
    const { _tag, ...factor } = change
    yield* mailer.enqueue({
      to: account.value.email,
      template: SecurityEmail[_tag],
      data: {
        firstName: account.value.firstName,
        at: formatDateTimeZoned(at),
        ...(device === undefined || device === "" ? {} : { device }),
        ...(from.address === undefined || from.address === "" ? {} : { address: from.address }),
        ...factor,
      },
    })
  })
  return { notify }
})
