/** `landunits audit show [--actor member] [--action a] [--subject s] [--from day] [--to day] [--limit n]`: the audit log, newest first. */
import { AuditLog } from "@landunits/core/audit/ports/AuditLog.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { memberNamed, wholeNumber } from "../../support/Lookup.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { instant, table } from "../../support/Output.ts"

const day = (option: string, value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
    ? Effect.succeed(Date.parse(`${value}T00:00:00Z`))
    : Effect.fail(new AdminRefused({ message: `${option} must be a day, yyyy-mm-dd (got ${value})` }))

interface ShowOptions {
  actor?: string
  action?: string
  subject?: string
  from?: string
  to?: string
  limit: string
}

export const auditShow = (cli: Cli, o: ShowOptions) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      const actor =
        o.actor === undefined
          ? undefined
          : o.actor.startsWith("os:")
            ? MemberId.make(o.actor)
            : (yield* memberNamed(o.actor)).memberId
      const from = o.from === undefined ? undefined : yield* day("--from", o.from)
      const to = o.to === undefined ? undefined : (yield* day("--to", o.to)) + 86_400_000
      const limit = yield* wholeNumber("--limit", o.limit, 1)
      const entries = yield* (yield* AuditLog).list({
        ...(actor === undefined ? {} : { actor }),
        ...(o.action === undefined ? {} : { action: o.action }),
        ...(o.subject === undefined ? {} : { subject: o.subject }),
        ...(from === undefined ? {} : { from }),
        ...(to === undefined ? {} : { to }),
      })
      return entries.toReversed().slice(0, limit)
    }),
    (entries) =>
      table(
        entries.map((e) => ({
          seq: e.sequence,
          at: instant(e.at),
          actor: e.actor,
          action: e.action,
          subject: e.subject,
          details: Object.entries(e.details)
            .map(([k, v]) => `${k}=${v}`)
            .join(" "),
        })),
        ["seq", "at", "actor", "action", "subject", "details"],
        "No audit entry matches.",
      ),
  )
