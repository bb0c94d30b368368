/**
 * `landunits content load <kind> <file.json>`: replaces a content collection (projects, news, team, faq,
 * references) from a JSON file, checked against its schema first (core/src/content/ContentAdmin.ts `loadContent`).
 */
import { readFileSync } from "node:fs"
import { loadContent } from "@landunits/core/content/ContentAdmin.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { actingOf } from "../../support/Operations.ts"
import { requireAdmin } from "../../support/Operator.ts"

export const contentLoad = (cli: Cli, kind: string, file: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const raw = yield* Effect.try({
        try: () => JSON.parse(readFileSync(file, "utf8")) as unknown,
        catch: (e) => new AdminRefused({ message: `Could not read ${file}: ${(e as Error).message}` }),
      })
      return yield* loadContent(actingOf(operator), kind, raw, file)
    }),
    (n) => `Loaded ${n} ${kind} item(s).`,
  )
