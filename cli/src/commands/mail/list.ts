/** `landunits mail list [--to email] [--status pending|sent|failed] [--template name] [--limit n]`: the mail outbox, newest first. */
import { listMail } from "@landunits/core/notifications/MailAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { instant, table } from "../../support/Output.ts"

export const mailList = (cli: Cli, o: { to?: string; status?: string; template?: string; limit: string }) =>
  runCommand(cli, Effect.andThen(requireAdmin(cli.options().as), listMail(o)), (messages) =>
    table(
      messages.map((m) => ({
        id: m.id,
        to: m.to,
        template: m.template,
        status: m.status,
        attempts: m.attempts,
        createdAt: instant(m.createdAt),
      })),
      ["id", "to", "template", "status", "attempts", "createdAt"],
      "The outbox is empty.",
    ),
  )
