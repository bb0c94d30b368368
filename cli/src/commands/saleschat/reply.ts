/**
 * `landunits saleschat reply <member> <text> [--name <shown name>]`: answers a member's sales chat as the team.
 * The member sees the text under the shown name (default: the admin's first name and "from the sales team");
 * the reply is audited (SalesChatService) and the member is emailed.
 */
import { SalesChatService } from "@landunits/core/saleschat/SalesChatService.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { memberNamed } from "../../support/Lookup.ts"
import { requireAdmin } from "../../support/Operator.ts"

export const saleschatReply = (cli: Cli, member: string, text: string, o: { name?: string }) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const admin = yield* memberNamed(operator.email ?? "")
      const account = yield* memberNamed(member)
      const name = o.name ?? `${admin.firstName} from the sales team`
      const thread = yield* (yield* SalesChatService).reply(operator.actor, account.memberId, name, text)
      return { email: account.email, reply: thread.messages.at(-1)! }
    }),
    (r) => `${r.email}: answered as ${r.reply.authorName} (emailed)`,
  )
