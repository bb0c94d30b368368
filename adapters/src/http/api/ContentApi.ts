/** The public site's content and the newsletter (spec §7 /subscribe; the content routes the spec implies). */

import {
  FaqEntry,
  LandProject,
  LandProjectStatus,
  NewsArticle,
  NewsCategory,
  ReferenceEntry,
  TeamMember,
} from "@landunits/core/content/ContentModel.ts"
import { NotFound, SubscriptionLinkInvalid } from "@landunits/core/content/ContentService.ts"
import { NewsletterForm } from "@landunits/core/members/MemberValidation.ts"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { MessageAnswer } from "./Answers.ts"
import { TooManyAttemptsAnswer } from "./ApiErrors.ts"

export class ContentApi extends HttpApiGroup.make("content").add(
  HttpApiEndpoint.get("projects", "/content/projects", {
    query: { status: Schema.optional(LandProjectStatus) },
    success: Schema.Array(LandProject),
  }),
  HttpApiEndpoint.get("project", "/content/projects/:id", {
    params: { id: Schema.String },
    success: LandProject,
    error: NotFound,
  }),
  HttpApiEndpoint.get("news", "/content/news", {
    query: { category: Schema.optional(Schema.String) },
    success: Schema.Array(NewsArticle),
  }),
  HttpApiEndpoint.get("newsCategories", "/content/news/categories", { success: Schema.Array(NewsCategory) }),
  HttpApiEndpoint.get("team", "/content/team", { success: Schema.Array(TeamMember) }),
  HttpApiEndpoint.get("faq", "/content/faq", { success: Schema.Array(FaqEntry) }),
  HttpApiEndpoint.get("references", "/content/references", { success: Schema.Array(ReferenceEntry) }),
  HttpApiEndpoint.post("subscribe", "/subscribe/subscribeUser", {
    payload: NewsletterForm,
    success: MessageAnswer,
    error: TooManyAttemptsAnswer,
  }),
  HttpApiEndpoint.get("verifySubscription", "/subscribe/subscriberVerification/:token", {
    params: { token: Schema.String },
    success: MessageAnswer,
    error: SubscriptionLinkInvalid,
  }),
) {}
