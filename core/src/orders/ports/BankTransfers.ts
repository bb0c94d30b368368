import { Context, Effect, Layer } from "effect"
import {
  type AdminBankDetails,
  AdminBankDetails as AdminBankDetailsSchema,
} from "../../pricing/PricingModel.ts"
import type { CurrencyType } from "../../shared/Enums.ts"

/** Port: bank transfers. A member pays to the platform's account for the currency, quoting the reference. */
export class BankTransfers extends Context.Service<
  BankTransfers,
  {
    readonly adminBankDetails: (currency: CurrencyType) => Effect.Effect<AdminBankDetails>
  }
>()("@landunits/core/orders/ports/BankTransfers") {
  static readonly layerMemory = (details: AdminBankDetails) =>
    Layer.succeed(BankTransfers)({
      adminBankDetails: () => Effect.succeed(AdminBankDetailsSchema.make(details)),
    })
}
