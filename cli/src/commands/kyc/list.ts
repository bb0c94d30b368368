/** `landunits kyc list [--status "Pending Verification"]`: members in a KYC status, oldest change first (the queue). */
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { KycService } from "@landunits/core/kyc/KycService.ts"
import { KycStatus, KycStatuses } from "@landunits/core/shared/Enums.ts"
import { Effect, Option } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { optionValue } from "../../support/Lookup.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { instant, table } from "../../support/Output.ts"

export const kycList = (cli: Cli, o: { status: string }) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const status = yield* optionValue(KycStatus, "--status", o.status, KycStatuses.join(", "))
      const records = yield* (yield* KycService).listByStatus(operator.actor, status)
      const accounts = yield* AccountRepository
      return yield* Effect.forEach(records, (r) =>
        Effect.map(accounts.get(r.memberId), (a) => ({
          memberId: r.memberId,
          email: Option.match(a, { onNone: () => "", onSome: (x) => x.email }),
          kycStatus: r.kycInfo.kycStatus,
          updatedAt: instant(r.updatedAt),
        })),
      )
    }),
    (rows) => table(rows, ["memberId", "email", "kycStatus", "updatedAt"], `Nobody is in ${o.status}.`),
  )
