import { Clock, Context, Effect, Layer } from "effect"
import { formatIsoDate } from "../format/Format.ts"
import { LedgerStore } from "../ledger/ports/LedgerStore.ts"
import { daysFrom } from "../market/MarketFormulas.ts"
import { priceOnDay } from "../pricing/Pricing.ts"
import { PriceSchedules } from "../pricing/ports/PriceSchedules.ts"
import { Durations } from "../shared/Constants.ts"
import { CurrencyOfUnitType, UnitTypes } from "../shared/Enums.ts"
import type { MemberId } from "../shared/Ids.ts"
import { ANALYTICS_DAYS_DEFAULT, dailyHoldings, type UserAnalytics } from "./UserAnalytics.ts"

/** The dashboard's charts for one member: only ever their own ledger lines. */
export class UserAnalyticsService extends Context.Service<
  UserAnalyticsService,
  { readonly of: (memberId: MemberId, days?: number) => Effect.Effect<UserAnalytics> }
>()("@landunits/core/analytics/UserAnalyticsService") {
  static readonly layer = Layer.effect(UserAnalyticsService)(
    Effect.gen(function* () {
      const ledger = yield* LedgerStore
      const schedules = yield* PriceSchedules
      return UserAnalyticsService.of({
        of: Effect.fn("UserAnalyticsService.of")(function* (memberId: MemberId, days?: number) {
          const now = yield* Clock.currentTimeMillis
          const toDay = formatIsoDate(now)
          const fromDay = formatIsoDate(now - ((days ?? ANALYTICS_DAYS_DEFAULT) - 1) * Durations.DAY)
          const range = daysFrom(fromDay, toDay)
          const transfers = yield* ledger.transfersByMember(memberId)
          const configured = yield* schedules.schedules
          const series = UnitTypes.flatMap((unitType) => {
            const schedule = configured.find((s) => s.unitType === unitType)
            if (schedule === undefined) return []
            return [
              {
                unitType,
                currency: CurrencyOfUnitType[unitType],
                points: dailyHoldings({
                  memberId,
                  unitType,
                  transfers,
                  days: range,
                  priceOnDay: (day) => priceOnDay({ ...schedule, day }),
                }),
              },
            ]
          })
          return { fromDay, toDay, series }
        }),
      })
    }),
  )
}
