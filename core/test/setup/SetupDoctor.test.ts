/**
 * The rules of `landunits doctor` (core/src/setup/SetupDoctor.ts): what blocks members on a new or changed
 * installation, and the exchange-rate pairs the pages and converts need (issue 39: the statistics page answers 503
 * until USD→GBP, AUD→GBP, GBP→USD and GBP→EUR exist beside EUR→GBP).
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  buyingGaps,
  diagnose,
  missingRatePairs,
  requiredRatePairs,
  STATISTICS_RATE_PAIRS,
} from "../../src/setup/SetupDoctor.ts"
import type { EnvironmentFacts, SetupFacts } from "../../src/setup/SetupModel.ts"
import { CurrencyTypes } from "../../src/shared/Enums.ts"

const production: EnvironmentFacts = {
  production: true,
  appUrl: { value: "https://landunits.example", problem: undefined },
  mail: { transport: "smtp", server: "mail.example.com:465", problem: undefined },
  dataDir: { path: "/srv/landunits/data", open: [] },
  unreadableSealedRows: [],
  cryptoAddresses: [],
  cardPayments: { stripe: "live", square: "refused" },
}

const ready: SetupFacts = {
  admins: [
    { email: "ops@landunits.example", secondFactor: true },
    { email: "two@landunits.example", secondFactor: true },
  ],
  units: [
    {
      unitType: "LAND_EUR",
      pricePerUnit: 10_000,
      landValueCents: 500_000_000,
      buyFeeCents: 100,
      sellFeeUnits: 10,
    },
  ],
  bankAccounts: ["EUR"],
  rates: STATISTICS_RATE_PAIRS,
  currentCoinPrices: [],
  ledger: { signingKeyId: "k-now", earlierKeyIds: ["k-old"], lastCheckpoint: { number: 3, keyId: "k-now" } },
}

const empty: SetupFacts = {
  admins: [],
  units: [],
  bankAccounts: [],
  rates: [],
  currentCoinPrices: [],
  ledger: { signingKeyId: "k-now", earlierKeyIds: [], lastCheckpoint: undefined },
}

const blocking = (env: EnvironmentFacts, facts: SetupFacts) =>
  diagnose(env, facts)
    .findings.filter((f) => f.state === "blocks")
    .map((f) => f.about)

describe("the exchange-rate pairs the pages need", () => {
  it("the statistics page needs every currency's rate to GBP and GBP's to USD and EUR", () => {
    expect(STATISTICS_RATE_PAIRS.map((p) => `${p.from}→${p.to}`)).toEqual([
      "EUR→GBP",
      "USD→GBP",
      "AUD→GBP",
      "GBP→USD",
      "GBP→EUR",
    ])
  })

  it("two currencies on sale add the converts' pairs both ways; GBP's are among the statistics' already", () => {
    expect(
      requiredRatePairs(["EUR", "USD"])
        .slice(5)
        .map((p) => `${p.from}→${p.to}`),
    ).toEqual(["EUR→USD", "USD→EUR"])
    expect(requiredRatePairs(["EUR", "GBP"])).toHaveLength(5)
  })

  it("the missing pairs are exactly the required ones without a rate, whatever rates are set (property)", () => {
    const currency = fc.constantFrom(...CurrencyTypes)
    fc.assert(
      fc.property(
        fc.uniqueArray(currency),
        fc.array(fc.record({ from: currency, to: currency })),
        (onSale, rates) => {
          const missing = missingRatePairs(onSale, rates)
          const required = requiredRatePairs(onSale)
          for (const p of required)
            expect(missing.some((m) => m.from === p.from && m.to === p.to)).toBe(
              !rates.some((r) => r.from === p.from && r.to === p.to),
            )
          expect(missing.every((m) => required.some((p) => p.from === m.from && p.to === m.to))).toBe(true)
        },
      ),
    )
  })
})

describe("landunits doctor's findings", () => {
  it("an installation set up as the first start says blocks nothing, and says what is there", () => {
    const report = diagnose(production, ready)
    expect(report.blocksMembers).toBe(false)
    expect(report.findings.map((f) => [f.about, f.state])).toEqual([
      ["APP_URL", "ok"],
      ["mail", "ok"],
      ["DATA_DIR", "ok"],
      ["DOCUMENT_KEY", "ok"],
      ["card payments", "ok"],
      ["LEDGER_SIGNING_KEY", "ok"],
      ["admins", "ok"],
      ["LAND_EUR", "ok"],
      ["exchange rates", "ok"],
      ["crypto", "ok"],
    ])
  })

  it("an empty production installation lists every missing thing: admins, prices, every rate pair", () => {
    const report = diagnose(production, empty)
    expect(report.blocksMembers).toBe(true)
    const byAbout = new Map(report.findings.map((f) => [f.about, f]))
    expect(byAbout.get("admins")).toMatchObject({ state: "blocks" })
    expect(byAbout.get("admins")!.message).toContain("users make-admin")
    expect(byAbout.get("prices")).toMatchObject({ state: "blocks" })
    expect(byAbout.get("prices")!.message).toContain("pricing set-price")
    expect(byAbout.get("exchange rates")!.message).toContain(
      "missing EUR→GBP, USD→GBP, AUD→GBP, GBP→USD, GBP→EUR",
    )
  })

  it("in production an admin without a second factor blocks (every money command asks for its code); in development it is advice", () => {
    const withoutFactor = { ...ready, admins: [{ email: "ops@landunits.example", secondFactor: false }] }
    expect(blocking(production, withoutFactor)).toEqual(["admins"])
    expect(diagnose(production, withoutFactor).findings.find((f) => f.about === "admins")!.message).toContain(
      "ops@landunits.example",
    )
    expect(blocking({ ...production, production: false }, withoutFactor)).toEqual([])
    // One admin: no four eyes, advice only.
    expect(
      diagnose(production, { ...ready, admins: [ready.admins[0]!] }).findings.find(
        (f) => f.about === "four eyes",
      ),
    ).toMatchObject({ state: "advice" })
  })

  it("a unit type on sale without its land value or its currency's bank account blocks, named with the command", () => {
    const noLand = { ...ready, units: [{ ...ready.units[0]!, landValueCents: 0 }], bankAccounts: [] }
    const finding = diagnose(production, noLand).findings.find((f) => f.about === "LAND_EUR")!
    expect(finding.state).toBe("blocks")
    expect(finding.message).toContain("pricing set-land LAND_EUR")
    expect(finding.message).toContain("pricing set-bank-account EUR")
  })

  it("a coin with an address needs a current price in each currency on sale; a price without an address is advice", () => {
    expect(blocking({ ...production, cryptoAddresses: ["BITCOIN"] }, ready)).toEqual(["BITCOIN"])
    expect(
      blocking(
        { ...production, cryptoAddresses: ["BITCOIN"] },
        {
          ...ready,
          currentCoinPrices: [{ coin: "BITCOIN", currency: "EUR" }],
        },
      ),
    ).toEqual([])
    expect(
      diagnose(production, {
        ...ready,
        currentCoinPrices: [{ coin: "ETHER", currency: "EUR" }],
      }).findings.find((f) => f.about === "crypto"),
    ).toMatchObject({ state: "advice" })
  })

  it("the settings: no APP_URL, a mail server that does not answer, an open DATA_DIR, rows under an unknown document key block", () => {
    const broken: EnvironmentFacts = {
      ...production,
      appUrl: { value: undefined, problem: undefined },
      mail: { transport: "smtp", server: "mail.example.com:465", problem: "connect ECONNREFUSED" },
      dataDir: { path: "/srv/landunits/data", open: ["mail", "pg"] },
      unreadableSealedRows: [{ keyId: "abc123", rows: 4 }],
    }
    expect(blocking(broken, ready)).toEqual(["APP_URL", "mail", "DATA_DIR", "DOCUMENT_KEY"])
    // Mail written to files in production is chosen (MAIL_TRANSPORT=file): advice, not a block.
    const files = diagnose(
      { ...production, mail: { transport: "file", directory: "/srv/landunits/data/mail", chosen: true } },
      ready,
    ).findings.find((f) => f.about === "mail")
    expect(files).toMatchObject({ state: "advice" })
  })

  it("checkpoints signed by a key that is neither LEDGER_SIGNING_KEY nor a published earlier one block; an earlier one does not", () => {
    const stranger = {
      ...ready,
      ledger: { ...ready.ledger, lastCheckpoint: { number: 3, keyId: "k-other" } },
    }
    expect(blocking(production, stranger)).toEqual(["LEDGER_SIGNING_KEY"])
    const rotated = { ...ready, ledger: { ...ready.ledger, lastCheckpoint: { number: 3, keyId: "k-old" } } }
    expect(blocking(production, rotated)).toEqual([])
  })

  it("what status says members lack to buy is the doctor's: nothing when set up, each gap named otherwise", () => {
    const asStatus = (f: SetupFacts) => ({
      admins: f.admins.length,
      units: f.units,
      bankAccounts: f.bankAccounts,
      rates: f.rates,
    })
    expect(buyingGaps(asStatus(ready))).toEqual([])
    expect(buyingGaps(asStatus(empty))).toEqual([
      "no admin",
      "no unit type has a price",
      "no exchange rate EUR→GBP, USD→GBP, AUD→GBP, GBP→USD, GBP→EUR",
    ])
  })
})
