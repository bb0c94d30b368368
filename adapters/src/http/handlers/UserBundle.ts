/**
 * Builds GET /user's bundle (also login's answer): the member as spec §3's User, today's prices, their
 * holdings, the land statistics, today's exchange rates, the external fees and the bank accounts.
 */
import type { Account } from "@landunits/core/accounts/AccountModel.ts"
import { emptyKycInfo } from "@landunits/core/kyc/KycModel.ts"
import { KycStore } from "@landunits/core/kyc/ports/KycStore.ts"
import { HoldingsService } from "@landunits/core/ledger/HoldingsService.ts"
import type { User } from "@landunits/core/members/MemberModel.ts"
import { BankTransfers } from "@landunits/core/orders/ports/BankTransfers.ts"
import type { ExchangeRate, LandUnitStats } from "@landunits/core/pricing/PricingModel.ts"
import { ExchangeRates } from "@landunits/core/pricing/ports/ExchangeRates.ts"
import { PriceBook } from "@landunits/core/pricing/ports/PriceBook.ts"
import { CurrencyTypes, UnitTypes } from "@landunits/core/shared/Enums.ts"
import { Context, Effect, Layer, Option } from "effect"
import { PricingSettings } from "../../postgres/PricingPg.ts"
import type { UserBundle } from "../api/Answers.ts"

/**
 * The share of each project's land value offered as Units. The land value configured per unit type is
 * already the value Units are sold against (docs/decisions.md), so all of it is offered.
 */
export const MAX_LAND_UNITS_FOR_SALE_PERCENTAGE = 100

export class UserBundles extends Context.Service<
  UserBundles,
  { readonly of: (account: Account, firstLogin: boolean) => Effect.Effect<UserBundle> }
>()("@landunits/adapters/http/handlers/UserBundles") {
  static readonly layer = Layer.effect(UserBundles)(
    Effect.gen(function* () {
      const kyc = yield* KycStore
      const holdings = yield* HoldingsService
      const prices = yield* PriceBook
      const rates = yield* ExchangeRates
      const bank = yield* BankTransfers
      const settings = yield* PricingSettings

      const landUnitStats = Effect.map(settings.units, (units): LandUnitStats => {
        const land = (unitType: string) =>
          units.find((u) => u.schedule.unitType === unitType)?.landLimits.totalProjectLandValueInCents ?? 0
        return {
          landValues_aud: land("LAND_AUD"),
          landValues_eur: land("LAND_EUR"),
          landValues_usd: land("LAND_USD"),
          landValues_pound: land("LAND_POUND"),
          maxLandUnitsForSalePercentage: MAX_LAND_UNITS_FOR_SALE_PERCENTAGE,
          growthPerYearPercent: Math.max(0, ...units.map((u) => u.schedule.growthPerYearPercent)),
        }
      })

      const todaysRates = Effect.map(
        Effect.forEach(
          CurrencyTypes.flatMap((from) =>
            CurrencyTypes.filter((to) => to !== from).map((to) => [from, to] as const),
          ),
          ([from, to]) => Effect.option(rates.rate(from, to)),
        ),
        (found) => found.flatMap((r): ReadonlyArray<ExchangeRate> => Option.toArray(r)),
      )

      return UserBundles.of({
        of: (account, firstLogin) =>
          Effect.gen(function* () {
            const record = yield* kyc.get(account.memberId)
            const kycInfo = Option.match(record, { onNone: () => emptyKycInfo, onSome: (r) => r.kycInfo })
            const user: User = {
              id: account.memberId,
              email: account.email,
              firstName: account.firstName,
              lastName: account.lastName,
              userType: account.userType,
              ...(account.businessName === undefined ? {} : { businessName: account.businessName }),
              firstLogin,
              kycInfo,
              kycStatus: kycInfo.kycStatus ?? "UnVerified",
            }
            return {
              user,
              prices: yield* Effect.forEach(UnitTypes, (u) => prices.unitPrice(u)),
              userDashBoardDetails: { holdings: yield* Effect.orDie(holdings.holdings(account.memberId)) },
              landUnitStats: yield* landUnitStats,
              exchangeRate: yield* todaysRates,
              externalFees: yield* prices.externalFees,
              adminBankDetails: yield* Effect.forEach(CurrencyTypes, (currency) =>
                Effect.map(bank.adminBankDetails(currency), (details) => ({ currency, details })),
              ),
            }
          }),
      })
    }),
  )
}
