/**
 * `landunits content set-page <slug> <file.md>`: writes a text page (fees, user-manual, about-us,
 * terms-and-conditions, privacy-policy) from Markdown with front matter (title); replaces the page of that
 * slug. Audited. Core's use case: core/src/content/ContentAdmin.ts `setPage`.
 */
import { setPage } from "@landunits/core/content/ContentAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { actingOf } from "../../support/Operations.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { frontMatterFile } from "./front-matter-file.ts"

export const contentSetPage = (cli: Cli, slug: string, file: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      return yield* setPage(actingOf(operator), slug, yield* frontMatterFile(file), file)
    }),
    (p) => `Wrote the ${p.slug} page "${p.title}".`,
    (p) => ({ slug: p.slug, title: p.title, updatedAt: p.updatedAt }),
  )
