/** `landunits mail list [--to email] [--status pending|sent|failed] [--template name] [--limit n]`: the mail outbox, newest first. */
import { Outbox, OutboxStatus } from "@landunits/core/notifications/ports/Outbox.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { optionValue, wholeNumber } from "../../support/Lookup.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { instant, table } from "../../support/Output.ts"

export const mailList = (cli: Cli, o: { to?: string; status?: string; template?: string; limit: string }) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      const status =
        o.status === undefined
          ? undefined
          : yield* optionValue(OutboxStatus, "--status", o.status, "pending, sent, failed")
      const limit = yield* wholeNumber("--limit", o.limit, 1)
      return yield* (yield* Outbox).list({
        limit,
        ...(status === undefined ? {} : { status }),
        ...(o.to === undefined ? {} : { to: o.to }),
        ...(o.template === undefined ? {} : { template: o.template }),
      })
    }),
    (messages) =>
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
    (messages) => messages.map(({ data: _, ...m }) => m),
  )
