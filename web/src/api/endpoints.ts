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
import type { PriceHistory, UnitPrice } from "@landunits/core/pricing/PricingModel.ts"
import type { UnitType } from "@landunits/core/shared/EnumValues.ts"
import { call, errorMessage } from "./client.ts"

/** GET /utility/get-env-metrics: the platform's impact, summed over its land projects. */
export interface EnvMetricsAnswer {
  readonly envMetrics: ImpactMetrics
  readonly projectCount: number
}

export interface MessageAnswer {
  readonly message: string
}

/** The password was right; the second factor is asked next (POST /auth/login/second-factor or a passkey). */
export interface SecondFactorChallenge {
  readonly secondFactorRequired: true
  readonly message: string
  readonly expiresAt: number
}

export const needsSecondFactor = (
  answer: UserBundle | SecondFactorChallenge,
): answer is SecondFactorChallenge => "secondFactorRequired" in answer

/** The part of GET /user (and login) the shell uses: the member. */
export interface UserBundle {
  readonly user: User
}

export const api = {
  currentUser: (): Promise<UserBundle> => call("GET", "/user"),
  /** The member's bundle, or (a second factor is set up) the challenge of the second step. */
  login: (credentials: { email: string; password: string }): Promise<UserBundle | SecondFactorChallenge> =>
    call("POST", "/auth/login", credentials),
  logout: (): Promise<MessageAnswer> => call("POST", "/auth/logout"),
  register: (payload: RegistrationPayload): Promise<MessageAnswer> => call("POST", "/user/register", payload),
  sendConfirmation: (email: string): Promise<MessageAnswer> =>
    call("POST", "/auth/send-confirmation", { email }),
  cancelRegistration: (email: string): Promise<MessageAnswer> =>
    call("POST", "/user/register/cancel", { email }),
  forgotPassword: (email: string): Promise<MessageAnswer> => call("POST", "/auth/login/forgot", { email }),
  verifyResetToken: (token: string): Promise<MessageAnswer> =>
    call("GET", `/auth/verify_password_token/${encodeURIComponent(token)}`),
  resetPassword: (token: string, password: string): Promise<MessageAnswer> =>
    call("POST", `/auth/login/reset/${encodeURIComponent(token)}`, { password }),
  confirmAccount: (token: string): Promise<MessageAnswer> =>
    call("GET", `/auth/confirmation/${encodeURIComponent(token)}`),
  subscribe: (email: string): Promise<MessageAnswer> => call("POST", "/subscribe/subscribeUser", { email }),
  confirmSubscription: (token: string): Promise<MessageAnswer> =>
    call("GET", `/subscribe/subscriberVerification/${encodeURIComponent(token)}`),
  contact: (form: ContactForm): Promise<MessageAnswer> =>
    call("POST", "/user/create_contact_form_email", form),
  news: (category?: string): Promise<ReadonlyArray<NewsArticle>> =>
    call(
      "GET",
      category === undefined ? "/content/news" : `/content/news?category=${encodeURIComponent(category)}`,
    ),
  newsCategories: (): Promise<ReadonlyArray<NewsCategory>> => call("GET", "/content/news/categories"),
  team: (): Promise<ReadonlyArray<TeamMember>> => call("GET", "/content/team"),
  faq: (): Promise<ReadonlyArray<FaqEntry>> => call("GET", "/content/faq"),
  references: (): Promise<ReadonlyArray<ReferenceEntry>> => call("GET", "/content/references"),
  projects: (): Promise<ReadonlyArray<LandProject>> => call("GET", "/content/projects"),
  statistics: (): Promise<Statistics> => call("GET", "/market/statistics"),
  fees: (): Promise<FeesPage> => call("GET", "/market/fees"),
  exchangeRates: (): Promise<ExchangeRatesNow> => call("GET", "/market/exchange-rates"),
  /** Member route: today's price and fees per unit type. */
  prices: (): Promise<ReadonlyArray<UnitPrice>> => call("GET", "/order/get_price"),
  envMetrics: (): Promise<EnvMetricsAnswer> => call("GET", "/utility/get-env-metrics"),
  /** Public: a unit type's daily prices, the admins' schedule changes and the convert rates (issue 24). */
  priceHistory: (unitType: UnitType, from: string): Promise<PriceHistory> =>
    call("GET", `/prices/history?unitType=${encodeURIComponent(unitType)}&from=${encodeURIComponent(from)}`),
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
