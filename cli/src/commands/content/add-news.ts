/**
 * `landunits content add-news <file.md>`: adds a news article from Markdown with front matter (title, image,
 * link, category, categoryName, publishedAt) and the body as its description, or updates the article with the
 * same link. Checked against the news schema before anything is written. Audited. Core's use case:
 * core/src/content/ContentAdmin.ts `addNews`.
 */
import { addNews } from "@landunits/core/content/ContentAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { actingOf } from "../../support/Operations.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { frontMatterFile } from "./front-matter-file.ts"

export const contentAddNews = (cli: Cli, file: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      return yield* addNews(actingOf(operator), yield* frontMatterFile(file), file)
    }),
    ({ article, updated }) => `${updated ? "Updated" : "Added"} the news article "${article.title}".`,
  )
