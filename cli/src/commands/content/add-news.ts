/**
 * `landunits content add-news <file.md>`: adds a news article from Markdown with front matter (title, image,
 * link, category, categoryName, publishedAt) and the body as its description, or updates the article with the
 * same link. Checked against the news schema before anything is written. Audited.
 */
import { readFileSync } from "node:fs"
import { NewsArticle } from "@landunits/core/content/ContentModel.ts"
import { SiteContent } from "@landunits/core/content/ports/SiteContent.ts"
import { Effect, Schema } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { parseFrontMatter } from "../../support/FrontMatter.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"

/** The article a front-matter document describes, or a refusal naming what is wrong. */
export const articleOf = (fields: Readonly<Record<string, string>>, body: string) =>
  Schema.decodeUnknownEffect(NewsArticle)({
    title: fields.title,
    image: fields.image,
    link: fields.link,
    description: body,
    category: { slug: fields.category, name: fields.categoryName ?? fields.category },
    publishedAt: fields.publishedAt === undefined ? Date.now() : Date.parse(fields.publishedAt),
  }).pipe(Effect.mapError((e) => new AdminRefused({ message: `Not a valid news article: ${e.message}` })))

export const contentAddNews = (cli: Cli, file: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const text = yield* Effect.try({
        try: () => readFileSync(file, "utf8"),
        catch: (e) => new AdminRefused({ message: `Could not read ${file}: ${(e as Error).message}` }),
      })
      const parsed = parseFrontMatter(text)
      if (!parsed.ok) return yield* new AdminRefused({ message: `${file}: ${parsed.error}` })
      const article = yield* articleOf(parsed.document.fields, parsed.document.body)
      const site = yield* SiteContent
      const news = yield* site.list("news")
      const updated = news.some((a) => a.link === article.link)
      yield* site.replace(
        "news",
        updated ? news.map((a) => (a.link === article.link ? article : a)) : [...news, article],
      )
      yield* audit(operator, updated ? "content.news.update" : "content.news.add", `news:${article.link}`, {
        title: article.title,
        file,
      })
      return { article, updated }
    }),
    ({ article, updated }) => `${updated ? "Updated" : "Added"} the news article "${article.title}".`,
  )
