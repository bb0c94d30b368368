/** `landunits users show <email|memberId>`: one member's account, KYC status and holdings. */
import { showMember } from "@landunits/core/accounts/MembersAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { fields, instant, table } from "../../support/Output.ts"

export const usersShow = (cli: Cli, member: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      return yield* showMember(member)
    }),
    (m) =>
      [
        fields({
          memberId: m.account.memberId,
          email: m.account.email,
          name: `${m.account.firstName} ${m.account.lastName}`,
          userType: m.account.userType,
          businessName: m.account.businessName,
          role: m.account.role,
          registered: instant(m.account.createdAt),
          emailConfirmed: instant(m.account.emailConfirmedAt),
          disabled: m.account.disabledAt === undefined ? "no" : instant(m.account.disabledAt),
          kycStatus: m.kycStatus,
        }),
        "",
        table(
          m.holdings.map((h) => ({ ...h })),
          Object.keys(m.holdings[0] ?? {}),
          "No Units held.",
        ),
      ].join("\n"),
  )
