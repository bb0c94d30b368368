/** Shapes several routes answer with. */
import { UnitHolding } from "@landunits/core/ledger/LedgerModel.ts"
import { User } from "@landunits/core/members/MemberModel.ts"
import {
  AdminBankDetails,
  ExchangeRate,
  ExternalFees,
  LandUnitStats,
  UnitPrice,
} from "@landunits/core/pricing/PricingModel.ts"
import { CurrencyType } from "@landunits/core/shared/Enums.ts"
import { Schema } from "effect"

/** `{ message }`: what the register, newsletter and similar answers show (spec §7: data.message). */
export const MessageAnswer = Schema.Struct({ message: Schema.String })
export type MessageAnswer = typeof MessageAnswer.Type

/** GET /user (and login, with user.firstLogin): everything the dashboard needs at once. */
export const UserBundle = Schema.Struct({
  user: User,
  prices: Schema.Array(UnitPrice),
  userDashBoardDetails: Schema.Struct({ holdings: Schema.Array(UnitHolding) }),
  landUnitStats: LandUnitStats,
  exchangeRate: Schema.Array(ExchangeRate),
  externalFees: ExternalFees,
  adminBankDetails: Schema.Array(Schema.Struct({ currency: CurrencyType, details: AdminBankDetails })),
})
export type UserBundle = typeof UserBundle.Type
