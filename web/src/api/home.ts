/**
 * The member dashboard's own calls (home, transaction history, statement, settings and KYC), typed with the
 * contract's shapes. Types only come from core, so no server code reaches the bundle.
 */
import type { UserAnalytics } from "@landunits/core/analytics/UserAnalytics.ts"
import type { ImpactMetrics } from "@landunits/core/content/ContentModel.ts"
import { defaultUnitType } from "@landunits/core/ledger/DefaultUnitType.ts"
import type { UnitHolding } from "@landunits/core/ledger/LedgerModel.ts"
import type { DailyExchangeRates, Statistics } from "@landunits/core/market/MarketModel.ts"
import type { User } from "@landunits/core/members/MemberModel.ts"
import type { ChangePasswordForm } from "@landunits/core/members/MemberValidation.ts"
import { UNPAID_BUY_STATUSES } from "@landunits/core/orders/OrderActions.ts"
import type { Order } from "@landunits/core/orders/OrderModel.ts"
import { DEFAULT_UNIT_TYPE } from "@landunits/core/shared/Constants.ts"
import { CurrencyOfUnitType, type CurrencyType, type UnitType } from "@landunits/core/shared/EnumValues.ts"
import type { StatementFormat } from "@landunits/core/statements/StatementRequest.ts"
import type {
  MemberSubscriptions,
  SubscriptionChanges,
} from "@landunits/core/subscriptions/SubscriptionsModel.ts"
import { periodStart } from "../lib/pricePeriods.ts"
import { call, request } from "./client.ts"
import { api, type MessageAnswer, settle } from "./endpoints.ts"
import { ordersApi } from "./orders.ts"
import { type TransactionSearch, transactionQuery } from "./transactionSearch.ts"

export interface TransactionsAnswer {
  readonly transactions: ReadonlyArray<Order>
  readonly total: number
  readonly page: number
  readonly pageSize: number
}

export interface UserAnswer {
  readonly user: User
}

export interface SubscriptionsAnswer {
  readonly subscriptions: MemberSubscriptions
}

export const homeApi = {
  holdings: (): Promise<{ readonly holdings: ReadonlyArray<UnitHolding> }> => call("GET", "/user/holdings"),
  analytics: (days: number): Promise<{ readonly userAnalytics: UserAnalytics }> =>
    call("GET", `/user/analytics?days=${days}`),
  yourImpact: (): Promise<{ readonly yourImpact: ImpactMetrics }> => call("GET", "/utility/get-your-impact"),
  statistics: (): Promise<Statistics> => call("GET", "/market/statistics"),
  dailyRates: (from: CurrencyType, to: CurrencyType, days: number): Promise<DailyExchangeRates> =>
    call(
      "GET",
      `/market/exchange-rates/daily?${new URLSearchParams({ from, to, days: String(days) }).toString()}`,
    ),
  transactions: (search: TransactionSearch): Promise<TransactionsAnswer> =>
    call("GET", `/order/getTransactions${transactionQuery(search)}`),
  /** The statement file (PDF, or CSV), as a Blob to save. */
  statement: (fromDate: string, toDate: string, format: StatementFormat) =>
    request<Blob>(
      "GET",
      `/etc/generate-statement?${new URLSearchParams({ fromDate, toDate, format }).toString()}`,
      undefined,
      { binary: true },
    ),
  /** POST /user/update_profile: multipart (names, kycInfo as JSON, up to four files). */
  updateProfile: (form: FormData): Promise<UserAnswer> => call("POST", "/user/update_profile", form),
  approveProfile: (): Promise<UserAnswer> => call("POST", "/user/approve_profile"),
  changePassword: (form: ChangePasswordForm): Promise<MessageAnswer> =>
    call("POST", "/user/update_user_password", form),
  subscriptions: (): Promise<SubscriptionsAnswer> => call("GET", "/user/manage-user-subscriptions"),
  saveSubscriptions: (changes: SubscriptionChanges): Promise<SubscriptionsAnswer> =>
    call("POST", "/user/manage-user-subscriptions", changes),
}

/** The statement page's data: the member's invoices and credit notes (issue 46); a failure leaves the form. */
export const loadStatementPage = async () => ({ invoices: await settle(ordersApi.invoices()) })
export type StatementPageData = Awaited<ReturnType<typeof loadStatementPage>>

/** How many days of history the dashboard's charts may show. */
export const CHART_PERIODS = [30, 90, 365] as const
export type ChartPeriod = (typeof CHART_PERIODS)[number]

/** The daily rates from each currency the member held to `currency`, by currency then day. */
const loadRates = async (
  analytics: UserAnalytics,
  currency: CurrencyType,
  days: number,
): Promise<Partial<Record<CurrencyType, ReadonlyMap<string, number>>>> => {
  const held = [
    ...new Set(
      analytics.series
        .filter((s) => s.currency !== currency && s.points.some((p) => p.units > 0))
        .map((s) => s.currency),
    ),
  ]
  const answers = await Promise.all(held.map((from) => homeApi.dailyRates(from, currency, days)))
  return Object.fromEntries(
    held.map((from, i) => [from, new Map(answers[i]?.dailyExchangeRate.map((r) => [r.day, r.rate]))]),
  )
}

/** The member's unpaid buys, newest first (the dashboard's "Finish paying"). */
export const loadUnpaidBuys = async (): Promise<ReadonlyArray<Order>> => {
  const pages = await Promise.all(
    UNPAID_BUY_STATUSES.map((orderStatus) =>
      homeApi.transactions({ orderType: "BUY", orderStatus, pageSize: 5 }),
    ),
  )
  return pages
    .flatMap((p) => p.transactions)
    .toSorted((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, 5)
}

/**
 * The headline's prices and rates (issue 38): for each unit type the member holds Units of, its prices and its
 * currency's rates to the others, yesterday and today (GET /prices/history from yesterday).
 */
const loadHeadlineHistories = (holdings: ReadonlyArray<UnitHolding>) =>
  Promise.all(
    holdings
      .filter((h) => h.owned + h.owned_DOUBLE_LAND + h.pendingSell + h.convertLocked > 0)
      .map((h) => api.priceHistory(h.unitType, periodStart(2))),
  )

/**
 * The dashboard's data: each part may fail on its own (the page says which, and shows the rest).
 * The tiles never depend on a request. `unit` is the charts' unit type from the URL; without one the charts open
 * on what the member holds (core's defaultUnitType, issue 27), and the portfolio is shown in its currency.
 */
export const loadDashboard = async (days: ChartPeriod, unit: UnitType | undefined) => {
  const holdingsRequest = settle(homeApi.holdings())
  const analyticsRequest = homeApi.analytics(days)
  const chartUnit: Promise<UnitType> =
    unit !== undefined
      ? Promise.resolve(unit)
      : holdingsRequest.then((h) =>
          defaultUnitType(h.ok ? h.value.holdings : [], DEFAULT_UNIT_TYPE.dashboard),
        )
  // The price chart (issue 24): the unit type's prices as they were, and the member's own paid buys of it.
  const priceHistoryRequest = settle(chartUnit.then((u) => api.priceHistory(u, periodStart(days))))
  const purchasesRequest = settle(
    chartUnit.then((u) => homeApi.transactions({ orderType: "BUY", unitType: u, pageSize: 100 })),
  )
  const headlineRequest = settle(
    holdingsRequest.then((h) =>
      h.ok ? loadHeadlineHistories(h.value.holdings) : Promise.reject(new Error(h.message)),
    ),
  )
  const [unpaid, holdings, analytics, rates, impact, statistics, chosen] = await Promise.all([
    settle(loadUnpaidBuys()),
    holdingsRequest,
    settle(analyticsRequest),
    settle(
      Promise.all([analyticsRequest, chartUnit]).then(([a, u]) =>
        loadRates(a.userAnalytics, CurrencyOfUnitType[u], days),
      ),
    ),
    settle(homeApi.yourImpact()),
    settle(homeApi.statistics()),
    chartUnit,
  ])
  return {
    unpaid,
    holdings,
    analytics,
    rates,
    impact,
    statistics,
    unit: chosen,
    priceHistory: await priceHistoryRequest,
    purchases: await purchasesRequest,
    headline: await headlineRequest,
  }
}
export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>
