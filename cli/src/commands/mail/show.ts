/**
 * `landunits mail show <id>`: one outbox message with its template data. Secrets the email carries
 * (sign-in and reset tokens) are masked: an admin reads what a member was told, never takes over their link.
 */
import { Outbox } from "@landunits/core/notifications/ports/Outbox.ts"
import { Effect, Option } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { wholeNumber } from "../../support/Lookup.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { fields, instant } from "../../support/Output.ts"

const SECRET_FIELDS = new Set(["token"])

export const maskSecrets = (data: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(data).map(([k, v]) => [k, SECRET_FIELDS.has(k) ? "••••••" : v]))

export const mailShow = (cli: Cli, id: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      const n = yield* wholeNumber("message id", id, 1)
      const found = yield* (yield* Outbox).get(n)
      if (Option.isNone(found)) return yield* new AdminRefused({ message: `No message ${id} in the outbox` })
      return { ...found.value, data: maskSecrets(found.value.data) }
    }),
    (m) =>
      fields({
        id: m.id,
        to: m.to,
        template: m.template,
        status: m.status,
        attempts: m.attempts,
        createdAt: instant(m.createdAt),
        sentAt: instant(m.sentAt),
        lastError: m.lastError,
        ...Object.fromEntries(Object.entries(m.data).map(([k, v]) => [`data.${k}`, v])),
      }),
  )
