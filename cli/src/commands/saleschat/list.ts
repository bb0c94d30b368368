/** `landunits saleschat list`: the members' sales chat threads waiting for an answer, longest waiting first. */
import { SalesChatService } from "@landunits/core/saleschat/SalesChatService.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { instant, table } from "../../support/Output.ts"

const excerpt = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text).replace(/\s+/g, " ")

export const saleschatList = (cli: Cli) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      return yield* (yield* SalesChatService).awaiting(operator.actor)
    }),
    (list) =>
      table(
        list.map((s) => ({
          memberId: s.memberId,
          waitingSince: instant(s.waitingSince),
          unanswered: s.unanswered,
          last: excerpt(s.lastText),
        })),
        ["memberId", "waitingSince", "unanswered", "last"],
        "No sales chat is waiting for an answer.",
      ),
  )
