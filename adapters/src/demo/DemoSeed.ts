/**
 * Demo data, for development and demonstrations only (FirstStartSeed.ts decides when): prices, fees, today's
 * exchange rates, today's coin prices (outside production: crypto in test mode), "Example Bank" accounts with a made-up IBAN, the WELCOME10 reference code, a vote with a
 * quiz, and a demo member (email confirmed, identity verified) with a published password. None of it belongs
 * in a production installation, whose admins set prices, fees, rates and bank accounts with the CLI.
 *
 * It never replaces what an admin set: it runs only on an installation with no price, fee, rate, bank
 * account or reference code configured and no demo member. The demo member's year of history, the second
 * member and the demo admin are DemoHistory.ts, seeded after this in development only; `seedDemo` below (the
 * in-process tests' seed) leaves them out, so those tests start from a demo member with nothing.
 */
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { PasswordHasher } from "@landunits/core/accounts/ports/PasswordHasher.ts"
import { formatIsoDate } from "@landunits/core/format/Format.ts"
import { VoteId } from "@landunits/core/governance/GovernanceModel.ts"
import { VoteStore } from "@landunits/core/governance/ports/VoteStore.ts"
import { emptyKycInfo } from "@landunits/core/kyc/KycModel.ts"
import { KycStore } from "@landunits/core/kyc/ports/KycStore.ts"
import { CoinPrices, isCurrentCoinPrice } from "@landunits/core/pricing/ports/CoinPrices.ts"
import { PricingSettings } from "@landunits/core/pricing/ports/PricingSettings.ts"
import {
  DEFAULT_BUY_FEE_CENTS,
  DEFAULT_CONVERT_FEE_UNITS,
  DEFAULT_EXTERNAL_FEES,
  DEFAULT_SELL_FEE_UNITS,
} from "@landunits/core/shared/Constants.ts"
import type { CryptoCoin, CurrencyType, UnitType } from "@landunits/core/shared/Enums.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Clock, Effect, Option } from "effect"
import { isProduction } from "../settings/ProductionSecret.ts"
import { seedSiteContent } from "./SiteContentSeed.ts"

export const DEMO_EMAIL = "demo@landunits.example"
export const DEMO_PASSWORD = "LandDemo2026"

/** How many days before the seeding day the demo price schedules start: more than the history's year. */
export const PRICE_HISTORY_DAYS = 400

const BASE_PRICES: Readonly<Record<UnitType, number>> = {
  LAND_EUR: 10_000,
  LAND_USD: 11_000,
  LAND_AUD: 16_000,
  LAND_POUND: 8_500,
}

/** Demo rates in millionths, one direction; the other is derived. */
export const DEMO_RATES: ReadonlyArray<readonly [CurrencyType, CurrencyType, number]> = [
  ["EUR", "USD", 1_090_000],
  ["EUR", "AUD", 1_650_000],
  ["EUR", "GBP", 850_000],
  ["USD", "AUD", 1_513_761],
  ["USD", "GBP", 779_817],
  ["AUD", "GBP", 515_152],
]

/**
 * Demo coin prices (minor units of the currency per whole coin), so that a fresh development start can pay by
 * crypto in test mode (to the test mode's example addresses: PaymentsConfig.ts). Round, plainly made-up figures.
 */
export const DEMO_COIN_PRICES: Readonly<Record<CryptoCoin, Readonly<Record<CurrencyType, number>>>> = {
  BITCOIN: { EUR: 6_000_000, USD: 6_500_000, AUD: 10_000_000, GBP: 5_000_000 },
  ETHER: { EUR: 300_000, USD: 330_000, AUD: 500_000, GBP: 260_000 },
}

/** Sets the demo coin prices as of `at`, each where the coin has no current price then (an admin's stays). */
export const setDemoCoinPrices = (at: number) =>
  Effect.gen(function* () {
    const coinPrices = yield* CoinPrices
    for (const [coin, prices] of Object.entries(DEMO_COIN_PRICES) as ReadonlyArray<
      [CryptoCoin, Readonly<Record<CurrencyType, number>>]
    >) {
      for (const [currency, centsPerCoin] of Object.entries(prices) as ReadonlyArray<
        [CurrencyType, number]
      >) {
        const latest = yield* coinPrices.latest(coin, currency)
        if (Option.isSome(latest) && isCurrentCoinPrice(latest.value, at)) continue
        yield* coinPrices.set({ coin, currency, centsPerCoin, asOf: at })
      }
    }
  })

const bankAccount = (currency: CurrencyType) => ({
  bankAccountName: "Landunits Client Account",
  bankAccountNumber: "12345678",
  iban: "GB33BUKB20201555555555",
  swiftBic: "BUKBGB22",
  bankName: `Example Bank (${currency})`,
  bankAddress: "1 Bank Street, London",
  bankCountry: "United Kingdom",
})

/**
 * What the demo seed did: seeded it; found it seeded (the demo member exists); or found prices, fees, rates,
 * bank accounts or reference codes that admins set, which it never replaces.
 */
export type DemoSeedOutcome = "seeded" | "alreadySeeded" | "configuredByAdmins"

/** Seeds the demo data into an installation that has no pricing configured and no demo member. */
export const seedDemoData = Effect.gen(function* () {
  const settings = yield* PricingSettings
  const accounts = yield* AccountRepository
  if (Option.isSome(yield* accounts.findByEmail(DEMO_EMAIL))) return "alreadySeeded" as const
  if (yield* settings.anyConfigured) return "configuredByAdmins" as const
  const now = yield* Clock.currentTimeMillis
  const today = formatIsoDate(now)
  // The schedules start before the demo history's first day (DemoHistory.ts), so each of its days has a
  // price of its own and the price chart rises over the whole year.
  const baseDate = formatIsoDate(now - PRICE_HISTORY_DAYS * 86_400_000)

  for (const [unitType, basePrice] of Object.entries(BASE_PRICES) as ReadonlyArray<[UnitType, number]>) {
    yield* settings.setUnit(
      {
        schedule: { unitType, basePrice, baseDate, growthPerYearPercent: 5 },
        buyOrderTransactionFeeInCents: DEFAULT_BUY_FEE_CENTS[unitType],
        sellOrderTransactionFeeInUnits: DEFAULT_SELL_FEE_UNITS,
        convertOrderTransactionFeeInUnits: DEFAULT_CONVERT_FEE_UNITS,
        landLimits: {
          totalProjectLandValueInCents: 500_000_000,
          maxDoubleLandUnitsBoughtValueInCents: 10_000_000,
        },
      },
      { since: Date.parse(`${baseDate}T00:00:00Z`) },
    )
  }
  yield* settings.setExternalFees(DEFAULT_EXTERNAL_FEES)
  for (const [from, to, rate] of DEMO_RATES) {
    yield* settings.setRate({ from, to, rate, day: today })
    yield* settings.setRate({ from: to, to: from, rate: Math.round(1e12 / rate), day: today })
  }
  for (const currency of ["EUR", "USD", "AUD", "GBP"] as const)
    yield* settings.setBankAccount(currency, bankAccount(currency))
  // Coin prices only outside production: a production installation prices coins from its admins or a feed, and
  // without them offers no coin (decisions: crypto-out-of-the-box).
  if (!(yield* isProduction)) yield* setDemoCoinPrices(now)
  yield* settings.setDiscountCode({
    code: "WELCOME10",
    isPercent: true,
    amount: 10,
    minPaymentAmountInCents: 5_000,
    active: true,
  })

  const demo = MemberId.make("mem_demo")
  yield* accounts.insert({
    memberId: demo,
    email: DEMO_EMAIL,
    firstName: "Dana",
    lastName: "Demo",
    userType: "USER",
    role: "member",
    passwordHash: yield* (yield* PasswordHasher).hash(DEMO_PASSWORD),
    emailConfirmedAt: now,
    firstLogin: true,
    createdAt: now,
  })
  yield* (yield* KycStore).save({
    memberId: demo,
    kycInfo: {
      ...emptyKycInfo,
      address: {
        houseNumber: "1",
        streetAddress: "Orchard Lane",
        townCity: "Canterbury",
        postcode: "CT1 1AA",
        country: "United Kingdom",
      },
      contactInfo: { telephoneCountryCode: "+44", phoneNumber: "7700900123" },
      // Where her payouts go: a UK account by sort code and account number, and its IBAN (both pass the checks).
      bankDetails: {
        bankAccountName: "Dana Demo",
        bankAccountNumber: "12345678",
        sortCode: "202016",
        iban: "GB32BUKB20201612345678",
        swiftBic: "BUKBGB22",
        bankName: "Example Bank",
        bankAddress: "1 Churchill Place, London",
        bankCountry: "United Kingdom",
      },
      kycStatus: "Verified",
    },
    updatedAt: now,
  })

  yield* (yield* VoteStore).saveVote({
    voteId: VoteId.make("vote_hedgerows"),
    title: "Plant 5 km of hedgerows at Dordogne Mixed Woodland",
    description: "Should part of this year's project budget go to new hedgerows along the field edges?",
    opensAt: now,
    closesAt: now + 30 * 86_400_000,
    quiz: [
      {
        questionId: "q1",
        question: "What do hedgerows mainly add to farmland?",
        options: [
          { optionId: "a", text: "Habitat for wildlife and shelter from wind" },
          { optionId: "b", text: "More space for machinery" },
        ],
        rightOptionId: "a",
      },
    ],
    createdBy: demo,
    createdAt: now,
  })
  return "seeded" as const
})

/** The site content and the demo data, each where it is missing, without the history (in-process tests, benchmarks). */
export const seedDemo = Effect.gen(function* () {
  const siteContent = yield* seedSiteContent
  const demoData = yield* seedDemoData
  return { siteContent, demoData }
})
