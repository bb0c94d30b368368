/**
 * The signed-in member's own dashboard data: holdings per unit type (spec §3 Unit holding), the charts'
 * history (userAnalytics), their share of the projects' impact ("your impact", spec §9), and their email
 * subscriptions (spec §7 POST /user/manage-user-subscriptions, and GET to show them). Each answers about
 * the signed-in member only: no route here takes another member's id.
 */
import { UserAnalytics, UserAnalyticsQuery } from "@landunits/core/analytics/UserAnalytics.ts"
import { ImpactMetrics } from "@landunits/core/content/ContentModel.ts"
import { ImpactUnavailable } from "@landunits/core/impact/ImpactService.ts"
import { UnitHolding } from "@landunits/core/ledger/LedgerModel.ts"
import { MemberSubscriptions, SubscriptionChanges } from "@landunits/core/subscriptions/SubscriptionsModel.ts"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { Authentication } from "./Authentication.ts"

export const SubscriptionsAnswer = Schema.Struct({ subscriptions: MemberSubscriptions })
export type SubscriptionsAnswer = typeof SubscriptionsAnswer.Type

export class DashboardApi extends HttpApiGroup.make("dashboard")
  .add(
    HttpApiEndpoint.get("holdings", "/user/holdings", {
      success: Schema.Struct({ holdings: Schema.Array(UnitHolding) }),
    }),
    HttpApiEndpoint.get("analytics", "/user/analytics", {
      query: UserAnalyticsQuery,
      success: Schema.Struct({ userAnalytics: UserAnalytics }),
    }),
    HttpApiEndpoint.get("yourImpact", "/utility/get-your-impact", {
      success: Schema.Struct({ yourImpact: ImpactMetrics }),
      error: ImpactUnavailable,
    }),
    HttpApiEndpoint.get("subscriptions", "/user/manage-user-subscriptions", { success: SubscriptionsAnswer }),
    HttpApiEndpoint.post("manageSubscriptions", "/user/manage-user-subscriptions", {
      payload: SubscriptionChanges,
      success: SubscriptionsAnswer,
    }),
  )
  .middleware(Authentication) {}
