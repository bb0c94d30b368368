/**
 * First start: a fresh installation gets demo content (projects, news, team, FAQ, references), prices,
 * fees, today's exchange rates, bank accounts, a reference code, a vote with a quiz, and a demo member
 * (email confirmed, identity verified) whose sign-in is printed. Runs once: it does nothing when the
 * content is already there.
 */
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { PasswordHasher } from "@landunits/core/accounts/ports/PasswordHasher.ts"
import {
  demoFaq,
  demoNews,
  demoProjects,
  demoReferences,
  demoTeam,
} from "@landunits/core/content/DemoContent.ts"
import { SiteContent } from "@landunits/core/content/ports/SiteContent.ts"
import { formatIsoDate } from "@landunits/core/format/Format.ts"
import { VoteId } from "@landunits/core/governance/GovernanceModel.ts"
import { VoteStore } from "@landunits/core/governance/ports/VoteStore.ts"
import { emptyKycInfo } from "@landunits/core/kyc/KycModel.ts"
import { KycStore } from "@landunits/core/kyc/ports/KycStore.ts"
import {
  DEFAULT_BUY_FEE_CENTS,
  DEFAULT_CONVERT_FEE_UNITS,
  DEFAULT_EXTERNAL_FEES,
  DEFAULT_SELL_FEE_UNITS,
} from "@landunits/core/shared/Constants.ts"
import type { CurrencyType, UnitType } from "@landunits/core/shared/Enums.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Clock, Effect } from "effect"
import { PricingSettings } from "../postgres/PricingPg.ts"

export const DEMO_EMAIL = "demo@landunits.example"
export const DEMO_PASSWORD = "LandDemo2026"

const BASE_PRICES: Readonly<Record<UnitType, number>> = {
  LAND_EUR: 10_000,
  LAND_USD: 11_000,
  LAND_AUD: 16_000,
  LAND_POUND: 8_500,
}

/** Demo rates in millionths, one direction; the other is derived. */
const RATES: ReadonlyArray<readonly [CurrencyType, CurrencyType, number]> = [
  ["EUR", "USD", 1_090_000],
  ["EUR", "AUD", 1_650_000],
  ["EUR", "GBP", 850_000],
  ["USD", "AUD", 1_513_761],
  ["USD", "GBP", 779_817],
  ["AUD", "GBP", 515_152],
]

const bankAccount = (currency: CurrencyType) => ({
  bankAccountName: "Landunits Client Account",
  bankAccountNumber: "12345678",
  iban: "GB33BUKB20201555555555",
  swiftBic: "BUKBGB22",
  bankName: `Example Bank (${currency})`,
  bankAddress: "1 Bank Street, London",
  bankCountry: "United Kingdom",
})

/** Seeds a fresh installation; answers whether it did. */
export const seedDemo = Effect.gen(function* () {
  const content = yield* SiteContent
  if ((yield* content.list("projects")).length > 0) return false
  const settings = yield* PricingSettings
  const now = yield* Clock.currentTimeMillis
  const today = formatIsoDate(now)

  yield* content.replace("projects", demoProjects)
  yield* content.replace("news", demoNews)
  yield* content.replace("team", demoTeam)
  yield* content.replace("faq", demoFaq)
  yield* content.replace("references", demoReferences)

  for (const [unitType, basePrice] of Object.entries(BASE_PRICES) as ReadonlyArray<[UnitType, number]>) {
    yield* settings.setUnit({
      schedule: { unitType, basePrice, baseDate: "2026-01-01", growthPerYearPercent: 5 },
      buyOrderTransactionFeeInCents: DEFAULT_BUY_FEE_CENTS[unitType],
      sellOrderTransactionFeeInUnits: DEFAULT_SELL_FEE_UNITS,
      convertOrderTransactionFeeInUnits: DEFAULT_CONVERT_FEE_UNITS,
      landLimits: {
        totalProjectLandValueInCents: 500_000_000,
        maxDoubleLandUnitsBoughtValueInCents: 10_000_000,
      },
    })
  }
  yield* settings.setExternalFees(DEFAULT_EXTERNAL_FEES)
  for (const [from, to, rate] of RATES) {
    yield* settings.setRate({ from, to, rate, day: today })
    yield* settings.setRate({ from: to, to: from, rate: Math.round(1e12 / rate), day: today })
  }
  for (const currency of ["EUR", "USD", "AUD", "GBP"] as const)
    yield* settings.setBankAccount(currency, bankAccount(currency))
  yield* settings.setDiscountCode({
    code: "WELCOME10",
    isPercent: true,
    amount: 10,
    minPaymentAmountInCents: 5_000,
    active: true,
  })

  const demo = MemberId.make("mem_demo")
  yield* (yield* AccountRepository).insert({
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
  return true
})
