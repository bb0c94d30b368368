import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { PricingSettings } from "@landunits/core/pricing/ports/PricingSettings.ts"
import { marketDataContract } from "@landunits/core/test-support/MarketDataContract.ts"
import { subscriptionStoreContract } from "@landunits/core/test-support/SubscriptionStoreContract.ts"
import { Effect, Layer } from "effect"
import { describe } from "vitest"
import { AccountRepositoryPg } from "../../src/postgres/AccountRepositoryPg.ts"
import { ExchangeRateHistoryPg } from "../../src/postgres/ExchangeRateHistoryPg.ts"
import { PriceScheduleHistoryPg } from "../../src/postgres/PriceScheduleHistoryPg.ts"
import { PriceSchedulesPg } from "../../src/postgres/PriceSchedulesPg.ts"
import { PricingSettingsPg } from "../../src/postgres/PricingSettingsPg.ts"
import { SubscriptionStorePg } from "../../src/postgres/SubscriptionStorePg.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

for (const target of databaseTargets().run) {
  describe(`subscriptions and market data on ${target.name}`, () => {
    const db = useSuiteDatabase(target)

    subscriptionStoreContract(
      target.name,
      () => SubscriptionStorePg.pipe(Layer.provide(db.layer())),
      (memberIds) =>
        Effect.forEach(
          memberIds,
          (memberId) =>
            Effect.flatMap(AccountRepository, (accounts) =>
              accounts.insert({
                memberId,
                email: `${memberId}@example.com`,
                firstName: "Sub",
                lastName: "Scriber",
                userType: "USER",
                role: "member",
                passwordHash: "not-a-hash",
                firstLogin: false,
                createdAt: 0,
              }),
            ),
          { discard: true },
        ).pipe(Effect.orDie, Effect.provide(AccountRepositoryPg.pipe(Layer.provide(db.layer())))),
    )

    const settings = <A>(f: (s: PricingSettings["Service"]) => Effect.Effect<A>) =>
      Effect.flatMap(PricingSettings, f).pipe(
        Effect.provide(PricingSettingsPg.pipe(Layer.provide(db.layer()))),
      )

    marketDataContract(
      target.name,
      () =>
        Layer.mergeAll(PriceSchedulesPg, ExchangeRateHistoryPg, PriceScheduleHistoryPg).pipe(
          Layer.provide(db.layer()),
        ),
      () => ({
        setSchedule: (schedule) =>
          settings((s) =>
            s.setUnit({
              schedule,
              buyOrderTransactionFeeInCents: 100,
              sellOrderTransactionFeeInUnits: 10,
              convertOrderTransactionFeeInUnits: 0,
              landLimits: {
                totalProjectLandValueInCents: 1_000_000,
                maxDoubleLandUnitsBoughtValueInCents: 0,
              },
            }),
          ),
        setRate: (rate) => settings((s) => s.setRate(rate)),
      }),
    )
  })
}
