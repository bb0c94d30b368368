/** `landunits users show <email|memberId>`: one member's account, KYC status and holdings. */
import { KycService } from "@landunits/core/kyc/KycService.ts"
import { HoldingsService } from "@landunits/core/ledger/HoldingsService.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { memberNamed } from "../../support/Lookup.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { fields, instant, table } from "../../support/Output.ts"

export const usersShow = (cli: Cli, member: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      const { passwordHash: _, ...account } = yield* memberNamed(member)
      return {
        account,
        kycStatus: yield* (yield* KycService).statusOf(account.memberId),
        holdings: yield* Effect.orDie((yield* HoldingsService).holdings(account.memberId)),
      }
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
