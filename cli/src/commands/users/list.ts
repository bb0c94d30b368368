/** `landunits users list [--role admin|member] [--disabled|--enabled] [--search text]`: members, oldest first. */
import { listMembers, withoutPassword } from "@landunits/core/accounts/MembersAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { instant, table } from "../../support/Output.ts"

export const usersList = (
  cli: Cli,
  o: { role?: string; disabled?: boolean; enabled?: boolean; search?: string },
) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      return yield* listMembers({
        role: o.role,
        disabled: o.disabled === true ? true : o.enabled === true ? false : undefined,
        search: o.search,
      })
    }),
    (accounts) =>
      table(
        accounts.map((a) => ({
          memberId: a.memberId,
          email: a.email,
          name: `${a.firstName} ${a.lastName}`,
          role: a.role,
          confirmed: a.emailConfirmedAt !== undefined,
          disabled: a.disabledAt === undefined ? "" : instant(a.disabledAt),
        })),
        ["memberId", "email", "name", "role", "confirmed", "disabled"],
        "No member matches.",
      ),
    (accounts) => accounts.map(withoutPassword),
  )
