/** `landunits audit show [--actor member] [--action a] [--subject s] [--from day] [--to day] [--limit n]`: the audit log, newest first. */
import { showAudit } from "@landunits/core/audit/AuditAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { instant, table } from "../../support/Output.ts"

interface ShowOptions {
  actor?: string
  action?: string
  subject?: string
  from?: string
  to?: string
  limit: string
}

export const auditShow = (cli: Cli, o: ShowOptions) =>
  runCommand(cli, Effect.andThen(requireAdmin(cli.options().as), showAudit(o)), (entries) =>
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
