/**
 * The admins' pricing use cases (issue 37): a unit type's price, fees and land value, an external fee, an
 * exchange rate, a coin price and the account members pay into. Each is a money-or-power operation
 * (core/src/access/AdminOperations.ts): `prepare` checks the parameters as typed and fixes them (a day left out is
 * today, so an approval tomorrow sets the same thing), `apply` re-checks and writes through the ports, audited with
 * before and after. Nothing here is written but by `apply`, which the runner calls only when the gate allows it or
 * a second admin approved (AdminOperationRunner.ts), so members keep seeing the old value until then.
 */
import { Clock, Effect, Option, Result, Schema } from "effect"
import {
  type ActingAdmin,
  AdminOperationRefused,
  type ApprovalFacts,
  type OperationHandler,
  type OperationParams,
} from "../access/AdminOperationRunner.ts"
import { AuditLog } from "../audit/ports/AuditLog.ts"
import { formatMoney } from "../format/Format.ts"
import { ibanProblem } from "../kyc/Iban.ts"
import { BIC_PATTERN, ibanProblemMessage } from "../kyc/KycValidation.ts"
import {
  DEFAULT_BUY_FEE_CENTS,
  DEFAULT_CONVERT_FEE_UNITS,
  DEFAULT_SELL_FEE_UNITS,
} from "../shared/Constants.ts"
import { countryName } from "../shared/Countries.ts"
import {
  CryptoCoins,
  CurrencyType,
  CurrencyTypes,
  PayingMethod,
  PayingMethods,
  UnitType,
  UnitTypes,
} from "../shared/Enums.ts"
import { normalizeBic, normalizeIban } from "../validation/Normalizers.ts"
import { parseBasePrice, parseCoinPriceInput, parseExchangeRate, parsePercent } from "./PricingInput.ts"
import type { AdminBankDetails, PriceSchedule } from "./PricingModel.ts"
import { COIN_PRICE_MAX_AGE_MS, CoinPrices, isCurrentCoinPrice } from "./ports/CoinPrices.ts"
import { PriceBook } from "./ports/PriceBook.ts"
import { PricingSettings, type UnitSettings } from "./ports/PricingSettings.ts"

const refuse = (message: string) => Effect.fail(new AdminOperationRefused({ message }))

const parsed = <A>(result: Result.Result<A, string>) =>
  Result.isSuccess(result) ? Effect.succeed(result.success) : refuse(result.failure)

const param = (params: OperationParams, name: string) => {
  const value = params[name]
  return value === undefined ? refuse(`${name} is required`) : Effect.succeed(value)
}

const oneOf = <A>(
  schema: Schema.Codec<A, string>,
  what: string,
  value: string,
  accepted: ReadonlyArray<string>,
) =>
  Schema.decodeUnknownEffect(schema)(value).pipe(
    Effect.mapError(
      () =>
        new AdminOperationRefused({
          message: `${what} ${value} is not valid: one of ${accepted.join(", ")}`,
        }),
    ),
  )

const wholeNumber = (option: string, value: string, minimum = 0) =>
  /^\d+$/.test(value.trim()) && Number(value) >= minimum && Number.isSafeInteger(Number(value))
    ? Effect.succeed(Number(value))
    : refuse(`${option} must be a whole number ≥ ${minimum} (got ${JSON.stringify(value)})`)

const isoDay = (option: string, value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
    ? Effect.succeed(value)
    : refuse(`${option} must be a day, yyyy-mm-dd (got ${value})`)

/** Today (UTC) by Effect's Clock. */
const today = Effect.map(Clock.currentTimeMillis, (now) => new Date(now).toISOString().slice(0, 10))

const dayOr = (option: string, value: string | undefined) =>
  value === undefined || value === "" ? today : isoDay(option, value)

const audit = (
  acting: ActingAdmin,
  action: string,
  subject: string,
  details: Record<string, string>,
  facts: ApprovalFacts,
) =>
  Effect.gen(function* () {
    yield* (yield* AuditLog).append({
      actor: acting.admin.adminId,
      action,
      subject,
      details: { ...details, ...facts, via: acting.via, osUser: acting.osUser },
      at: yield* Clock.currentTimeMillis,
    })
  })

/** Only the parameters given, as text. */
const given = (params: Record<string, string | undefined>): OperationParams =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as OperationParams

const unitTypeOf = (params: OperationParams) =>
  Effect.flatMap(param(params, "unitType"), (name) => oneOf(UnitType, "unit type", name, UnitTypes))

/** A unit type's settings, if it has any yet. */
const settingsOf = (unitType: UnitType) =>
  Effect.map(
    Effect.flatMap(PricingSettings, (s) => s.units),
    (units) => Option.fromNullishOr(units.find((u) => u.schedule.unitType === unitType)),
  )

const configured = (unitType: UnitType) =>
  Effect.flatMap(settingsOf(unitType), (settings) =>
    Option.match(settings, {
      onNone: () =>
        refuse(`${unitType} has no price yet: set it first with landunits pricing set-price ${unitType}`),
      onSome: (s) => Effect.succeed(s as UnitSettings),
    }),
  )

/**
 * A unit type's first settings, before its price is set: the product owner's default fees, and no land value,
 * so none of its Units can be bought until `pricing set-land` gives it one.
 */
export const newUnitSettings = (unitType: UnitType): Omit<UnitSettings, "schedule"> => ({
  buyOrderTransactionFeeInCents: DEFAULT_BUY_FEE_CENTS[unitType],
  sellOrderTransactionFeeInUnits: DEFAULT_SELL_FEE_UNITS,
  convertOrderTransactionFeeInUnits: DEFAULT_CONVERT_FEE_UNITS,
  landLimits: { totalProjectLandValueInCents: 0, maxDoubleLandUnitsBoughtValueInCents: 0 },
})

// ---- set-price ----------------------------------------------------------------------------------------------

const scheduleOf = (params: OperationParams) =>
  Effect.gen(function* () {
    const schedule: PriceSchedule = {
      unitType: yield* unitTypeOf(params),
      basePrice: yield* parsed(parseBasePrice(yield* param(params, "basePrice"))),
      growthPerYearPercent: yield* parsed(
        parsePercent(yield* param(params, "growth"), "The growth per year"),
      ),
      baseDate: yield* dayOr("--base-date", params.baseDate),
    }
    return schedule
  })

export const setPrice: OperationHandler<PriceSchedule & { readonly first: boolean }> = {
  prepare: (params) =>
    Effect.map(scheduleOf(params), (s) => ({
      // The base day is fixed now (today, when not given), so an approval tomorrow sets the same schedule.
      params: {
        unitType: s.unitType,
        basePrice: params.basePrice ?? "",
        growth: params.growth ?? "",
        baseDate: s.baseDate,
      },
      summary: `Set ${s.unitType}'s price: base ${s.basePrice} thousandths on ${s.baseDate}, growing ${s.growthPerYearPercent}% a year`,
    })),
  apply: (acting, params, facts) =>
    Effect.gen(function* () {
      const schedule = yield* scheduleOf(params)
      const before = yield* settingsOf(schedule.unitType)
      const current = Option.getOrElse(before, () => newUnitSettings(schedule.unitType))
      yield* (yield* PricingSettings).setUnit({ ...current, schedule })
      yield* audit(
        acting,
        "pricing.setPrice",
        `unitType:${schedule.unitType}`,
        {
          before: JSON.stringify(Option.getOrNull(Option.map(before, (s) => s.schedule))),
          after: JSON.stringify(schedule),
        },
        facts,
      )
      return { ...schedule, first: Option.isNone(before) }
    }),
  outcome: (s) =>
    `${s.unitType}: base ${s.basePrice} thousandths on ${s.baseDate}, growing ${s.growthPerYearPercent}% a year` +
    (s.first
      ? `. Its first price: default fees (see pricing show), and no land value: set one with pricing set-land ${s.unitType} before its Units can be bought.`
      : ""),
}

// ---- set-fees -----------------------------------------------------------------------------------------------

const feesLine = (s: UnitSettings) =>
  `buy ${s.buyOrderTransactionFeeInCents} cents, sell ${s.sellOrderTransactionFeeInUnits} Units, convert ${s.convertOrderTransactionFeeInUnits} Units`

const nextFees = (params: OperationParams) =>
  Effect.gen(function* () {
    if (
      params.buyCents === undefined &&
      params.sellUnits === undefined &&
      params.convertUnits === undefined
    ) {
      return yield* refuse("Give at least one of --buy-cents, --sell-units, --convert-units")
    }
    const current = yield* configured(yield* unitTypeOf(params))
    const next: UnitSettings = {
      ...current,
      buyOrderTransactionFeeInCents:
        params.buyCents === undefined
          ? current.buyOrderTransactionFeeInCents
          : yield* wholeNumber("--buy-cents", params.buyCents),
      sellOrderTransactionFeeInUnits:
        params.sellUnits === undefined
          ? current.sellOrderTransactionFeeInUnits
          : yield* wholeNumber("--sell-units", params.sellUnits),
      convertOrderTransactionFeeInUnits:
        params.convertUnits === undefined
          ? current.convertOrderTransactionFeeInUnits
          : yield* wholeNumber("--convert-units", params.convertUnits),
    }
    return { current, next }
  })

export const setFees: OperationHandler<{ readonly unitType: UnitType; readonly fees: string }> = {
  prepare: (params) =>
    Effect.map(nextFees(params), ({ current, next }) => ({
      params: given({
        unitType: current.schedule.unitType,
        buyCents: params.buyCents,
        sellUnits: params.sellUnits,
        convertUnits: params.convertUnits,
      }),
      summary: `Set ${current.schedule.unitType}'s fees: ${feesLine(next)} (now ${feesLine(current)})`,
    })),
  apply: (acting, params, facts) =>
    Effect.gen(function* () {
      const { current, next } = yield* nextFees(params)
      yield* (yield* PricingSettings).setUnit(next)
      yield* audit(
        acting,
        "pricing.setFees",
        `unitType:${current.schedule.unitType}`,
        { before: feesLine(current), after: feesLine(next) },
        facts,
      )
      return { unitType: current.schedule.unitType, fees: feesLine(next) }
    }),
  outcome: (r) => `${r.unitType}: ${r.fees}`,
}

// ---- set-external-fee ---------------------------------------------------------------------------------------

const externalFeeOf = (params: OperationParams) =>
  Effect.gen(function* () {
    const method = yield* oneOf(PayingMethod, "payment method", yield* param(params, "method"), PayingMethods)
    const fee = {
      fixedCentsFees: yield* wholeNumber("--fixed-cents", yield* param(params, "fixedCents")),
      fixedPercentageFees: yield* parsed(parsePercent(yield* param(params, "percent"), "The percentage")),
    }
    return { method, fee }
  })

export const setExternalFee: OperationHandler<{
  readonly method: PayingMethod
  readonly fixedCentsFees: number
  readonly fixedPercentageFees: number
}> = {
  prepare: (params) =>
    Effect.map(externalFeeOf(params), ({ method, fee }) => ({
      params: { method, fixedCents: String(fee.fixedCentsFees), percent: params.percent ?? "" },
      summary: `Set ${method}'s external fee: ${fee.fixedCentsFees} cents + ${fee.fixedPercentageFees}%`,
    })),
  apply: (acting, params, facts) =>
    Effect.gen(function* () {
      const { method, fee } = yield* externalFeeOf(params)
      const before = (yield* (yield* PriceBook).externalFees)[method]
      yield* (yield* PricingSettings).setExternalFees({ [method]: fee } as never)
      yield* audit(
        acting,
        "pricing.setExternalFee",
        `paymentMethod:${method}`,
        { before: JSON.stringify(before ?? null), after: JSON.stringify(fee) },
        facts,
      )
      return { method, ...fee }
    }),
  outcome: (f) => `${f.method}: ${f.fixedCentsFees} cents + ${f.fixedPercentageFees}%`,
}

// ---- set-rate -----------------------------------------------------------------------------------------------

const rateOf = (params: OperationParams) =>
  Effect.gen(function* () {
    const from = yield* oneOf(CurrencyType, "currency", yield* param(params, "from"), CurrencyTypes)
    const to = yield* oneOf(CurrencyType, "currency", yield* param(params, "to"), CurrencyTypes)
    if (from === to) return yield* refuse("A currency's rate to itself is always 1")
    return {
      from,
      to,
      rate: yield* parsed(parseExchangeRate(yield* param(params, "rate"))),
      day: yield* dayOr("--day", params.day),
    }
  })

const rateLine = (r: { from: string; to: string; day: string; rate: number }) =>
  `${r.from} → ${r.to} on ${r.day}: ${(r.rate / 1_000_000).toFixed(6)}`

export const setRate: OperationHandler<{
  readonly from: CurrencyType
  readonly to: CurrencyType
  readonly rate: number
  readonly day: string
}> = {
  prepare: (params) =>
    Effect.map(rateOf(params), (r) => ({
      params: { from: r.from, to: r.to, rate: params.rate ?? "", day: r.day },
      summary: `Set the exchange rate ${rateLine(r)}`,
    })),
  apply: (acting, params, facts) =>
    Effect.gen(function* () {
      const set = yield* rateOf(params)
      yield* (yield* PricingSettings).setRate(set)
      yield* audit(
        acting,
        "pricing.setRate",
        `rate:${set.from}->${set.to}`,
        { rate: String(set.rate), day: set.day },
        facts,
      )
      return set
    }),
  outcome: rateLine,
}

// ---- set-coin-price -----------------------------------------------------------------------------------------

const coinPriceOf = (params: OperationParams) =>
  Effect.gen(function* () {
    return yield* parsed(
      parseCoinPriceInput(
        yield* param(params, "coin"),
        yield* param(params, "currency"),
        yield* param(params, "price"),
      ),
    )
  })

export const setCoinPrice: OperationHandler<{
  readonly coin: string
  readonly currency: CurrencyType
  readonly centsPerCoin: number
  readonly asOf: number
  readonly currentUntil: number
}> = {
  prepare: (params) =>
    Effect.map(coinPriceOf(params), (input) => ({
      params: { coin: input.coin, currency: input.currency, price: params.price ?? "" },
      summary: `Set the price of one ${input.coin} to ${formatMoney(input.centsPerCoin, input.currency)} (as of the approval)`,
    })),
  // A coin price is as of when it is set: an approved one is as of the approval.
  apply: (acting, params, facts) =>
    Effect.gen(function* () {
      const input = yield* coinPriceOf(params)
      const prices = yield* CoinPrices
      const before = yield* prices.latest(input.coin, input.currency)
      const set = { ...input, asOf: yield* Clock.currentTimeMillis }
      yield* prices.set(set)
      yield* audit(
        acting,
        "pricing.setCoinPrice",
        `coinPrice:${set.coin}/${set.currency}`,
        { before: JSON.stringify(Option.getOrNull(before)), after: JSON.stringify(set) },
        facts,
      )
      return { ...set, currentUntil: set.asOf + COIN_PRICE_MAX_AGE_MS }
    }),
  outcome: (r) =>
    `${r.coin} in ${r.currency}: ${formatMoney(r.centsPerCoin, r.currency)} per coin (${r.centsPerCoin} cents), ` +
    `as of ${new Date(r.asOf).toISOString()}, current until ${new Date(r.currentUntil).toISOString()}`,
}

// ---- set-land -----------------------------------------------------------------------------------------------

const nextLand = (params: OperationParams) =>
  Effect.gen(function* () {
    const { landValueCents, lu2xCapCents, maxPendingCents } = params
    if (landValueCents === undefined && lu2xCapCents === undefined && maxPendingCents === undefined) {
      return yield* refuse("Give at least one of --land-value-cents, --lu2x-cap-cents, --max-pending-cents")
    }
    const current = yield* configured(yield* unitTypeOf(params))
    const { maxPendingPurchaseCents: pending, ...rest } = current.landLimits
    const nextPending =
      maxPendingCents === undefined
        ? pending
        : maxPendingCents === "none"
          ? undefined
          : yield* wholeNumber("--max-pending-cents", maxPendingCents)
    const landLimits = {
      ...rest,
      totalProjectLandValueInCents:
        landValueCents === undefined
          ? rest.totalProjectLandValueInCents
          : yield* wholeNumber("--land-value-cents", landValueCents),
      maxDoubleLandUnitsBoughtValueInCents:
        lu2xCapCents === undefined
          ? rest.maxDoubleLandUnitsBoughtValueInCents
          : yield* wholeNumber("--lu2x-cap-cents", lu2xCapCents),
      ...(nextPending === undefined ? {} : { maxPendingPurchaseCents: nextPending }),
    }
    return { current, landLimits }
  })

const landLine = (l: {
  unitType: string
  totalProjectLandValueInCents: number
  maxDoubleLandUnitsBoughtValueInCents: number
  maxPendingPurchaseCents?: number
}) =>
  `${l.unitType}: land value ${l.totalProjectLandValueInCents} cents, LU2X cap ${l.maxDoubleLandUnitsBoughtValueInCents} cents, pending limit ${l.maxPendingPurchaseCents ?? "none"}`

export const setLand: OperationHandler<{
  readonly unitType: UnitType
  readonly totalProjectLandValueInCents: number
  readonly maxDoubleLandUnitsBoughtValueInCents: number
  readonly maxPendingPurchaseCents?: number
}> = {
  prepare: (params) =>
    Effect.map(nextLand(params), ({ current, landLimits }) => ({
      params: given({
        unitType: current.schedule.unitType,
        landValueCents: params.landValueCents,
        lu2xCapCents: params.lu2xCapCents,
        maxPendingCents: params.maxPendingCents,
      }),
      summary: `Set ${landLine({ unitType: current.schedule.unitType, ...landLimits })}`,
    })),
  apply: (acting, params, facts) =>
    Effect.gen(function* () {
      const { current, landLimits } = yield* nextLand(params)
      yield* (yield* PricingSettings).setUnit({ ...current, landLimits })
      yield* audit(
        acting,
        "pricing.setLand",
        `unitType:${current.schedule.unitType}`,
        { before: JSON.stringify(current.landLimits), after: JSON.stringify(landLimits) },
        facts,
      )
      return { unitType: current.schedule.unitType, ...landLimits }
    }),
  outcome: landLine,
}

// ---- set-bank-account ---------------------------------------------------------------------------------------

const MAX_TEXT = 255

/** A detail as typed, trimmed; refused when longer than 255 characters or, unless `mayBeEmpty`, empty. */
const detail = (params: OperationParams, name: string, option: string, mayBeEmpty = false) =>
  Effect.gen(function* () {
    const text = (params[name] ?? "").trim()
    if (text === "" && !mayBeEmpty) return yield* refuse(`${option} is required`)
    if (text.length > MAX_TEXT) return yield* refuse(`${option} must be at most ${MAX_TEXT} characters`)
    return text
  })

const bankAccountOf = (params: OperationParams) =>
  Effect.gen(function* () {
    const currency = yield* oneOf(CurrencyType, "currency", yield* param(params, "currency"), CurrencyTypes)
    // The same normalizing as members' bank details (core's Normalizers): spaces out, capitals.
    const iban = normalizeIban(yield* detail(params, "iban", "--iban", true))
    // The same check as members' IBANs: format, the country's length, the check digits (kyc/Iban.ts).
    const ibanWrong = iban === "" ? undefined : ibanProblem(iban)
    if (ibanWrong !== undefined) {
      return yield* refuse(`--iban ${params.iban} is not an IBAN: ${ibanProblemMessage(ibanWrong)}`)
    }
    const swiftBic = normalizeBic(yield* detail(params, "swiftBic", "--swift-bic", true))
    if (swiftBic !== "" && !BIC_PATTERN.test(swiftBic)) {
      return yield* refuse(`--swift-bic ${params.swiftBic} is not a SWIFT/BIC code`)
    }
    const bankCountry = countryName(yield* detail(params, "bankCountry", "--bank-country"))
    if (bankCountry === undefined) {
      return yield* refuse(`--bank-country ${params.bankCountry} is not a country of the ISO 3166 list`)
    }
    const details: AdminBankDetails = {
      bankAccountName: yield* detail(params, "accountName", "--account-name"),
      bankAccountNumber: yield* detail(params, "accountNumber", "--account-number"),
      iban,
      swiftBic,
      bankName: yield* detail(params, "bankName", "--bank-name"),
      bankAddress: yield* detail(params, "bankAddress", "--bank-address"),
      bankCountry,
    }
    return { currency, details }
  })

export const setBankAccount: OperationHandler<{ readonly currency: CurrencyType } & AdminBankDetails> = {
  prepare: (params) =>
    Effect.gen(function* () {
      const { currency, details } = yield* bankAccountOf(params)
      const before = (yield* (yield* PricingSettings).bankAccounts)[currency]
      return {
        params: {
          currency,
          accountName: details.bankAccountName,
          accountNumber: details.bankAccountNumber,
          iban: details.iban,
          swiftBic: details.swiftBic,
          bankName: details.bankName,
          bankAddress: details.bankAddress,
          bankCountry: details.bankCountry,
        },
        summary: `Members paying in ${currency} send money to ${details.bankName} ${details.bankAccountNumber} (${details.bankAccountName})${
          before === undefined ? "" : ` instead of ${before.bankName} ${before.bankAccountNumber}`
        }`,
        // Replacing an account changes where members send money: the admin says so first.
        ...(before === undefined
          ? {}
          : {
              confirm:
                `Members paying in ${currency} will send money to ${details.bankName} ${details.bankAccountNumber} ` +
                `instead of ${before.bankName} ${before.bankAccountNumber}`,
            }),
      }
    }),
  apply: (acting, params, facts) =>
    Effect.gen(function* () {
      const { currency, details } = yield* bankAccountOf(params)
      const settings = yield* PricingSettings
      const before = (yield* settings.bankAccounts)[currency]
      yield* settings.setBankAccount(currency, details)
      yield* audit(
        acting,
        "pricing.setBankAccount",
        `bankAccount:${currency}`,
        { before: JSON.stringify(before ?? null), after: JSON.stringify(details) },
        facts,
      )
      return { currency, ...details }
    }),
  outcome: (a) =>
    `${a.currency}: members pay into ${a.bankAccountName}, ${a.bankAccountNumber}` +
    `${a.iban === "" ? "" : `, IBAN ${a.iban}`} at ${a.bankName} (${a.bankCountry})`,
}

/** The pricing operations' use cases, by operation name. */
export const PricingAdminOperations = {
  "pricing.setPrice": setPrice,
  "pricing.setFees": setFees,
  "pricing.setExternalFee": setExternalFee,
  "pricing.setRate": setRate,
  "pricing.setCoinPrice": setCoinPrice,
  "pricing.setLand": setLand,
  "pricing.setBankAccount": setBankAccount,
} as const

// ---- show ---------------------------------------------------------------------------------------------------

/** The latest price of every coin in every currency that has one, and whether crypto payments may use it now. */
const coinPricesNow = Effect.gen(function* () {
  const prices = yield* CoinPrices
  const now = yield* Clock.currentTimeMillis
  const latest = yield* Effect.forEach(CryptoCoins, (coin) =>
    Effect.forEach(CurrencyTypes, (currency) => prices.latest(coin, currency)),
  )
  return latest
    .flat()
    .flatMap((price) =>
      Option.isSome(price) ? [{ ...price.value, current: isCurrentCoinPrice(price.value, now) }] : [],
    )
})

/**
 * What `pricing show` reads: per unit type its settings and today's price; the external fees; the latest exchange
 * rates, coin prices (current or not) and the accounts members pay into.
 */
export const pricingOverview = Effect.gen(function* () {
  const settings = yield* PricingSettings
  const book = yield* PriceBook
  const units = yield* settings.units
  return {
    units: yield* Effect.forEach(units, (u) =>
      Effect.map(book.unitPrice(u.schedule.unitType), (today) => ({
        ...u,
        pricePerUnitToday: today.pricePerUnit,
      })),
    ),
    externalFees: yield* settings.externalFees,
    rates: yield* settings.latestRates,
    coinPrices: yield* coinPricesNow,
    bankAccounts: yield* settings.bankAccounts,
  }
}).pipe(Effect.withSpan("PricingAdmin.overview"))
