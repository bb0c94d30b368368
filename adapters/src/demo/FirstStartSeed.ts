/**
 * What a start seeds, and what it says about it. "Production is production":
 *
 * - the public site content (SiteContentSeed.ts) is seeded on the first start of every installation;
 * - the demo data (DemoSeed.ts: prices, fees, rates, example bank accounts, WELCOME10, a vote and a demo
 *   member with a published password) only in development, or when SEED_DEMO asks for it (`SEED_DEMO=1`;
 *   `SEED_DEMO=0` turns it off in development). The demo member's sign-in is printed in development only;
 * - the demo history (DemoHistory.ts: a year of the demo member's orders, votes and questions, with a second
 *   member and a demo admin, whose sign-in is printed beside the member's) in development only, never in
 *   production, not even with SEED_DEMO: an admin with a published password has no place there.
 *
 * A start whose installation has no price, fee, rate, bank account or reference code says how to set them.
 */

import { PricingSettings } from "@landunits/core/pricing/ports/PricingSettings.ts"
import { Clock, Config, Effect, Option } from "effect"
import { isProduction } from "../settings/ProductionSecret.ts"
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  type DemoHistoryOutcome,
  seedDemoHistory,
} from "./DemoHistory.ts"
import {
  DEMO_EMAIL,
  DEMO_PASSWORD,
  type DemoSeedOutcome,
  seedDemoData,
  setDemoCoinPrices,
} from "./DemoSeed.ts"
import { seedSiteContent } from "./SiteContentSeed.ts"

/** The admin commands that configure what the demo data would have (docs/operations.md, "First production start"). */
export const SETUP_COMMANDS =
  "landunits pricing set-price, set-fees, set-land, set-external-fee, set-rate and set-bank-account"

/** SEED_DEMO when set (1/0, true/false, yes/no), else whether this is development. */
export const demoDataWanted = Effect.gen(function* () {
  const asked = yield* Config.option(Config.Boolean("SEED_DEMO"))
  return Option.isSome(asked) ? asked.value : !(yield* isProduction)
})

const HOW_TO_CONFIGURE =
  `set prices, fees, exchange rates and bank accounts with the CLI (${SETUP_COMMANDS}; ` +
  `docs/operations.md, "First production start"). Until then members can sign in and read the site, but not buy.`

/** The history outcome when it was not asked for: production never seeds it. */
export type DemoHistorySeeded = DemoHistoryOutcome | "notInProduction" | "failed"

/**
 * The demo data, then (outside production) the demo history: `landunits db seed` and a start that wants demo
 * data. A history that fails is rolled back and logged; the demo data stays, and the start goes on.
 */
export const seedDemoWithHistory = Effect.gen(function* () {
  const demoData: DemoSeedOutcome = yield* seedDemoData
  const history: DemoHistorySeeded = (yield* isProduction)
    ? "notInProduction"
    : yield* seedDemoHistory.pipe(
        Effect.catchTag("DemoHistoryFailed", (error) =>
          Effect.as(
            Effect.logError(`The demo history was not seeded: ${error.step}: ${error.message}`),
            "failed" as const,
          ),
        ),
      )
  return { demoData, history }
})

/** Seeds what this start should and logs it; never a password in production. */
export const seedOnStart = Effect.gen(function* () {
  const production = yield* isProduction
  const wanted = yield* demoDataWanted
  const siteContent = yield* seedSiteContent
  const seeded = wanted ? yield* seedDemoWithHistory : undefined
  // Development with demo data: the demo coin prices are made current again at each start (a price is used for
  // 24 hours), so crypto in test mode stays payable on an installation started again another day.
  if (wanted && !production && seeded?.demoData !== "configuredByAdmins")
    yield* setDemoCoinPrices(yield* Clock.currentTimeMillis)
  const demo = seeded?.demoData ?? "notWanted"
  const demoData = demo === "seeded"
  const history = seeded?.history === "seeded"
  const seededContent = siteContent ? "Seeded the site content. " : ""
  if ((demoData || history) && !production) {
    yield* Effect.logInfo(
      `Seeded demo data${history ? " with a year of history" : ""}. Demo member: ${DEMO_EMAIL} / ${DEMO_PASSWORD}` +
        (history
          ? `. Demo admin (for the CLI: --as ${DEMO_ADMIN_EMAIL}): ${DEMO_ADMIN_EMAIL} / ${DEMO_ADMIN_PASSWORD}`
          : ""),
    )
  } else if (demoData) {
    yield* Effect.logWarning(
      `${seededContent}Seeded demo data (SEED_DEMO): prices, fees, rates, example bank accounts and a demo ` +
        "member whose password is published in the README. Disable the demo member with " +
        "`landunits users disable` and set real bank accounts before real members use this installation.",
    )
  } else if (!(yield* (yield* PricingSettings).anyConfigured)) {
    yield* Effect.logWarning(
      `${seededContent}${production ? "No demo data in production" : "No demo data (SEED_DEMO is off)"}: ` +
        HOW_TO_CONFIGURE,
    )
  } else if (demo === "configuredByAdmins") {
    yield* Effect.logInfo(
      `${seededContent}No demo data seeded: this installation already has prices, fees, rates, bank accounts ` +
        "or reference codes, and the demo data never replaces them.",
    )
  } else if (siteContent) {
    yield* Effect.logInfo("Seeded the site content.")
  }
  return { siteContent, demoData, demoHistory: seeded?.history ?? "notWanted" }
})
