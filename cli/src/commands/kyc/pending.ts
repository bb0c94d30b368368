/** `landunits kyc pending`: members waiting for verification, oldest submission first. */
import { KycService } from "@landunits/core/kyc/KycService.ts"
import type { Command } from "commander"
import { Effect } from "effect"
import { type AppRuntime, adminNamed, runCommand } from "../../Admin.ts"

export const kycPendingCommand = (kyc: Command, runtime: () => AppRuntime, admin: () => string | undefined) =>
  kyc
    .command("pending")
    .description("list the members waiting for identity verification")
    .action(() =>
      runCommand(
        runtime(),
        Effect.gen(function* () {
          return yield* (yield* KycService).pendingVerification(yield* adminNamed(admin()))
        }),
        (records) =>
          records.length === 0
            ? "Nobody is waiting for verification."
            : records
                .map((r) => `${r.memberId}\tsubmitted ${new Date(r.updatedAt).toISOString()}`)
                .join("\n"),
      ),
    )
