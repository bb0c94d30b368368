/** What `content add-news` and `content set-page` read: a Markdown file's front matter and body. */
import { readFileSync } from "node:fs"
import { Effect } from "effect"
import { AdminRefused } from "../../Admin.ts"
import { parseFrontMatter } from "../../support/FrontMatter.ts"

export const frontMatterFile = (file: string) =>
  Effect.gen(function* () {
    const text = yield* Effect.try({
      try: () => readFileSync(file, "utf8"),
      catch: (e) => new AdminRefused({ message: `Could not read ${file}: ${(e as Error).message}` }),
    })
    const parsed = parseFrontMatter(text)
    if (!parsed.ok) return yield* new AdminRefused({ message: `${file}: ${parsed.error}` })
    return parsed.document
  })
