/** `landunits kyc approve <email>` and `landunits kyc reject <email> --reason "…"`: the admin's KYC decision (the member is emailed). */
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { KycService } from "@landunits/core/kyc/KycService.ts"
import type { Command } from "commander"
import { Effect, Option } from "effect"
import { AdminRefused, type AppRuntime, adminNamed, runCommand } from "../../Admin.ts"

const memberOf = (email: string) =>
  Effect.flatMap(AccountRepository, (accounts) =>
    Effect.flatMap(accounts.findByEmail(email), (found) =>
      Option.isSome(found)
        ? Effect.succeed(found.value.memberId)
        : Effect.fail(new AdminRefused({ message: `No member has the email ${email}` })),
    ),
  )

export const kycDecideCommands = (
  kyc: Command,
  runtime: () => AppRuntime,
  admin: () => string | undefined,
) => {
  kyc
    .command("approve <email>")
    .description("verify a member's identity (they can then sell, transfer and convert)")
    .action((email: string) =>
      runCommand(
        runtime(),
        Effect.gen(function* () {
          return yield* (yield* KycService).approve(yield* adminNamed(admin()), yield* memberOf(email))
        }),
        (view) => `${email}: ${view.kycInfo.kycStatus}`,
      ),
    )
  kyc
    .command("reject <email>")
    .description("refuse a member's verification, with the reason they are emailed")
    .requiredOption("--reason <text>", "why (the member reads it)")
    .action((email: string, options: { reason: string }) =>
      runCommand(
        runtime(),
        Effect.gen(function* () {
          return yield* (yield* KycService).reject(
            yield* adminNamed(admin()),
            yield* memberOf(email),
            options.reason,
          )
        }),
        (view) => `${email}: ${view.kycInfo.kycStatus}`,
      ),
    )
}
