/** `landunits content load <kind> <file.json>`: replaces a content collection (projects, news, team, faq, references) from a JSON file, checked against its schema first. */

import { readFileSync } from "node:fs"
import { ContentCollections, type ContentKind, ContentKinds } from "@landunits/core/content/ContentModel.ts"
import { SiteContent } from "@landunits/core/content/ports/SiteContent.ts"
import { Effect, Schema } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"

export const contentLoad = (cli: Cli, kind: string, file: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      if (!(ContentKinds as ReadonlyArray<string>).includes(kind)) {
        return yield* new AdminRefused({
          message: `Unknown kind ${kind}: one of ${ContentKinds.join(", ")}`,
        })
      }
      const k = kind as ContentKind
      const raw = yield* Effect.try({
        try: () => JSON.parse(readFileSync(file, "utf8")) as unknown,
        catch: (e) => new AdminRefused({ message: `Could not read ${file}: ${(e as Error).message}` }),
      })
      const items = yield* Schema.decodeUnknownEffect(
        ContentCollections[k] as Schema.Codec<ReadonlyArray<unknown>>,
      )(raw).pipe(
        Effect.mapError(
          (e) => new AdminRefused({ message: `${file} is not a valid ${kind} list: ${e.message}` }),
        ),
      )
      yield* (yield* SiteContent).replace(k, items as never)
      yield* audit(operator, "content.load", `content:${kind}`, { items: String(items.length), file })
      return items.length
    }),
    (n) => `Loaded ${n} ${kind} item(s).`,
  )
