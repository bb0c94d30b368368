/**
 * A production installation gets no demo data (docs/decisions.md, "Production is production"): its admins
 * set prices, fees, rates and bank accounts with the CLI. Run in-process on an embedded database that holds
 * only the site content, as a first production start leaves it; and the CLI as an OS process with
 * NODE_ENV=production.
 */
import * as fs from "node:fs"
import { DEMO_EMAIL } from "@landunits/adapters/app/DemoSeed.ts"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { AuditLog } from "@landunits/core/audit/ports/AuditLog.ts"
import { Effect, Option } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { ExitCode } from "../src/Admin.ts"
import { useInProcessCli } from "./support/InProcessCli.ts"
import { freshDataDir, runCli } from "./support/ServerAndCli.ts"

const ADMIN = "ops@landunits.example"

const { cli, run } = useInProcessCli(
  [{ memberId: "mem_ops", email: ADMIN, firstName: "Olu", lastName: "Ops", role: "admin" }],
  { seed: "siteContent" },
)
const asAdmin = (...args: ReadonlyArray<string>) => cli("--as", ADMIN, ...args)
const shown = async () => JSON.parse((await asAdmin("--json", "pricing", "show")).out)

const EUR_ACCOUNT = [
  "--account-name",
  "Landunits Client Account",
  "--account-number",
  "40-11-22 81234567",
  "--iban",
  "GB29 NWBK 6016 1331 9268 19",
  "--swift-bic",
  "nwbkgb2l",
  "--bank-name",
  "NatWest",
  "--bank-address",
  "250 Bishopsgate, London",
  "--bank-country",
  "United Kingdom",
]

describe("configuring a production installation with the CLI", () => {
  it("pricing show on an installation with nothing configured says what is not set", async () => {
    const show = await asAdmin("pricing", "show")
    expect(show).toMatchObject({ code: 0, err: "" })
    expect(show.out).toContain("No unit type is configured.")
    expect(show.out).toMatch(/EUR\s+not set/)
    const json = await shown()
    expect(json.units).toEqual([])
    expect(json.bankAccounts).toEqual({})
  })

  it("a unit type's first price comes with the default fees and no land value; fees wait for a price", async () => {
    expect(await asAdmin("pricing", "set-fees", "LAND_EUR", "--sell-units", "5")).toMatchObject({
      code: ExitCode.refused,
      err: "Refused: LAND_EUR has no price yet: set it first with landunits pricing set-price LAND_EUR",
    })
    const set = await asAdmin(
      "pricing",
      "set-price",
      "LAND_EUR",
      "--base-price",
      "10",
      "--growth",
      "5",
      "--base-date",
      "2026-01-01",
    )
    expect(set.code).toBe(0)
    expect(set.out).toContain("pricing set-land LAND_EUR")
    const eur = (await shown()).units.find(
      (u: { schedule: { unitType: string } }) => u.schedule.unitType === "LAND_EUR",
    )
    expect(eur).toMatchObject({
      schedule: { unitType: "LAND_EUR", basePrice: 10_000, baseDate: "2026-01-01", growthPerYearPercent: 5 },
      buyOrderTransactionFeeInCents: 100,
      sellOrderTransactionFeeInUnits: 10,
      convertOrderTransactionFeeInUnits: 0,
      landLimits: { totalProjectLandValueInCents: 0, maxDoubleLandUnitsBoughtValueInCents: 0 },
    })
    expect((await asAdmin("pricing", "set-fees", "LAND_EUR", "--sell-units", "5")).code).toBe(0)
    const [entry] = await run(
      Effect.flatMap(AuditLog, (log) =>
        log.list({ action: "pricing.setPrice", subject: "unitType:LAND_EUR" }),
      ),
    )
    expect(entry?.details.before).toBe("null")
  })

  it("sets the bank account members pay into; replacing it asks first; an IBAN that is not one is refused", async () => {
    const first = await asAdmin("pricing", "set-bank-account", "EUR", ...EUR_ACCOUNT)
    expect(first).toMatchObject({ code: 0, err: "" })
    expect((await shown()).bankAccounts.EUR).toEqual({
      bankAccountName: "Landunits Client Account",
      bankAccountNumber: "40-11-22 81234567",
      iban: "GB29NWBK60161331926819",
      swiftBic: "NWBKGB2L",
      bankName: "NatWest",
      bankAddress: "250 Bishopsgate, London",
      bankCountry: "United Kingdom",
    })
    const other = EUR_ACCOUNT.map((v) => (v === "NatWest" ? "Barclays" : v))
    expect((await asAdmin("pricing", "set-bank-account", "EUR", ...other)).code).toBe(
      ExitCode.confirmationRequired,
    )
    expect((await shown()).bankAccounts.EUR.bankName).toBe("NatWest")
    expect((await asAdmin("--yes", "pricing", "set-bank-account", "EUR", ...other)).code).toBe(0)
    expect((await shown()).bankAccounts.EUR.bankName).toBe("Barclays")
    const badIban = EUR_ACCOUNT.map((v) => (v.startsWith("GB29") ? "not an iban" : v))
    expect(await asAdmin("pricing", "set-bank-account", "GBP", ...badIban)).toMatchObject({
      code: ExitCode.refused,
      err: "Refused: --iban not an iban is not an IBAN: Invalid IBAN format",
    })
    // One digit mistyped: the check digits catch it (ISO 13616, as members' IBANs).
    const mistyped = EUR_ACCOUNT.map((v) => (v.startsWith("GB29") ? "GB29NWBK60161331926818" : v))
    expect(await asAdmin("pricing", "set-bank-account", "GBP", ...mistyped)).toMatchObject({
      code: ExitCode.refused,
      err: "Refused: --iban GB29NWBK60161331926818 is not an IBAN: IBAN check digits do not match: check it for a mistyped or swapped character",
    })
    const badCountry = EUR_ACCOUNT.map((v) => (v === "United Kingdom" ? "Narnia" : v))
    expect(await asAdmin("pricing", "set-bank-account", "GBP", ...badCountry)).toMatchObject({
      code: ExitCode.refused,
      err: "Refused: --bank-country Narnia is not a country of the ISO 3166 list",
    })
    const audits = await run(
      Effect.flatMap(AuditLog, (log) =>
        log.list({ action: "pricing.setBankAccount", subject: "bankAccount:EUR" }),
      ),
    )
    expect(audits.map((a) => JSON.parse(a.details.after!).bankName)).toEqual(["NatWest", "Barclays"])
  })

  it("db seed never puts demo data over what admins configured", async () => {
    const seeded = await cli("db", "seed")
    expect(seeded.code).toBe(0)
    expect(seeded.out).toContain("No demo data seeded")
    expect(
      Option.isNone(await run(Effect.flatMap(AccountRepository, (a) => a.findByEmail(DEMO_EMAIL)))),
    ).toBe(true)
    const json = await shown()
    expect(json.units.map((u: { schedule: { unitType: string } }) => u.schedule.unitType)).toEqual([
      "LAND_EUR",
    ])
    expect(json.bankAccounts.EUR.bankName).toBe("Barclays")
  })
})

describe("the admin CLI with NODE_ENV=production", () => {
  const dataDir = freshDataDir()
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  it("refuses without DOCUMENT_KEY, naming it, and makes no development key", async () => {
    const result = await runCli({ kind: "embedded", dataDir }, ["users", "list", "--as", ADMIN], {
      NODE_ENV: "production",
      DOCUMENT_KEY: "",
    })
    expect(result.code).toBe(ExitCode.refused)
    expect(result.stderr).toContain("Refused: DOCUMENT_KEY is not set")
    expect(result.stderr).toContain("openssl rand -base64 32")
    expect(fs.readdirSync(dataDir)).toEqual([])
  })
})
