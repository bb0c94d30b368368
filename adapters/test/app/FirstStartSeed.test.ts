/**
 * What a start seeds and says (FirstStartSeed.ts), in-process on a fresh embedded database each time, with
 * NODE_ENV and SEED_DEMO given through the config. The production start as a process: ProductionStart.test.ts.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { SiteContent } from "@landunits/core/content/ports/SiteContent.ts"
import { ConfigProvider, Effect, Layer, Logger, Option } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../src/app/DemoSeed.ts"
import { seedOnStart } from "../../src/app/FirstStartSeed.ts"
import { layerEmbedded } from "../../src/postgres/Database.ts"
import { PricingSettings } from "../../src/postgres/PricingPg.ts"

const dirs: Array<string> = []
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** Runs `before`, then the start's seeding, on a fresh installation with `env`; answers what it logged and found. */
const firstStart = async (
  env: Record<string, string>,
  before: Effect.Effect<void, never, PricingSettings> = Effect.void,
) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-first-start-"))
  dirs.push(dataDir)
  const lines: Array<string> = []
  const capture = Logger.make(({ message }) => {
    lines.push((Array.isArray(message) ? message : [message]).map(String).join(" "))
  })
  const outcome = await Effect.runPromise(
    Effect.gen(function* () {
      yield* before
      const seeded = yield* seedOnStart
      const demoMember = yield* (yield* AccountRepository).findByEmail(DEMO_EMAIL)
      const projects = yield* (yield* SiteContent).list("projects")
      return { seeded, demoMember: Option.isSome(demoMember), projects: projects.length }
    }).pipe(
      Effect.provide(Layer.merge(layerApp(layerEmbedded(dataDir)), Logger.layer([capture]))),
      Effect.provideService(
        ConfigProvider.ConfigProvider,
        ConfigProvider.fromEnv({
          env: { DATA_DIR: dataDir, DOCUMENT_KEY: Buffer.alloc(32, 3).toString("base64"), ...env },
        }),
      ),
    ),
  )
  return { ...outcome, log: lines.join("\n") }
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
