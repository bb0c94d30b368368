/**
 * BankTransfers answered from a ReferenceData snapshot instead of one query each, with BankTransfersPg's answers and
 * failures: a missing bank account is a defect naming what to configure. For read-only pages (the member's bundle):
 * orders keep reading the database (BankTransfersPg) so an admin's change applies at once.
 */
import { BankTransfers } from "@landunits/core/orders/ports/BankTransfers.ts"
import { Effect, Layer } from "effect"
import { unconfigured } from "./PricingAnswers.ts"
import { ReferenceData, todayIn } from "./ReferenceData.ts"

export const BankTransfersReferenceData = Layer.effect(BankTransfers)(
  Effect.gen(function* () {
    const today = todayIn(yield* ReferenceData)
    return BankTransfers.of({
      adminBankDetails: (currency) =>
        Effect.flatMap(today, (snapshot) => {
          const details = snapshot.bankAccounts[currency]
          return details === undefined
            ? unconfigured(`bank account for ${currency}`)
            : Effect.succeed(details)
        }),
    })
  }),
)
