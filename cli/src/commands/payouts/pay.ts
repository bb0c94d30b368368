/** `landunits payouts ready <payoutId>` (AUD: ready for the transfer between accounts) and `payouts paid <payoutId>`. Audited. */
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { IdempotencyKey, PayoutId } from "@landunits/core/shared/Ids.ts"
import type { Command } from "commander"
import { Effect } from "effect"
import { type AppRuntime, adminNamed, audit, runCommand } from "../../Admin.ts"

export const payoutCommands = (
  payouts: Command,
  runtime: () => AppRuntime,
  admin: () => string | undefined,
) => {
  for (const [verb, description] of [
    ["ready", "an AUD payout is ready for the transfer between accounts"],
    ["paid", "the seller has been paid"],
  ] as const) {
    payouts
      .command(`${verb} <payoutId>`)
      .description(description)
      .action((payoutId: string) =>
        runCommand(
          runtime(),
          Effect.gen(function* () {
            const actor = yield* adminNamed(admin())
            const orders = yield* OrderService
            const request = {
              idempotencyKey: IdempotencyKey.make(`cli:payout-${verb}:${payoutId}`),
              payoutId: PayoutId.make(payoutId),
            }
            const payout =
              verb === "ready"
                ? yield* orders.markPayoutReady(request)
                : yield* orders.markPayoutPaid(request)
            yield* audit(actor, `payouts.${verb}`, `payout:${payoutId}`, {
              amountCents: String(payout.amountCents),
              currency: payout.currency,
            })
            return payout
          }),
          (p) => `${p.payoutId}: ${p.status} (${p.amountCents} cents ${p.currency} to ${p.memberId})`,
        ),
      )
  }
}
