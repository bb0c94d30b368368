/**
 * `landunits mail show <id>`: one outbox message with its template data. Secrets the email carries
 * (sign-in and reset tokens) are masked: an admin reads what a member was told, never takes over their link.
 */
import { showMail } from "@landunits/core/notifications/MailAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { fields, instant } from "../../support/Output.ts"

export const mailShow = (cli: Cli, id: string) =>
  runCommand(cli, Effect.andThen(requireAdmin(cli.options().as), showMail(id)), (m) =>
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
