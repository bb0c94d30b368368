/**
 * The admins' use cases on the mail outbox (`landunits mail …`, issue 37): list it, show one message. Secrets an
 * email carries (sign-in and reset tokens) are masked: an admin reads what a member was told, never takes over
 * their link.
 */
import { Effect, Option } from "effect"
import { optionValue, refuse, wholeNumber } from "../access/AdminUseCase.ts"
import { Outbox, OutboxStatus } from "./ports/Outbox.ts"

const SECRET_FIELDS = new Set(["token"])

export const maskSecrets = (data: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(data).map(([k, v]) => [k, SECRET_FIELDS.has(k) ? "••••••" : v]))

/** The outbox, newest first: by recipient, status, template; at most `limit` messages; no template data. */
export const listMail = Effect.fn("MailAdmin.list")(function* (filter: {
  readonly to?: string | undefined
  readonly status?: string | undefined
  readonly template?: string | undefined
  readonly limit: string
}) {
  const status =
    filter.status === undefined
      ? undefined
      : yield* optionValue(OutboxStatus, "--status", filter.status, "pending, sent, failed")
  const limit = yield* wholeNumber("--limit", filter.limit, 1)
  const messages = yield* (yield* Outbox).list({
    limit,
    ...(status === undefined ? {} : { status }),
    ...(filter.to === undefined ? {} : { to: filter.to }),
    ...(filter.template === undefined ? {} : { template: filter.template }),
  })
  return messages.map(({ data: _, ...m }) => m)
})

/** One message with its template data, secrets masked. */
export const showMail = Effect.fn("MailAdmin.show")(function* (id: string) {
  const found = yield* (yield* Outbox).get(yield* wholeNumber("message id", id, 1))
  if (Option.isNone(found)) return yield* refuse(`No message ${id} in the outbox`)
  return { ...found.value, data: maskSecrets(found.value.data) }
})
