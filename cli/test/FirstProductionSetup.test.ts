/**
 * A production installation gets no demo data (docs/decisions.md, "Production is production"): its admins
 * set prices, fees, rates and bank accounts with the CLI. Run in-process on an embedded database that holds
 * only the site content, as a first production start leaves it; and the CLI as an OS process with
 * NODE_ENV=production.
 *
 * Then docs/operations.md's "First production start", step by step, with the production settings: `landunits doctor`
 * on the new installation lists what it lacks and exits 1; the first admin, the admin's authenticator, the prices,
 * land, rates and bank account with a fresh code each (--otp); the doctor then exits 0, and a member's bank buy is
 * confirmed by the admin.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { DEMO_EMAIL } from "@landunits/adapters/demo/DemoSeed.ts"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { AuditLog } from "@landunits/core/audit/ports/AuditLog.ts"
import { HoldingsService } from "@landunits/core/ledger/HoldingsService.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { OrderRepository } from "@landunits/core/orders/ports/OrderRepository.ts"
import { SecondFactorService } from "@landunits/core/secondfactor/SecondFactorService.ts"
import { IdempotencyKey, MemberId } from "@landunits/core/shared/Ids.ts"
import { totpCode } from "@landunits/test-support/TotpCode.ts"
import { Effect, Option } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { ExitCode } from "../src/Admin.ts"
import { PERSON_PASSWORD, useInProcessCli } from "./support/InProcessCli.ts"
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
    // A database to work on (an empty folder is refused first, for having none: DataDir.test.ts), made with the
    // production keys, which are then left out of the command's settings.
    const keys = {
      NODE_ENV: "production",
      DOCUMENT_KEY: Buffer.alloc(32, 7).toString("base64"),
      LEDGER_SIGNING_KEY: Buffer.alloc(32, 9).toString("base64"),
    }
    expect((await runCli({ kind: "embedded", dataDir }, ["db", "migrate"], keys)).code).toBe(0)
    const files = fs.readdirSync(dataDir).sort()
    const result = await runCli({ kind: "embedded", dataDir }, ["users", "list", "--as", ADMIN], {
      ...keys,
      DOCUMENT_KEY: "",
    })
    expect(result.code).toBe(ExitCode.refused)
    expect(result.stderr).toContain("Refused: DOCUMENT_KEY is not set")
    expect(result.stderr).toContain("openssl rand -base64 32")
    expect(fs.readdirSync(dataDir).sort()).toEqual(files)
    expect(files.filter((f) => f.endsWith(".key"))).toEqual([])
  })
})

// ---- docs/operations.md, "First production start", step by step ------------------------------------------------

const OPS = "first.admin@landunits.example"
const opsId = MemberId.make("mem_first_admin")
const MIA = "mia@example.com"
const miaId = MemberId.make("mem_mia")
/** DATA_DIR as a production start leaves it: private (mkdtemp makes it 0700). */
const productionDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-first-start-"))
afterAll(() => fs.rmSync(productionDataDir, { recursive: true, force: true }))
/** Each money command is typed with a fresh code, 30 s after the last: the app's clock is moved, not waited for. */
let ahead = 0
const production = useInProcessCli(
  [
    // Registered on the site and confirmed, as step 3 asks before make-admin; and a member who will buy.
    { memberId: opsId, email: OPS, firstName: "Fay", lastName: "First", role: "member" },
    { memberId: miaId, email: MIA, firstName: "Mia", lastName: "Member", role: "member" },
  ],
  {
    seed: "siteContent",
    config: {
      NODE_ENV: "production",
      DOCUMENT_KEY: Buffer.alloc(32, 3).toString("base64"),
      LEDGER_SIGNING_KEY: Buffer.alloc(32, 4).toString("base64"),
      APP_URL: "https://landunits.example",
      MAIL_TRANSPORT: "file",
      DATA_DIR: productionDataDir,
    },
    clockAhead: () => ahead,
  },
)
let secret = ""
/** The admin's command with the next code of their authenticator app. */
const withCode = (...args: ReadonlyArray<string>) => {
  ahead += 30_000
  return production.cli("--as", OPS, "--otp", totpCode(secret, Date.now() + ahead), ...args)
}

describe("docs/operations.md's first production start, step by step", () => {
  it("landunits doctor on the new installation lists every missing thing and exits 1", async () => {
    const doctor = await production.cli("doctor")
    expect(doctor.code).toBe(ExitCode.needsAPerson)
    expect(doctor.out).toMatch(/BLOCKS\s+admins\s+none: register an account on the site/)
    expect(doctor.out).toMatch(/BLOCKS\s+prices\s+no unit type has a price/)
    expect(doctor.out).toMatch(
      /BLOCKS\s+exchange rates\s+missing EUR→GBP, USD→GBP, AUD→GBP, GBP→USD, GBP→EUR/,
    )
    // What is there, and what is advice only: the settings of this start, mail to files as chosen.
    expect(doctor.out).toMatch(/ok\s+APP_URL\s+https:\/\/landunits\.example/)
    expect(doctor.out).toMatch(/ok\s+DATA_DIR/)
    expect(doctor.out).toMatch(/advice\s+mail\s+written as files/)
    expect(doctor.out).toContain("3 things block members")
    const json = JSON.parse((await production.cli("--json", "doctor")).out)
    expect(json.blocksMembers).toBe(true)
  })

  it("after the documented steps (first admin, authenticator, price, land, every rate, bank account) it exits 0, and a member's bank buy is confirmed", async () => {
    // 3. The first admin, from the shell (no admin yet, so no code).
    expect((await production.cli("--yes", "users", "make-admin", OPS)).code).toBe(0)
    // 3. The admin's authenticator app, set up on the site (Settings → Security).
    secret = await production.run(
      Effect.gen(function* () {
        const factors = yield* SecondFactorService
        const on = { memberId: opsId, sessionId: "first-start" }
        const setup = yield* factors.beginTotp({ ...on, account: OPS, currentPassword: PERSON_PASSWORD })
        yield* factors.confirmTotp({ origin: { address: "ip" }, ...on, code: totpCode(setup.secret) })
        return setup.secret
      }),
    )
    // Without a code the money commands refuse (production always asks).
    const noCode = await production.cli(
      "--as",
      OPS,
      "pricing",
      "set-price",
      "LAND_EUR",
      "--base-price",
      "10",
      "--growth",
      "5",
    )
    expect(noCode.err).toContain("re-run with --otp <code>")
    // 4. What members buy with.
    const steps: ReadonlyArray<ReadonlyArray<string>> = [
      ["pricing", "set-price", "LAND_EUR", "--base-price", "10", "--growth", "5"],
      ["pricing", "set-land", "LAND_EUR", "--land-value-cents", "500000000", "--lu2x-cap-cents", "10000000"],
      ["pricing", "set-rate", "EUR", "GBP", "0.850000"],
      ["pricing", "set-rate", "USD", "GBP", "0.790000"],
      ["pricing", "set-rate", "AUD", "GBP", "0.520000"],
      ["pricing", "set-rate", "GBP", "USD", "1.270000"],
      ["pricing", "set-rate", "GBP", "EUR", "1.170000"],
      ["pricing", "set-bank-account", "EUR", ...EUR_ACCOUNT],
    ]
    for (const step of steps) {
      const done = await withCode(...step)
      expect(done.err, step.join(" ")).toBe("")
      expect(done.code, step.join(" ")).toBe(0)
    }
    const doctor = await production.cli("doctor")
    expect(doctor.out).not.toContain("BLOCKS")
    expect(doctor.out).toContain("Nothing blocks members.")
    expect(doctor.out).toMatch(/ok\s+LAND_EUR\s+price 10/)
    expect(doctor.code).toBe(0)

    // A member buys by bank transfer and says it is paid; the admin confirms the payment.
    const order = await production.run(
      Effect.gen(function* () {
        const orders = yield* OrderService
        const created = yield* orders.createBuy({
          confirmsBusinessPurpose: true,
          memberId: miaId,
          idempotencyKey: IdempotencyKey.make("first-start-buy"),
          unitType: "LAND_EUR",
          numberOfUnits: 10,
          paymentMethod: "bank",
          isDoubleLand: false,
        })
        const request = { memberId: miaId, orderId: created.orderId }
        yield* orders.startPayment({ ...request, idempotencyKey: IdempotencyKey.make("first-start-start") })
        yield* orders.successOrder({ ...request, idempotencyKey: IdempotencyKey.make("first-start-paid") })
        return created
      }),
    )
    const confirmed = await withCode("--yes", "orders", "confirm-payment", order.orderId)
    expect(confirmed.err).toBe("")
    expect(confirmed.code).toBe(0)
    const after = await production.run(
      Effect.gen(function* () {
        const stored = yield* (yield* OrderRepository).get(order.orderId)
        const holdings = yield* (yield* HoldingsService).holdings(miaId)
        return { status: stored.orderStatus, owned: holdings.find((h) => h.unitType === "LAND_EUR")?.owned }
      }),
    )
    expect(after.status).toMatch(/^(Approved|Completed)$/)
    expect(after.owned).toBe(10)
  })
})
