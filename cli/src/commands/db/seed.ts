/** `landunits db seed`: seeds an empty installation with the demo content, prices and demo member (what the server does on first start). */
import { DEMO_EMAIL, seedDemo } from "@landunits/adapters/app/DemoSeed.ts"
import type { Command } from "commander"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { audit, bootstrapOperator } from "../../support/Operator.ts"

export const dbSeedCommand = (db: Command, cli: Cli) =>
  db
    .command("seed")
    .description("seed demo data into an empty installation (does nothing once content exists)")
    .action(() =>
      runCommand(
        cli,
        Effect.gen(function* () {
          const operator = yield* bootstrapOperator(cli.options().as)
          const seeded = yield* seedDemo
          if (seeded) yield* audit(operator, "db.seed", "installation", { demoMember: DEMO_EMAIL })
          return { seeded }
        }),
        ({ seeded }) =>
          seeded ? `Seeded the demo data (demo member ${DEMO_EMAIL}).` : "Already seeded: nothing changed.",
      ),
    )
