/**
 * The rules of `landunits doctor` (issue 39; docs/operations.md "First production start"): from the facts of an
 * installation (SetupModel.ts), one finding per thing members or admins need, in the order the first start sets
 * them up. Plain functions: the use case (SetupAdmin.ts) gathers the facts.
 *
 * What blocks members:
 * - production without a usable APP_URL, or with a mail server that does not answer (or mail settings the app
 *   refuses);
 * - no admin; in production an admin without a second factor (every money command asks for its code);
 * - no unit type with a price; a priced unit type without a land value (its Units cannot be bought) or without the
 *   bank account of its currency (bank transfers refused);
 * - a rate pair the statistics page needs (each currency to GBP, GBP to USD and EUR), or one a convert between two
 *   currencies on sale needs;
 * - a coin with a receiving address but no current price in a currency on sale (crypto payments refused there);
 * - sealed rows under a document key the settings lack; checkpoints signed by a key that is neither
 *   LEDGER_SIGNING_KEY nor a published earlier one;
 * - DATA_DIR paths other local users can read or write.
 * Advice: a single admin (no four eyes), mail written to files, a coin price without an address, card payments
 * refused or in test mode in production.
 */
import { CryptoCoins, CurrencyOfUnitType, type CurrencyType, CurrencyTypes } from "../shared/Enums.ts"
import type { DoctorReport, EnvironmentFacts, Finding, SetupFacts } from "./SetupModel.ts"

export interface RatePair {
  readonly from: CurrencyType
  readonly to: CurrencyType
}

/** The pairs the statistics page needs (MarketService.statistics): every currency to GBP, and GBP to USD and EUR. */
export const STATISTICS_RATE_PAIRS: ReadonlyArray<RatePair> = [
  ...CurrencyTypes.filter((c) => c !== "GBP").map((from) => ({ from, to: "GBP" as const })),
  { from: "GBP", to: "USD" },
  { from: "GBP", to: "EUR" },
]

/** The pairs the pages and converts need: the statistics' and, between two currencies on sale, both ways. */
export const requiredRatePairs = (onSale: ReadonlyArray<CurrencyType>): ReadonlyArray<RatePair> => {
  const pairs = [...STATISTICS_RATE_PAIRS]
  for (const from of onSale)
    for (const to of onSale)
      if (from !== to && !pairs.some((p) => p.from === from && p.to === to)) pairs.push({ from, to })
  return pairs
}

/** The required pairs without a rate, in the order of `requiredRatePairs`. */
export const missingRatePairs = (
  onSale: ReadonlyArray<CurrencyType>,
  rates: ReadonlyArray<RatePair>,
): ReadonlyArray<RatePair> =>
  requiredRatePairs(onSale).filter((p) => !rates.some((r) => r.from === p.from && r.to === p.to))

const pairName = (p: RatePair) => `${p.from}→${p.to}`
const setRateCommand = (p: RatePair) => `landunits --otp <code> pricing set-rate ${p.from} ${p.to} <rate>`

/**
 * What keeps members from buying, in the words `status` shows: no admin, nothing on sale, a unit type on sale
 * without its land value or its currency's bank account, a rate the pages need. Empty when members can buy.
 */
export const buyingGaps = (facts: {
  readonly admins: number
  readonly units: ReadonlyArray<{
    readonly unitType: SetupFacts["units"][number]["unitType"]
    readonly landValueCents: number
  }>
  readonly bankAccounts: ReadonlyArray<CurrencyType>
  readonly rates: ReadonlyArray<RatePair>
}): ReadonlyArray<string> => {
  const gaps: Array<string> = []
  if (facts.admins === 0) gaps.push("no admin")
  if (facts.units.length === 0) gaps.push("no unit type has a price")
  const noLand = facts.units.filter((u) => u.landValueCents === 0).map((u) => u.unitType)
  if (noLand.length > 0) gaps.push(`no land value for ${noLand.join(", ")}`)
  const onSale = [...new Set(facts.units.map((u) => CurrencyOfUnitType[u.unitType]))]
  const noBank = onSale.filter((c) => !facts.bankAccounts.includes(c))
  if (noBank.length > 0) gaps.push(`no bank account in ${noBank.join(", ")}`)
  const missing = missingRatePairs(onSale, facts.rates)
  if (missing.length > 0) gaps.push(`no exchange rate ${missing.map(pairName).join(", ")}`)
  return gaps
}

const ok = (about: string, message: string): Finding => ({ about, state: "ok", message })
const blocks = (about: string, message: string): Finding => ({ about, state: "blocks", message })
const advice = (about: string, message: string): Finding => ({ about, state: "advice", message })

const environmentFindings = (env: EnvironmentFacts): ReadonlyArray<Finding> => {
  const out: Array<Finding> = []
  if (env.appUrl.value === undefined)
    out.push(
      env.production
        ? blocks("APP_URL", "not set: the app does not start without it. Set APP_URL=https://your.site")
        : advice("APP_URL", "not set: development uses http://localhost:PORT in emails"),
    )
  else if (env.appUrl.problem !== undefined) out.push(blocks("APP_URL", env.appUrl.problem))
  else out.push(ok("APP_URL", env.appUrl.value))

  const mail = env.mail
  if (mail.transport === "unusable") out.push(blocks("mail", mail.problem))
  else if (mail.transport === "smtp")
    out.push(
      mail.problem === undefined
        ? ok("mail", `the SMTP server ${mail.server} answers`)
        : blocks("mail", `the SMTP server ${mail.server} does not answer: ${mail.problem}. Check SMTP_URL`),
    )
  else if (env.production)
    out.push(
      advice(
        "mail",
        `written as files under ${mail.directory} (MAIL_TRANSPORT=file): nobody receives them unless someone delivers them; set SMTP_URL to send them`,
      ),
    )
  else out.push(ok("mail", `written as files under ${mail.directory} (development)`))

  if (env.dataDir !== undefined)
    out.push(
      env.dataDir.open.length === 0
        ? ok("DATA_DIR", `${env.dataDir.path}: private (folders 0700, files 0600)`)
        : blocks(
            "DATA_DIR",
            `${env.dataDir.path}: other local users can read or write ${env.dataDir.open.join(", ")}: chmod -R go-rwx ${env.dataDir.path} (the app does it at its start)`,
          ),
    )

  if (env.unreadableSealedRows.length === 0)
    out.push(ok("DOCUMENT_KEY", "every sealed document reads with it"))
  else
    out.push(
      blocks(
        "DOCUMENT_KEY",
        `${env.unreadableSealedRows.map((r) => `${r.rows} sealed rows under key ${r.keyId}`).join(", ")}, which neither DOCUMENT_KEY nor DOCUMENT_KEY_PREVIOUS holds: KYC documents, data exports or authenticator secrets cannot be read. Set the key they were sealed under (DOCUMENT_KEY_PREVIOUS during a rotation)`,
      ),
    )

  if (env.production) {
    const cards = (["stripe", "square"] as const).map((p) => `${p} ${env.cardPayments[p]}`)
    const anyLive = env.cardPayments.stripe === "live" || env.cardPayments.square === "live"
    out.push(
      anyLive
        ? ok("card payments", cards.join(", "))
        : advice(
            "card payments",
            `${cards.join(", ")}: members pay by bank transfer or crypto only (docs/operations.md, "Payments")`,
          ),
    )
  }
  return out
}

const adminFindings = (env: EnvironmentFacts, facts: SetupFacts): ReadonlyArray<Finding> => {
  if (facts.admins.length === 0)
    return [
      blocks(
        "admins",
        "none: register an account on the site, confirm its email, then landunits --yes users make-admin <email>",
      ),
    ]
  const out: Array<Finding> = []
  const without = facts.admins.filter((a) => !a.secondFactor).map((a) => a.email)
  if (without.length === 0) out.push(ok("admins", `${facts.admins.length}, each with a second factor`))
  else {
    const message = `without a second factor: ${without.join(", ")}: each signs in on the site and sets up an authenticator app in Settings → Security; the CLI's money commands ask for its code (--otp)`
    out.push(env.production ? blocks("admins", message) : advice("admins", message))
  }
  if (facts.admins.length === 1)
    out.push(
      advice(
        "four eyes",
        "one admin: every money or power change applies at once. A second admin (users make-admin) approves them",
      ),
    )
  return out
}

const pricingFindings = (env: EnvironmentFacts, facts: SetupFacts): ReadonlyArray<Finding> => {
  const out: Array<Finding> = []
  if (facts.units.length === 0)
    out.push(
      blocks(
        "prices",
        "no unit type has a price: members cannot buy. landunits --otp <code> pricing set-price LAND_EUR --base-price 10 --growth 5",
      ),
    )
  for (const u of facts.units) {
    const currency = CurrencyOfUnitType[u.unitType]
    const lacks: Array<string> = []
    if (u.landValueCents === 0)
      lacks.push(
        `no land value (landunits --otp <code> pricing set-land ${u.unitType} --land-value-cents <cents>)`,
      )
    if (!facts.bankAccounts.includes(currency))
      lacks.push(
        `no bank account in ${currency}: bank transfers are refused (landunits --otp <code> pricing set-bank-account ${currency} …)`,
      )
    out.push(
      lacks.length === 0
        ? ok(
            u.unitType,
            `price ${u.pricePerUnit / 1000}, buy fee ${u.buyFeeCents} cents, sell fee ${u.sellFeeUnits} Units, land value and ${currency} bank account set`,
          )
        : blocks(u.unitType, lacks.join("; ")),
    )
  }
  const onSale = [...new Set(facts.units.map((u) => CurrencyOfUnitType[u.unitType]))]
  const missing = missingRatePairs(onSale, facts.rates)
  out.push(
    missing.length === 0
      ? ok(
          "exchange rates",
          `every pair the pages and converts need (${requiredRatePairs(onSale).map(pairName).join(", ")})`,
        )
      : blocks(
          "exchange rates",
          `missing ${missing.map(pairName).join(", ")}: the statistics page answers 503 without each currency's rate to GBP and GBP's to USD and EUR, and a convert is refused without its pair. ${missing.map(setRateCommand).join("; ")}`,
        ),
  )

  const coins = env.cryptoAddresses
  if (coins.length === 0) {
    const priced = [...new Set(facts.currentCoinPrices.map((p) => p.coin))]
    out.push(
      priced.length === 0
        ? ok("crypto", "off (no CRYPTO_BTC_ADDRESS or CRYPTO_ETH_ADDRESS)")
        : advice(
            "crypto",
            `${priced.join(", ")} has a price but no receiving address: crypto payments stay off (CRYPTO_BTC_ADDRESS, CRYPTO_ETH_ADDRESS)`,
          ),
    )
  } else
    for (const coin of CryptoCoins.filter((c) => coins.includes(c))) {
      const unpriced = onSale.filter(
        (currency) => !facts.currentCoinPrices.some((p) => p.coin === coin && p.currency === currency),
      )
      out.push(
        unpriced.length === 0
          ? ok(
              coin,
              `receiving address set, a current price in ${onSale.join(", ") || "every currency on sale"}`,
            )
          : blocks(
              coin,
              `no price of the last 24 hours in ${unpriced.join(", ")}: crypto payments there are refused. ${unpriced.map((c) => `landunits --otp <code> pricing set-coin-price ${coin} ${c} <price>`).join("; ")}`,
            ),
      )
    }
  return out
}

const ledgerFindings = (facts: SetupFacts): ReadonlyArray<Finding> => {
  const { signingKeyId, earlierKeyIds, lastCheckpoint } = facts.ledger
  if (lastCheckpoint === undefined)
    return [ok("LEDGER_SIGNING_KEY", `key ${signingKeyId}; no checkpoint signed yet`)]
  if (lastCheckpoint.keyId === signingKeyId)
    return [
      ok(
        "LEDGER_SIGNING_KEY",
        `key ${signingKeyId}, which signed the last checkpoint (#${lastCheckpoint.number})`,
      ),
    ]
  if (earlierKeyIds.includes(lastCheckpoint.keyId))
    return [
      ok(
        "LEDGER_SIGNING_KEY",
        `key ${signingKeyId}; the last checkpoint (#${lastCheckpoint.number}) is under the earlier, published key ${lastCheckpoint.keyId} (a rotation): the app signs the next under the new key`,
      ),
    ]
  return [
    blocks(
      "LEDGER_SIGNING_KEY",
      `key ${signingKeyId}, but the last checkpoint (#${lastCheckpoint.number}) was signed by ${lastCheckpoint.keyId}, which is neither it nor in LEDGER_EARLIER_PUBLIC_KEYS: the next checkpoint would be signed by a key members do not know. Set the installation's own key (or publish the rotation: docs/security.md, "Rotating keys")`,
    ),
  ]
}

/** Every finding, in the order a first start sets things up, and whether any blocks members. */
export const diagnose = (env: EnvironmentFacts, facts: SetupFacts): DoctorReport => {
  const findings = [
    ...environmentFindings(env),
    ...ledgerFindings(facts),
    ...adminFindings(env, facts),
    ...pricingFindings(env, facts),
  ]
  return { findings, blocksMembers: findings.some((f) => f.state === "blocks") }
}
