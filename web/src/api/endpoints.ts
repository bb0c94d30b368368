/**
 * The API calls the public site and the shell make (spec §7), typed with the contract's own shapes.
 * Types only come from adapters' contract, so no server code reaches the bundle.
 */

import type { ContactForm } from "@landunits/core/content/ContactForm.ts"
import type {
  FaqEntry,
  LandProject,
  NewsArticle,
  NewsCategory,
  ReferenceEntry,
  TeamMember,
} from "@landunits/core/content/ContentModel.ts"
import type { RegistrationPayload, User } from "@landunits/core/members/MemberModel.ts"
import { request } from "./client.ts"

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
}
