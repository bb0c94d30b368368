/**
 * Builds GET /user's bundle (also login's answer): the member as spec §3's User, today's prices, their
 * holdings, the land statistics, today's exchange rates, the external fees and the bank accounts. What an
 * installation has not configured yet is left out (a unit type without a price, a currency without a bank
 * account), so a member can sign in before the admins have set everything.
 *
 * Round trips per bundle: none for GET /user, whose middleware read the member's KYC record, transfers and orders
 * with the session (SignedInOwnRecords); otherwise (login's answer) the KYC record and the ledger (HoldingsService),
 * read at once. Everything that is not the member's comes from the process's reference data snapshot
 * (ReferenceData, kept 5 seconds), and the holdings are valued at the same snapshot's prices (the composition
 * gives HoldingsService the snapshot's PriceBook, HttpApp.ts).
 */
import type { Account } from "@landunits/core/accounts/AccountModel.ts"
import { emptyKycInfo } from "@landunits/core/kyc/KycModel.ts"
import { KycStore } from "@landunits/core/kyc/ports/KycStore.ts"
import { HoldingsService } from "@landunits/core/ledger/HoldingsService.ts"
import type { User } from "@landunits/core/members/MemberModel.ts"
import type { OwnRecords } from "@landunits/core/members/ports/SignedInMembers.ts"
import type { ExchangeRate, LandUnitStats, UnitPrice } from "@landunits/core/pricing/PricingModel.ts"
import { CurrencyTypes, UnitTypes } from "@landunits/core/shared/Enums.ts"
import { Context, Effect, Layer, Option } from "effect"
import { unitPriceOn } from "../../reference/PricingAnswers.ts"
import {
  externalFeesIn,
  ReferenceData,
  type ReferenceSnapshot,
  todayIn,
} from "../../reference/ReferenceData.ts"
import type { UserBundle } from "../api/Answers.ts"

/**
 * The share of each project's land value offered as Units. The land value configured per unit type is
 * already the value Units are sold against (docs/decisions.md), so all of it is offered.
 */
export const MAX_LAND_UNITS_FOR_SALE_PERCENTAGE = 100

const landUnitStatsOf = (snapshot: ReferenceSnapshot): LandUnitStats => {
  const land = (unitType: string) =>
    snapshot.units.find((u) => u.schedule.unitType === unitType)?.landLimits.totalProjectLandValueInCents ?? 0
  return {
    landValues_aud: land("LAND_AUD"),
    landValues_eur: land("LAND_EUR"),
    landValues_usd: land("LAND_USD"),
    landValues_pound: land("LAND_POUND"),
    maxLandUnitsForSalePercentage: MAX_LAND_UNITS_FOR_SALE_PERCENTAGE,
    growthPerYearPercent: Math.max(0, ...snapshot.units.map((u) => u.schedule.growthPerYearPercent)),
  }
}

/** Every pair of different currencies that has a rate today, in the order of CurrencyTypes. */
const ratesOf = (snapshot: ReferenceSnapshot): ReadonlyArray<ExchangeRate> =>
  CurrencyTypes.flatMap((from) =>
    CurrencyTypes.flatMap((to) =>
      snapshot.rates.filter((r) => r.from === from && r.to === to && from !== to),
    ),
  )

/** Today's price of every unit type that has one, in the order of UnitTypes. */
export const pricesIn = (snapshot: ReferenceSnapshot): ReadonlyArray<UnitPrice> =>
  UnitTypes.flatMap((unitType) => {
    const settings = snapshot.units.find((u) => u.schedule.unitType === unitType)
    return settings === undefined ? [] : [unitPriceOn(settings, snapshot.day)]
  })

export class UserBundles extends Context.Service<
  UserBundles,
  {
    /**
     * `records`: the member's own records when already read with the session (SignedInOwnRecords); else read
     * here.
     */
    readonly of: (
      account: Account,
      firstLogin: boolean,
      records?: Option.Option<OwnRecords>,
    ) => Effect.Effect<UserBundle>
  }
>()("@landunits/adapters/http/handlers/UserBundles") {
  static readonly layer = Layer.effect(UserBundles)(
    Effect.gen(function* () {
      const kyc = yield* KycStore
      const holdings = yield* HoldingsService
      const reference = yield* ReferenceData

      return UserBundles.of({
        of: (account, firstLogin, records = Option.none()) =>
          Effect.gen(function* () {
            const snapshot = yield* todayIn(reference)
            const [record, held] = yield* Option.match(records, {
              // Read with the session (GET /user, SignedInMembers): nothing more to read.
              onSome: (own) =>
                Effect.map(
                  Effect.orDie(holdings.holdingsFrom(account.memberId, own)),
                  (h) => [own.kyc, h] as const,
                ),
              // The two reads at once: on the pool's multiplexed connection they travel in one write.
              onNone: () =>
                Effect.all([kyc.get(account.memberId), Effect.orDie(holdings.holdings(account.memberId))], {
                  concurrency: 2,
                }),
            })
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
              prices: pricesIn(snapshot),
              userDashBoardDetails: { holdings: held },
              landUnitStats: landUnitStatsOf(snapshot),
              exchangeRate: ratesOf(snapshot),
              externalFees: externalFeesIn(snapshot),
              adminBankDetails: CurrencyTypes.flatMap((currency) => {
                const details = snapshot.bankAccounts[currency]
                return details === undefined ? [] : [{ currency, details }]
              }),
            }
          }),
      })
    }),
  )
}
