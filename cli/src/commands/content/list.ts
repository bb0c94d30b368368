/** `landunits content list <kind>`: what a content collection holds now (as JSON with --json, e.g. to edit and load back). */
import { type ContentKind, ContentKinds } from "@landunits/core/content/ContentModel.ts"
import { SiteContent } from "@landunits/core/content/ports/SiteContent.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"

const titleOf = (item: unknown): string => {
  const i = item as { title?: string; name?: string; question?: string; slug?: string }
  return i.title ?? i.name ?? i.question ?? i.slug ?? ""
}

export const contentList = (cli: Cli, kind: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      if (!(ContentKinds as ReadonlyArray<string>).includes(kind)) {
        return yield* new AdminRefused({
          message: `Unknown kind ${kind}: one of ${ContentKinds.join(", ")}`,
        })
      }
      return yield* (yield* SiteContent).list(kind as ContentKind)
    }),
    (items) =>
      items.length === 0
        ? `No ${kind}.`
        : (items as ReadonlyArray<unknown>).map((item, i) => `${i + 1}. ${titleOf(item)}`).join("\n"),
  )
