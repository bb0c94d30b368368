/**
 * The admins' use cases on the site's content (`landunits content …`, issue 37): what a collection holds, a
 * collection replaced (from a JSON list), a news article added or updated, a text page written (both from a
 * Markdown document's front matter and body). Each is checked against its schema before anything is written, and
 * audited. Reading the file is the caller's (the CLI's); what it holds is checked here.
 */
import { Clock, Effect, Schema } from "effect"
import type { ActingAdmin } from "../access/AdminOperationRunner.ts"
import { auditAdmin, optionValue, refuse } from "../access/AdminUseCase.ts"
import {
  ContentCollections,
  type ContentKind,
  ContentKinds,
  ContentPage,
  ContentPageSlug,
  NewsArticle,
} from "./ContentModel.ts"
import { SiteContent } from "./ports/SiteContent.ts"

/** A Markdown document: its front matter's fields and its body. */
export interface FrontMatterDocument {
  readonly fields: Readonly<Record<string, string>>
  readonly body: string
}

const kindOf = (kind: string) =>
  (ContentKinds as ReadonlyArray<string>).includes(kind)
    ? Effect.succeed(kind as ContentKind)
    : refuse(`Unknown kind ${kind}: one of ${ContentKinds.join(", ")}`)

/** What a content collection holds now. */
export const listContent = Effect.fn("ContentAdmin.list")(function* (kind: string) {
  const k = yield* kindOf(kind)
  return (yield* (yield* SiteContent).list(k)) as ReadonlyArray<unknown>
})

/** Replaces a collection with `items` (as read from `file`), checked against its schema first. */
export const loadContent = Effect.fn("ContentAdmin.load")(function* (
  acting: ActingAdmin,
  kind: string,
  items: unknown,
  file: string,
) {
  const k = yield* kindOf(kind)
  const checked = yield* Schema.decodeUnknownEffect(
    ContentCollections[k] as Schema.Codec<ReadonlyArray<unknown>>,
  )(items).pipe(Effect.catch((e) => refuse(`${file} is not a valid ${kind} list: ${e.message}`)))
  yield* (yield* SiteContent).replace(k, checked as never)
  yield* auditAdmin(acting, "content.load", `content:${kind}`, { items: String(checked.length), file })
  return checked.length
})

/** The article a front-matter document describes (published now unless it says when), or a refusal. */
export const articleOf = Effect.fn("ContentAdmin.articleOf")(function* (document: FrontMatterDocument) {
  const { fields, body } = document
  return yield* Schema.decodeUnknownEffect(NewsArticle)({
    title: fields.title,
    image: fields.image,
    link: fields.link,
    description: body,
    category: { slug: fields.category, name: fields.categoryName ?? fields.category },
    publishedAt:
      fields.publishedAt === undefined ? yield* Clock.currentTimeMillis : Date.parse(fields.publishedAt),
  }).pipe(Effect.catch((e) => refuse(`Not a valid news article: ${e.message}`)))
})

/** Adds the article, or updates the one with the same link. Audited `content.news.add` or `.update`. */
export const addNews = Effect.fn("ContentAdmin.addNews")(function* (
  acting: ActingAdmin,
  document: FrontMatterDocument,
  file: string,
) {
  const article = yield* articleOf(document)
  const site = yield* SiteContent
  const news = yield* site.list("news")
  const updated = news.some((a) => a.link === article.link)
  yield* site.replace(
    "news",
    updated ? news.map((a) => (a.link === article.link ? article : a)) : [...news, article],
  )
  yield* auditAdmin(acting, updated ? "content.news.update" : "content.news.add", `news:${article.link}`, {
    title: article.title,
    file,
  })
  return { article, updated }
})

/** Writes the text page `slug` from the document (its title and Markdown). Audited. */
export const setPage = Effect.fn("ContentAdmin.setPage")(function* (
  acting: ActingAdmin,
  slug: string,
  document: FrontMatterDocument,
  file: string,
) {
  const page = yield* optionValue(ContentPageSlug, "page", slug, ContentPageSlug.literals.join(", "))
  const written = yield* Schema.decodeUnknownEffect(ContentPage)({
    slug: page,
    title: document.fields.title,
    markdown: document.body,
    updatedAt: yield* Clock.currentTimeMillis,
  }).pipe(Effect.catch((e) => refuse(`Not a valid page: ${e.message}`)))
  const site = yield* SiteContent
  const pages = yield* site.list("pages")
  yield* site.replace("pages", [...pages.filter((p) => p.slug !== page), written])
  yield* auditAdmin(acting, "content.page.set", `page:${page}`, { title: written.title, file })
  return written
})
