/** BankTransfers on PostgreSQL: the bank account members pay into, per currency. */
import { BankTransfers } from "@landunits/core/orders/ports/BankTransfers.ts"
import type { AdminBankDetails } from "@landunits/core/pricing/PricingModel.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { unconfigured } from "../reference/PricingAnswers.ts"

export const BankTransfersPg = Layer.effect(BankTransfers)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return BankTransfers.of({
      adminBankDetails: (currency) =>
        sql<{
          details: AdminBankDetails
        }>`SELECT details FROM bank_accounts WHERE currency = ${currency}`.pipe(
          Effect.orDie,
          Effect.flatMap((rows) =>
            rows[0] === undefined
              ? unconfigured(`bank account for ${currency}`)
              : Effect.succeed(rows[0].details),
          ),
        ),
    })
  }),
)
