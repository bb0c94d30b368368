/**
 * The terms the fee replay prices with, over time (FeeReplay.ts `FeeHistory`), read from the ports: the price
 * schedule history, the exchange rate history, the settings as they are now and the audit log's changes to them
 * (the audit log is hash-chained: `landunits ledger verify` checks that none was edited or dropped).
 */
import { Effect } from "effect"
import { AuditLog } from "../audit/ports/AuditLog.ts"
import { ExchangeRateHistory } from "../pricing/ports/ExchangeRateHistory.ts"
import { PriceBook } from "../pricing/ports/PriceBook.ts"
import { PriceScheduleHistory } from "../pricing/ports/PriceScheduleHistory.ts"
import { PricingSettings } from "../pricing/ports/PricingSettings.ts"
import { DEFAULT_EXTERNAL_FEES, type ExternalFee } from "../shared/Constants.ts"
import type { PaymentMethod, UnitType } from "../shared/Enums.ts"
import { CurrencyTypes, PayingMethods, UnitTypes } from "../shared/EnumValues.ts"
import {
  type DayRate,
  type FeeHistory,
  type SettingChange,
  type SettingHistory,
  sortedHistory,
  type UnitFees,
} from "./FeeHistory.ts"
import type { DiscountTerms } from "./Fees.ts"

/** `pricing.setFees`'s before and after: "buy 100 cents, sell 10 Units, convert 0 Units" (FeesAdmin.ts). */
export const parseFeesLine = (line: string | undefined): UnitFees | undefined => {
  const m = /^buy (\d+) cents, sell (\d+) Units, convert (\d+) Units$/.exec(line ?? "")
  return m === null ? undefined : { buy: Number(m[1]), sell: Number(m[2]), convert: Number(m[3]) }
}

const parseJson = (text: string | undefined): unknown => {
  try {
    return text === undefined ? undefined : JSON.parse(text)
  } catch {
    return undefined
  }
}

const isExternalFee = (v: unknown): v is ExternalFee =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as ExternalFee).fixedCentsFees === "number" &&
  typeof (v as ExternalFee).fixedPercentageFees === "number"

const isTerms = (v: unknown): v is DiscountTerms =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as DiscountTerms).isPercent === "boolean" &&
  typeof (v as DiscountTerms).amount === "number"

const subjectOf = (subject: string, prefix: string) =>
  subject.startsWith(prefix) ? subject.slice(prefix.length) : undefined

const group = <K, A>(entries: ReadonlyArray<readonly [K, SettingChange<A>]>) => {
  const byKey = new Map<K, Array<SettingChange<A>>>()
  for (const [key, change] of entries) byKey.set(key, [...(byKey.get(key) ?? []), change])
  return byKey
}

const history = <K, A>(
  keys: ReadonlyArray<K>,
  changes: Map<K, Array<SettingChange<A>>>,
  current: (key: K) => A | undefined,
) => {
  const result = new Map<K, SettingHistory<A>>()
  for (const key of new Set([...keys, ...changes.keys()])) {
    result.set(key, sortedHistory({ changes: changes.get(key) ?? [], current: current(key) }))
  }
  return result
}

/** Reads every term the replay needs, once, before the orders are paged through. */
export const readFeeHistory = Effect.gen(function* () {
  const audit = yield* AuditLog
  const settings = yield* PricingSettings
  const schedules = yield* PriceScheduleHistory
  const rateHistory = yield* ExchangeRateHistory
  const book = yield* PriceBook

  const units = yield* settings.units
  const unitFeeChanges = group(
    (yield* audit.list({ action: "pricing.setFees" })).flatMap((e) => {
      const unitType = subjectOf(e.subject, "unitType:") as UnitType | undefined
      const after = parseFeesLine(e.details.after)
      return unitType === undefined || after === undefined
        ? []
        : [[unitType, { at: e.at, before: parseFeesLine(e.details.before), after }] as const]
    }),
  )
  const unitFees = history(UnitTypes, unitFeeChanges, (unitType) => {
    const u = units.find((s) => s.schedule.unitType === unitType)
    return u === undefined
      ? undefined
      : {
          buy: u.buyOrderTransactionFeeInCents,
          sell: u.sellOrderTransactionFeeInUnits,
          convert: u.convertOrderTransactionFeeInUnits,
        }
  })

  const externalNow = yield* book.externalFees
  const externalChanges = group(
    (yield* audit.list({ action: "pricing.setExternalFee" })).flatMap((e) => {
      const method = subjectOf(e.subject, "paymentMethod:") as PaymentMethod | undefined
      const after = parseJson(e.details.after)
      if (method === undefined || !isExternalFee(after)) return []
      const before = parseJson(e.details.before)
      // Never set before: the product owner's default was in force (PricingAnswers.ts withDefaultExternalFees).
      const wasBefore = isExternalFee(before)
        ? before
        : before === null
          ? DEFAULT_EXTERNAL_FEES[method as keyof typeof DEFAULT_EXTERNAL_FEES]
          : undefined
      return [[method, { at: e.at, before: wasBefore, after }] as const]
    }),
  )
  const externalFees = history<PaymentMethod, ExternalFee>(
    PayingMethods,
    externalChanges,
    (method) => externalNow[method as keyof typeof externalNow],
  )

  const codesNow = yield* settings.discountCodes
  const codeChanges = group(
    (yield* audit.list({ action: "discountCodes.create" })).flatMap((e) => {
      const code = subjectOf(e.subject, "discountCode:")
      const terms = parseJson(e.details.terms)
      return code === undefined || !isTerms(terms)
        ? []
        : [[code, { at: e.at, before: undefined, after: terms }] as const]
    }),
  )
  const discountCodes = history(
    codesNow.map((c) => c.code),
    codeChanges,
    (code) => codesNow.find((c) => c.code === code),
  )

  const rates = new Map<string, ReadonlyArray<DayRate>>()
  for (const from of CurrencyTypes) {
    for (const to of CurrencyTypes) {
      if (from === to) continue
      const set = yield* rateHistory.ratesUntil(from, to, "9999-12-31")
      rates.set(
        `${from}->${to}`,
        set.map((r) => ({ day: r.day, rate: r.rate })).toSorted((a, b) => a.day.localeCompare(b.day)),
      )
    }
  }
  const rateSets = (yield* audit.list({ action: "pricing.setRate" })).flatMap((e) => {
    const pair = subjectOf(e.subject, "rate:")
    const day = e.details.day
    return pair === undefined || day === undefined ? [] : [{ at: e.at, pair, day }]
  })

  const schedulesByUnit: FeeHistory["schedules"] = new Map(
    yield* Effect.forEach(UnitTypes, (unitType) =>
      Effect.map(schedules.changes(unitType), (changes) => [unitType, changes] as const),
    ),
  )

  const result: FeeHistory = {
    schedules: schedulesByUnit,
    unitFees,
    externalFees,
    rates,
    rateSets,
    discountCodes,
  }
  return result
}).pipe(Effect.withSpan("FeeHistoryRead.read"))
