/** `landunits payouts mark-ready <payoutId>`: an AUD payout is ready for the transfer between accounts (before mark-paid). Audited. */
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { PayoutRepository } from "@landunits/core/orders/ports/PayoutRepository.ts"
import { PayoutId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { cliKey } from "../orders/keys.ts"
import { auditPayoutMove, payoutLine } from "./payoutMove.ts"

export const payoutsMarkReady = (cli: Cli, payoutId: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const before = yield* (yield* PayoutRepository).get(PayoutId.make(payoutId))
      const payout = yield* (yield* OrderService).markPayoutReady({
        idempotencyKey: cliKey("payout-ready", payoutId),
        payoutId: before.payoutId,
        actor: operator.orderActor,
      })
      yield* auditPayoutMove(operator, "payouts.ready", before, payout)
      return payout
    }),
    payoutLine,
  )
