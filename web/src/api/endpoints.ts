/**
 * The API calls the public site and the shell make (spec §7), typed with the contract's own shapes.
 * Types only come from adapters' contract, so no server code reaches the bundle.
 */

import type { ContactForm } from "@landunits/core/content/ContactForm.ts"
import type {
  FaqEntry,
  ImpactMetrics,
  LandProject,
  NewsArticle,
  NewsCategory,
  ReferenceEntry,
  TeamMember,
} from "@landunits/core/content/ContentModel.ts"
import type { ExchangeRatesNow, FeesPage, Statistics } from "@landunits/core/market/MarketModel.ts"
import type { RegistrationPayload, User } from "@landunits/core/members/MemberModel.ts"
import type { UnitPrice } from "@landunits/core/pricing/PricingModel.ts"
import { errorMessage, request } from "./client.ts"

/** GET /utility/get-env-metrics: the platform's impact, summed over its land projects. */
export interface EnvMetricsAnswer {
  readonly envMetrics: ImpactMetrics
  readonly projectCount: number
}

export interface MessageAnswer {
  readonly message: string
}

/** The part of GET /user (and login) the shell uses: the member. */
export interface UserBundle {
  readonly user: User
}

export const api = {
  currentUser: () => request<UserBundle>("GET", "/user"),
  login: (credentials: { email: string; password: string }) =>
    request<UserBundle>("POST", "/auth/login", credentials),
  logout: () => request<MessageAnswer>("POST", "/auth/logout"),
  register: (payload: RegistrationPayload) => request<MessageAnswer>("POST", "/user/register", payload),
  sendConfirmation: (email: string) => request<MessageAnswer>("POST", "/auth/send-confirmation", { email }),
  cancelRegistration: (email: string) => request<MessageAnswer>("POST", "/user/register/cancel", { email }),
  forgotPassword: (email: string) => request<MessageAnswer>("POST", "/auth/login/forgot", { email }),
  verifyResetToken: (token: string) =>
    request<MessageAnswer>("GET", `/auth/verify_password_token/${encodeURIComponent(token)}`),
  resetPassword: (token: string, password: string) =>
    request<MessageAnswer>("POST", `/auth/login/reset/${encodeURIComponent(token)}`, { password }),
  confirmAccount: (token: string) =>
    request<MessageAnswer>("GET", `/auth/confirmation/${encodeURIComponent(token)}`),
  subscribe: (email: string) => request<MessageAnswer>("POST", "/subscribe/subscribeUser", { email }),
  confirmSubscription: (token: string) =>
    request<MessageAnswer>("GET", `/subscribe/subscriberVerification/${encodeURIComponent(token)}`),
  contact: (form: ContactForm) => request<MessageAnswer>("POST", "/user/create_contact_form_email", form),
  news: (category?: string) =>
    request<ReadonlyArray<NewsArticle>>(
      "GET",
      category === undefined ? "/content/news" : `/content/news?category=${encodeURIComponent(category)}`,
    ),
  newsCategories: () => request<ReadonlyArray<NewsCategory>>("GET", "/content/news/categories"),
  team: () => request<ReadonlyArray<TeamMember>>("GET", "/content/team"),
  faq: () => request<ReadonlyArray<FaqEntry>>("GET", "/content/faq"),
  references: () => request<ReadonlyArray<ReferenceEntry>>("GET", "/content/references"),
  projects: () => request<ReadonlyArray<LandProject>>("GET", "/content/projects"),
  statistics: () => request<Statistics>("GET", "/market/statistics"),
  fees: () => request<FeesPage>("GET", "/market/fees"),
  exchangeRates: () => request<ExchangeRatesNow>("GET", "/market/exchange-rates"),
  /** Member route: today's price and fees per unit type. */
  prices: () => request<ReadonlyArray<UnitPrice>>("GET", "/order/get_price"),
  envMetrics: () => request<EnvMetricsAnswer>("GET", "/utility/get-env-metrics"),
}

/** A request that may fail without failing the page: the value, or the message a member is shown. */
export type Settled<A> =
  | { readonly ok: true; readonly value: A }
  | { readonly ok: false; readonly message: string }

export const settle = <A>(promise: Promise<A>): Promise<Settled<A>> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, message: errorMessage(error) }),
  )
