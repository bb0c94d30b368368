/** `landunits saleschat show <member>`: one member's sales chat thread (member by email or member id), oldest first. */
import { SalesChatService } from "@landunits/core/saleschat/SalesChatService.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { memberNamed } from "../../support/Lookup.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { instant } from "../../support/Output.ts"

export const saleschatShow = (cli: Cli, member: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const account = yield* memberNamed(member)
      const thread = yield* (yield* SalesChatService).threadOfMember(operator.actor, account.memberId)
      return { email: account.email, ...thread }
    }),
    (t) =>
      [
        `${t.email} (${t.memberId})${t.awaitingReply ? ": waiting for an answer" : ""}`,
        ...(t.messages.length === 0
          ? ["No message yet."]
          : t.messages.map(
              (m) =>
                `[${instant(m.at)}] ${m.from === "team" ? `${m.authorName} (team)` : `${m.authorName} (member)`}: ${m.text}`,
            )),
      ].join("\n"),
  )
