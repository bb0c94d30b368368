import { describe, expect, it } from "@effect/vitest"
import { BankTransfers } from "@landunits/core/orders/ports/BankTransfers.ts"
import { ExchangeRates } from "@landunits/core/pricing/ports/ExchangeRates.ts"
import { PriceBook } from "@landunits/core/pricing/ports/PriceBook.ts"
import { PricingSettings, type UnitSettings } from "@landunits/core/pricing/ports/PricingSettings.ts"
import { DEFAULT_EXTERNAL_FEES } from "@landunits/core/shared/Constants.ts"
import { CurrencyTypes, UnitTypes } from "@landunits/core/shared/Enums.ts"
import { BANK_DETAILS } from "@landunits/core/test-support/OrderHarness.ts"
import { Effect, Exit, Layer } from "effect"
import { TestClock } from "effect/testing"
import { BankTransfersPg } from "../../src/postgres/BankTransfersPg.ts"
import { ExchangeRatesPg } from "../../src/postgres/ExchangeRatesPg.ts"
import { PriceBookPg } from "../../src/postgres/PriceBookPg.ts"
import { PricingSettingsPg } from "../../src/postgres/PricingSettingsPg.ts"
import { ReferenceDataPg } from "../../src/postgres/ReferenceDataPg.ts"
import { BankTransfersReferenceData } from "../../src/reference/BankTransfersReferenceData.ts"
import { ExchangeRatesReferenceData } from "../../src/reference/ExchangeRatesReferenceData.ts"
import { PriceBookReferenceData } from "../../src/reference/PriceBookReferenceData.ts"
import { ReferenceData } from "../../src/reference/ReferenceData.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

const referenceDataPorts = Layer.mergeAll(
  PriceBookReferenceData,
  ExchangeRatesReferenceData,
  BankTransfersReferenceData,
)

const unit = (unitType: UnitSettings["schedule"]["unitType"], basePrice: number): UnitSettings => ({
  schedule: { unitType, basePrice, baseDate: "2026-01-01", growthPerYearPercent: 10 },
  buyOrderTransactionFeeInCents: 100,
  sellOrderTransactionFeeInUnits: 10,
  convertOrderTransactionFeeInUnits: 1,
  landLimits: {
    totalProjectLandValueInCents: 5_000_000,
    maxDoubleLandUnitsBoughtValueInCents: 100_000,
    maxPendingPurchaseCents: 900_000,
  },
})

/** Every answer a port gives for every input the bundle asks, failures by their tag. */
const answersOf = Effect.gen(function* () {
  const book = yield* PriceBook
  const rates = yield* ExchangeRates
  const bank = yield* BankTransfers
  const settle = <A, E>(effect: Effect.Effect<A, E>) =>
    Effect.map(Effect.exit(effect), (exit) => (Exit.isSuccess(exit) ? exit.value : "failed"))
  return {
    prices: yield* Effect.forEach(UnitTypes, (u) => settle(book.unitPrice(u))),
    land: yield* Effect.forEach(UnitTypes, (u) => settle(book.landLimits(u))),
    fees: yield* settle(book.externalFees),
    rates: yield* Effect.forEach(CurrencyTypes, (from) =>
      Effect.forEach(CurrencyTypes, (to) => settle(rates.rate(from, to))),
    ),
    bank: yield* Effect.forEach(CurrencyTypes, (c) => settle(bank.adminBankDetails(c))),
  }
})

for (const target of databaseTargets().run) {
  describe(`reference data on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    const settings = () => PricingSettingsPg.pipe(Layer.provide(db.layer()))
    const seed = Effect.gen(function* () {
      const s = yield* PricingSettings
      yield* s.setUnit(unit("LAND_EUR", 10_000))
      yield* s.setUnit({
        ...unit("LAND_USD", 11_000),
        landLimits: { totalProjectLandValueInCents: 7, maxDoubleLandUnitsBoughtValueInCents: 0 },
      })
      yield* s.setExternalFees(DEFAULT_EXTERNAL_FEES)
      yield* s.setRate({ from: "USD", to: "EUR", rate: 900_000, day: "2026-12-30" })
      yield* s.setRate({ from: "USD", to: "EUR", rate: 910_000, day: "2026-12-31" })
      yield* s.setRate({ from: "USD", to: "EUR", rate: 999_999, day: "2027-01-02" })
      yield* s.setRate({ from: "EUR", to: "GBP", rate: 850_000, day: "2026-06-01" })
      yield* s.setBankAccount("EUR", BANK_DETAILS)
      yield* s.setBankAccount("GBP", { ...BANK_DETAILS, bankName: "Pound Bank" })
    })

    it.effect(
      "one snapshot answers exactly what the database ports answer: prices of the day, land limits, fees, latest rates on or before the day, bank accounts",
      () =>
        Effect.gen(function* () {
          yield* TestClock.setTime(Date.UTC(2027, 0, 1, 12))
          const [fromDatabase, fromSnapshot] = yield* Effect.gen(function* () {
            yield* seed.pipe(Effect.provide(settings()))
            return [
              yield* answersOf.pipe(
                Effect.provide(
                  Layer.mergeAll(PriceBookPg, ExchangeRatesPg, BankTransfersPg).pipe(
                    Layer.provide(db.layer()),
                  ),
                ),
              ),
              yield* answersOf.pipe(
                Effect.provide(
                  referenceDataPorts.pipe(Layer.provide(ReferenceDataPg), Layer.provide(db.layer())),
                ),
              ),
            ] as const
          })
          expect(fromSnapshot).toEqual(fromDatabase)
          // The comparison is not vacuous: both found prices, rates and accounts, and both refused the missing ones.
          expect(fromSnapshot.prices.filter((p) => p !== "failed")).toHaveLength(2)
          expect(
            fromSnapshot.rates.flat().find((r) => r !== "failed" && r.from === "USD" && r.to === "EUR"),
          ).toEqual({
            from: "USD",
            to: "EUR",
            rate: 910_000,
            day: "2026-12-31",
          })
          expect(fromSnapshot.bank.filter((b) => b === "failed")).toHaveLength(2)
        }),
    )

    it.effect("a cached snapshot answers for 5 seconds; after that an admin's price change is seen", () =>
      Effect.gen(function* () {
        yield* TestClock.setTime(Date.UTC(2027, 0, 1, 12))
        const cached = Layer.mergeAll(
          referenceDataPorts.pipe(Layer.provide(ReferenceData.cached().pipe(Layer.provide(ReferenceDataPg)))),
          PricingSettingsPg,
        ).pipe(Layer.provide(db.layer()))
        const prices = yield* Effect.gen(function* () {
          yield* seed
          const book = yield* PriceBook
          const price = Effect.map(book.unitPrice("LAND_EUR"), (p) => p.pricePerUnit)
          const before = yield* price
          yield* (yield* PricingSettings).setUnit(unit("LAND_EUR", 20_000))
          yield* TestClock.adjust(4_999)
          const withinTtl = yield* price
          yield* TestClock.adjust(1)
          const afterTtl = yield* price
          return { before, withinTtl, afterTtl }
        }).pipe(Effect.provide(cached))
        // One year after the base date at 10% a year: 10,000 → 11,000; 20,000 → 22,000.
        expect(prices).toEqual({ before: 11_000, withinTtl: 11_000, afterTtl: 22_000 })
      }),
    )

    it.effect(
      "past midnight (UTC) the next day's snapshot is read at once, so yesterday's exchange rates are never served",
      () =>
        Effect.gen(function* () {
          yield* TestClock.setTime(Date.UTC(2027, 0, 1, 23, 59, 59))
          const cached = Layer.mergeAll(
            referenceDataPorts.pipe(
              Layer.provide(ReferenceData.cached().pipe(Layer.provide(ReferenceDataPg))),
            ),
            PricingSettingsPg,
          ).pipe(Layer.provide(db.layer()))
          const rates = yield* Effect.gen(function* () {
            yield* seed
            const rates = yield* ExchangeRates
            const today = yield* rates.rate("USD", "EUR")
            yield* TestClock.adjust(2_000)
            const tomorrow = yield* rates.rate("USD", "EUR")
            return { today: today.rate, tomorrow: tomorrow.rate }
          }).pipe(Effect.provide(cached))
          expect(rates).toEqual({ today: 910_000, tomorrow: 999_999 })
        }),
    )
  })
}

describe("ReferenceData.cached", () => {
  const snapshot = { day: "2027-01-01", units: [], externalFees: {}, rates: [], bankAccounts: {} }
  const counting = (fail: (call: number) => boolean) => {
    let calls = 0
    const source = Layer.succeed(ReferenceData)({
      on: () =>
        Effect.suspend(() => {
          calls += 1
          return fail(calls) ? Effect.die(new Error("database down")) : Effect.succeed(snapshot)
        }),
    })
    return { calls: () => calls, layer: ReferenceData.cached().pipe(Layer.provide(source)) }
  }

  it("concurrent readers of an empty cache share one read", async () => {
    const source = counting(() => false)
    await Effect.runPromise(
      Effect.gen(function* () {
        const reference = yield* ReferenceData
        yield* Effect.forEach(Array.from({ length: 20 }), () => reference.on("2027-01-01"), {
          concurrency: "unbounded",
        })
      }).pipe(Effect.provide(source.layer)),
    )
    expect(source.calls()).toBe(1)
  })

  it("a failed read is not kept: the next reader reads again", async () => {
    const source = counting((call) => call === 1)
    const result = await Effect.runPromise(
      Effect.gen(function* () {
        const reference = yield* ReferenceData
        const first = yield* Effect.exit(reference.on("2027-01-01"))
        const second = yield* reference.on("2027-01-01")
        return { failed: Exit.isFailure(first), second }
      }).pipe(Effect.provide(source.layer)),
    )
    expect(result).toEqual({ failed: true, second: snapshot })
    expect(source.calls()).toBe(2)
  })
})
