/**
 * Site content managed by admins through the CLI and seeded with demo content (decisions.md, Content):
 * impact metrics, land projects, news, team, FAQ and references. Schemas only, for the API and the web.
 */
import { Schema } from "effect"

const Text = Schema.String.check(Schema.isMinLength(1))

/** Impact metrics of a land project (spec §3). Figures as given by the project (percentages or tonnes). */
export const ImpactMetrics = Schema.Struct({
  co2Offset: Schema.Finite,
  forestIncrease: Schema.Finite,
  naturalNitrogen: Schema.Finite,
  organicIncrease: Schema.Finite,
  pesticideElimination: Schema.Finite,
  hedgerowIncrease: Schema.Finite,
})
export type ImpactMetrics = typeof ImpactMetrics.Type

export const LandProjectId = Text.pipe(Schema.brand("LandProjectId"))
export type LandProjectId = typeof LandProjectId.Type

/** Open projects take purchases (/dashboard/projects/open); closed ones are shown as done (/dashboard/projects/close). */
export const LandProjectStatus = Schema.Literals(["open", "closed"])
export type LandProjectStatus = typeof LandProjectStatus.Type

export const LandProject = Schema.Struct({
  id: LandProjectId,
  name: Text,
  description: Schema.String,
  status: LandProjectStatus,
  landValueInCents: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  impactMetrics: ImpactMetrics,
})
export type LandProject = typeof LandProject.Type

/** A news category (spec §3): /news/category/{slug}. */
export const NewsCategory = Schema.Struct({
  slug: Schema.String.check(Schema.isPattern(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)),
  name: Text,
})
export type NewsCategory = typeof NewsCategory.Type

export const NewsArticle = Schema.Struct({
  /** URL of the article's image. */
  image: Schema.String,
  title: Text,
  description: Schema.String,
  /** Where the article is read in full. */
  link: Schema.String,
  category: NewsCategory,
  /** Epoch milliseconds. */
  publishedAt: Schema.Int,
})
export type NewsArticle = typeof NewsArticle.Type

/** A team member (spec §3): name, designation, img. */
export const TeamMember = Schema.Struct({
  name: Text,
  designation: Schema.String,
  /** URL of the photo. */
  img: Schema.String,
})
export type TeamMember = typeof TeamMember.Type

export const FaqEntry = Schema.Struct({
  question: Text,
  answer: Text,
  /** Display order, lowest first. */
  order: Schema.Int,
})
export type FaqEntry = typeof FaqEntry.Type

/** An entry of the references page (/references). */
export const ReferenceEntry = Schema.Struct({
  title: Text,
  description: Schema.String,
  /** Optional link to the source. */
  link: Schema.optionalKey(Schema.String),
  order: Schema.Int,
})
export type ReferenceEntry = typeof ReferenceEntry.Type

/** The text pages admins write in Markdown (the fees page, the user manual…), one per slug. */
export const ContentPageSlug = Schema.Literals([
  "fees",
  "user-manual",
  "about-us",
  "terms-and-conditions",
  "privacy-policy",
])
export type ContentPageSlug = typeof ContentPageSlug.Type

export const ContentPage = Schema.Struct({
  slug: ContentPageSlug,
  title: Text,
  /** The page's body, Markdown. */
  markdown: Schema.String,
  /** Epoch milliseconds of the last change. */
  updatedAt: Schema.Int,
})
export type ContentPage = typeof ContentPage.Type

/** The site's content collections, each replaced as a whole by admins (the CLI loads a JSON file). */
export const ContentCollections = {
  projects: Schema.Array(LandProject),
  news: Schema.Array(NewsArticle),
  team: Schema.Array(TeamMember),
  faq: Schema.Array(FaqEntry),
  references: Schema.Array(ReferenceEntry),
  pages: Schema.Array(ContentPage),
} as const
export type ContentKind = keyof typeof ContentCollections
export type ContentOf<K extends ContentKind> = (typeof ContentCollections)[K]["Type"][number]
export const ContentKinds = Object.keys(ContentCollections) as ReadonlyArray<ContentKind>

/** A newsletter subscriber: pending until the emailed link is followed. */
export const SubscriberStatus = Schema.Literals(["pending", "verified"])
export type SubscriberStatus = typeof SubscriberStatus.Type

/** A message sent through the contact form (fields not given by the spec: name, email, subject, message). */
export const ContactMessage = Schema.Struct({
  name: Schema.String,
  email: Schema.String,
  subject: Schema.String,
  message: Schema.String,
  memberId: Schema.optionalKey(Schema.String),
  at: Schema.Int,
})
export type ContactMessage = typeof ContactMessage.Type
