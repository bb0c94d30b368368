/** `landunits content list <kind>`: what a content collection holds now (as JSON with --json, e.g. to edit and load back). */
import { listContent } from "@landunits/core/content/ContentAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"

const titleOf = (item: unknown): string => {
  const i = item as { title?: string; name?: string; question?: string; slug?: string }
  return i.title ?? i.name ?? i.question ?? i.slug ?? ""
}

export const contentList = (cli: Cli, kind: string) =>
  runCommand(cli, Effect.andThen(requireAdmin(cli.options().as), listContent(kind)), (items) =>
    items.length === 0 ? `No ${kind}.` : items.map((item, i) => `${i + 1}. ${titleOf(item)}`).join("\n"),
  )
