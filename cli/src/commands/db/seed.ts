/**
 * `landunits db seed`: the site content where it is missing, and the demo data (prices, fees, rates, example
 * bank accounts, WELCOME10, a vote, the demo member): what a development start seeds. Asked for by name, it
 * seeds in production too, but never over prices, fees, rates, bank accounts or codes that admins set.
 */
import { DEMO_EMAIL, seedDemo } from "@landunits/adapters/app/DemoSeed.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { audit, bootstrapOperator } from "../../support/Operator.ts"

export const dbSeed = (cli: Cli) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* bootstrapOperator(cli.options().as)
      const seeded = yield* seedDemo
      if (seeded.siteContent || seeded.demoData === "seeded") {
        yield* audit(operator, "db.seed", "installation", {
          siteContent: String(seeded.siteContent),
          ...(seeded.demoData === "seeded" ? { demoMember: DEMO_EMAIL } : {}),
        })
      }
      return seeded
    }),
    ({ siteContent, demoData }) => {
      const content = siteContent ? "Seeded the site content. " : ""
      switch (demoData) {
        case "seeded":
          return `${content}Seeded the demo data (demo member ${DEMO_EMAIL}).`
        case "alreadySeeded":
          return siteContent
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
