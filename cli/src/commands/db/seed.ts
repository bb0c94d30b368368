/**
 * `landunits db seed`: the site content where it is missing, and the demo data (prices, fees, rates, example
 * bank accounts, WELCOME10, a vote, the demo member) with, outside production, the demo history (a year of
 * the demo member's orders, a second member and the demo admin): what a development start seeds. Asked for
 * by name, it seeds the demo data in production too (never the history or the admin), but never over prices,
 * fees, rates, bank accounts or codes that admins set.
 *
 * Infrastructure: runs the app's first-start seeds (adapters/src/demo) itself; allowed in
 * cli/test/ThinCommands.test.ts.
 */

import { DEMO_ADMIN_EMAIL } from "@landunits/adapters/demo/DemoHistory.ts"
import { DEMO_EMAIL } from "@landunits/adapters/demo/DemoSeed.ts"
import { seedDemoWithHistory } from "@landunits/adapters/demo/FirstStartSeed.ts"
import { seedSiteContent } from "@landunits/adapters/demo/SiteContentSeed.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { audit, bootstrapOperator } from "../../support/Operator.ts"

export const dbSeed = (cli: Cli) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* bootstrapOperator(cli.options().as)
      const siteContent = yield* seedSiteContent
      const { demoData, history } = yield* seedDemoWithHistory
      const seeded = { siteContent, demoData, demoHistory: history }
      if (siteContent || demoData === "seeded" || history === "seeded") {
        yield* audit(operator, "db.seed", "installation", {
          siteContent: String(siteContent),
          ...(demoData === "seeded" ? { demoMember: DEMO_EMAIL } : {}),
          ...(history === "seeded" ? { demoHistory: "seeded", demoAdmin: DEMO_ADMIN_EMAIL } : {}),
        })
      }
      return seeded
    }),
    ({ siteContent, demoData, demoHistory }) => {
      const content = siteContent ? "Seeded the site content. " : ""
      const history =
        demoHistory === "seeded"
          ? ` With a year of the demo member's history, and the demo admin ${DEMO_ADMIN_EMAIL}.`
          : demoHistory === "failed"
            ? " The demo history failed and was rolled back (see the log)."
            : ""
      switch (demoData) {
        case "seeded":
          return `${content}Seeded the demo data (demo member ${DEMO_EMAIL}).${history}`
        case "alreadySeeded":
          return history !== ""
            ? `${content}The demo data was already there.${history}`
            : siteContent
              ? `${content}The demo data was already there.`
              : "Already seeded: nothing changed."
        case "configuredByAdmins":
          return (
            `${content}No demo data seeded: this installation has prices, fees, rates, bank accounts or ` +
            "reference codes that admins set, and the demo data never replaces them."
          )
      }
    },
  )
