import { UserAnalyticsService } from "@landunits/core/analytics/UserAnalyticsService.ts"
import { ImpactService } from "@landunits/core/impact/ImpactService.ts"
import { HoldingsService } from "@landunits/core/ledger/HoldingsService.ts"
import { SubscriptionService } from "@landunits/core/subscriptions/SubscriptionService.ts"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../api/Api.ts"
import { CurrentMember } from "../api/Authentication.ts"

/** Every answer is about the signed-in member (CurrentMember), never about an id from the request. */
export const DashboardHandlers = HttpApiBuilder.group(
  Api,
  "dashboard",
  Effect.fn(function* (handlers) {
    const holdings = yield* HoldingsService
    const analytics = yield* UserAnalyticsService
    const impact = yield* ImpactService
    const subscriptions = yield* SubscriptionService
    const me = Effect.map(CurrentMember, (m) => m.memberId)
    return handlers
      .handle("holdings", () =>
        // A holding refers to the member's own orders: a missing one is a broken ledger, a defect.
        Effect.map(
          Effect.flatMap(me, (id) => Effect.orDie(holdings.holdings(id))),
          (h) => ({ holdings: h }),
        ),
      )
      .handle("analytics", ({ query }) =>
        Effect.map(
          Effect.flatMap(me, (id) => analytics.of(id, query.days)),
          (userAnalytics) => ({ userAnalytics }),
        ),
      )
      .handle("yourImpact", () =>
        Effect.map(Effect.flatMap(me, impact.yourImpact), (yourImpact) => ({ yourImpact })),
      )
      .handle("subscriptions", () =>
        Effect.map(Effect.flatMap(me, subscriptions.get), (s) => ({ subscriptions: s })),
      )
      .handle("manageSubscriptions", ({ payload }) =>
        Effect.map(
          Effect.flatMap(me, (id) => subscriptions.update(id, payload)),
          (s) => ({ subscriptions: s }),
        ),
      )
  }),
)
