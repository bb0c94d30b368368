/**
 * `landunits content set-page <slug> <file.md>`: writes a text page (fees, user-manual, about-us,
 * terms-and-conditions, privacy-policy) from Markdown with front matter (title); replaces the page of that
 * slug. Audited.
 */
import { readFileSync } from "node:fs"
import { ContentPage, ContentPageSlug } from "@landunits/core/content/ContentModel.ts"
import { SiteContent } from "@landunits/core/content/ports/SiteContent.ts"
import { Clock, Effect, Schema } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { parseFrontMatter } from "../../support/FrontMatter.ts"
import { optionValue } from "../../support/Lookup.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"
import { PAGE_SLUGS } from "../content.ts"

export const contentSetPage = (cli: Cli, slug: string, file: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const page = yield* optionValue(ContentPageSlug, "page", slug, PAGE_SLUGS)
      const text = yield* Effect.try({
        try: () => readFileSync(file, "utf8"),
        catch: (e) => new AdminRefused({ message: `Could not read ${file}: ${(e as Error).message}` }),
      })
      const parsed = parseFrontMatter(text)
      if (!parsed.ok) return yield* new AdminRefused({ message: `${file}: ${parsed.error}` })
      const written = yield* Schema.decodeUnknownEffect(ContentPage)({
        slug: page,
        title: parsed.document.fields.title,
        markdown: parsed.document.body,
        updatedAt: yield* Clock.currentTimeMillis,
      }).pipe(Effect.mapError((e) => new AdminRefused({ message: `Not a valid page: ${e.message}` })))
      const site = yield* SiteContent
      const pages = yield* site.list("pages")
      yield* site.replace("pages", [...pages.filter((p) => p.slug !== page), written])
      yield* audit(operator, "content.page.set", `page:${page}`, { title: written.title, file })
      return written
    }),
    (p) => `Wrote the ${p.slug} page "${p.title}".`,
    (p) => ({ slug: p.slug, title: p.title, updatedAt: p.updatedAt }),
  )
