/**
 * What a start seeds and says (FirstStartSeed.ts), in-process on a fresh embedded database each time, with
 * NODE_ENV and SEED_DEMO given through the config. The production start as a process: ProductionStart.test.ts.
 */
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { SiteContent } from "@landunits/core/content/ports/SiteContent.ts"
import { PricingSettings } from "@landunits/core/pricing/ports/PricingSettings.ts"
import { Effect, Option } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../src/demo/DemoSeed.ts"
import { seedOnStart } from "../../src/demo/FirstStartSeed.ts"
import { onNewInstallation, removeInstallations } from "../support/EmbeddedInstallation.ts"

afterEach(removeInstallations)

/** Runs `before`, then the start's seeding, on a fresh installation with `env`; answers what it logged and found. */
const firstStart = async (
  env: Record<string, string>,
  before: Effect.Effect<void, never, PricingSettings> = Effect.void,
) => {
  const { value, log } = await onNewInstallation(
    env,
    Effect.gen(function* () {
      yield* before
      const seeded = yield* seedOnStart
      const demoMember = yield* (yield* AccountRepository).findByEmail(DEMO_EMAIL)
      const projects = yield* (yield* SiteContent).list("projects")
      return { seeded, demoMember: Option.isSome(demoMember), projects: projects.length }
    }),
  )
  return { ...value, log }
}

describe("what a start seeds", () => {
  it("development seeds the site content and the demo data, and prints the demo sign-in", async () => {
    const start = await firstStart({ NODE_ENV: "development" })
    expect(start).toMatchObject({ demoMember: true, seeded: { siteContent: true, demoData: true } })
    expect(start.projects).toBeGreaterThan(0)
    expect(start.log).toContain(`Demo member: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`)
  })

  it("SEED_DEMO=0 turns the demo data off in development; the start says how to configure prices", async () => {
    const start = await firstStart({ NODE_ENV: "development", SEED_DEMO: "0" })
    expect(start).toMatchObject({ demoMember: false, seeded: { siteContent: true, demoData: false } })
    expect(start.log).toContain("landunits pricing set-price")
    expect(start.log).not.toContain(DEMO_PASSWORD)
  })

  it("SEED_DEMO=1 in production never replaces prices an admin set", async () => {
    const start = await firstStart(
      { NODE_ENV: "production", SEED_DEMO: "1" },
      Effect.flatMap(PricingSettings, (s) =>
        s.setRate({ from: "EUR", to: "GBP", rate: 870_000, day: "2026-01-01" }),
      ),
    )
    expect(start).toMatchObject({ demoMember: false, seeded: { siteContent: true, demoData: false } })
    expect(start.log).toContain("No demo data seeded")
    expect(start.log).not.toContain(DEMO_PASSWORD)
  })
})
