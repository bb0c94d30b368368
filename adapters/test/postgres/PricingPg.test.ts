import { describe, expect, it } from "@effect/vitest"
import { UnitOwnership } from "@landunits/core/governance/ports/UnitOwnership.ts"
import { ISSUANCE, member } from "@landunits/core/ledger/LedgerModel.ts"
import { LedgerStore } from "@landunits/core/ledger/ports/LedgerStore.ts"
import { BankTransfers } from "@landunits/core/orders/ports/BankTransfers.ts"
import { DiscountCodes } from "@landunits/core/orders/ports/DiscountCodes.ts"
import { ExchangeRates } from "@landunits/core/pricing/ports/ExchangeRates.ts"
import { PriceBook } from "@landunits/core/pricing/ports/PriceBook.ts"
import { PricingSettings } from "@landunits/core/pricing/ports/PricingSettings.ts"
import { DEFAULT_EXTERNAL_FEES } from "@landunits/core/shared/Constants.ts"
import { MemberId, OrderId, TransferId } from "@landunits/core/shared/Ids.ts"
import { BANK_DETAILS } from "@landunits/core/test-support/OrderHarness.ts"
import { Effect, Layer, Option } from "effect"
import { TestClock } from "effect/testing"
import { BankTransfersPg } from "../../src/postgres/BankTransfersPg.ts"
import { DiscountCodesPg } from "../../src/postgres/DiscountCodesPg.ts"
import { ExchangeRatesPg } from "../../src/postgres/ExchangeRatesPg.ts"
import { LedgerStorePg } from "../../src/postgres/LedgerStorePg.ts"
import { PriceBookPg } from "../../src/postgres/PriceBookPg.ts"
import { PricingSettingsPg } from "../../src/postgres/PricingSettingsPg.ts"
import { UnitOwnershipPg } from "../../src/postgres/UnitOwnershipPg.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

for (const target of databaseTargets().run) {
  describe(`prices, rates, codes and bank accounts on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    const layer = () =>
      Layer.mergeAll(PriceBookPg, ExchangeRatesPg, DiscountCodesPg, BankTransfersPg, PricingSettingsPg).pipe(
        Layer.provide(db.layer()),
      )
    /** Runs `effect` at noon on 1 January 2027 by the test clock. */
    const atNoon = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      Effect.andThen(TestClock.setTime(Date.UTC(2027, 0, 1, 12)), effect)

    // First: the suite's database is still a new installation here.
    it.effect("a new installation has nothing configured; an external fee not set is its default", () =>
      Effect.gen(function* () {
        const result = yield* Effect.gen(function* () {
          const settings = yield* PricingSettings
          const book = yield* PriceBook
          const before = {
            configured: yield* settings.anyConfigured,
            priced: yield* book.pricedUnitTypes,
            fees: yield* book.externalFees,
            bankAccounts: yield* settings.bankAccounts,
          }
          yield* settings.setExternalFees({
            crypto: { fixedCentsFees: 5, fixedPercentageFees: 0.5 },
          } as never)
          return {
            before,
            configured: yield* settings.anyConfigured,
            fees: yield* book.externalFees,
            set: yield* settings.externalFees,
          }
        }).pipe(Effect.provide(layer()), atNoon)
        expect(result.before).toEqual({
          configured: false,
          priced: [],
          fees: DEFAULT_EXTERNAL_FEES,
          bankAccounts: {},
        })
        expect(result.configured).toBe(true)
        expect(result.fees).toEqual({
          ...DEFAULT_EXTERNAL_FEES,
          crypto: { fixedCentsFees: 5, fixedPercentageFees: 0.5 },
        })
        expect(result.set).toEqual({ crypto: { fixedCentsFees: 5, fixedPercentageFees: 0.5 } })
      }),
    )

    it.effect("prices a unit type today from its schedule, with its fees and land limits", () =>
      Effect.gen(function* () {
        const result = yield* Effect.gen(function* () {
          const settings = yield* PricingSettings
          yield* settings.setUnit({
            schedule: {
              unitType: "LAND_EUR",
              basePrice: 10_000,
              baseDate: "2026-01-01",
              growthPerYearPercent: 10,
            },
            buyOrderTransactionFeeInCents: 100,
            sellOrderTransactionFeeInUnits: 10,
            convertOrderTransactionFeeInUnits: 0,
            landLimits: {
              totalProjectLandValueInCents: 5_000_000,
              maxDoubleLandUnitsBoughtValueInCents: 100_000,
            },
          })
          yield* settings.setExternalFees(DEFAULT_EXTERNAL_FEES)
          const book = yield* PriceBook
          return {
            price: yield* book.unitPrice("LAND_EUR"),
            fees: yield* book.externalFees,
            land: yield* book.landLimits("LAND_EUR"),
            missing: yield* Effect.exit(book.unitPrice("LAND_AUD")),
            priced: yield* book.pricedUnitTypes,
          }
        }).pipe(Effect.provide(layer()), atNoon)
        // One year after the base date at 10% a year: 10,000 × 1.1 = 11,000.
        expect(result.price).toEqual({
          unitType: "LAND_EUR",
          currency: "EUR",
          pricePerUnit: 11_000,
          buyOrderTransactionFeeInCents: 100,
          sellOrderTransactionFeeInUnits: 10,
          convertOrderTransactionFeeInUnits: 0,
        })
        expect(result.fees).toEqual(DEFAULT_EXTERNAL_FEES)
        expect(result.land).toEqual({
          totalProjectLandValueInCents: 5_000_000,
          maxDoubleLandUnitsBoughtValueInCents: 100_000,
        })
        expect(result.missing._tag).toBe("Failure")
        expect(result.priced).toEqual(["LAND_EUR"])
      }),
    )

    it.effect(
      "answers the latest exchange rate on or before today, 1 for a currency to itself, else unavailable",
      () =>
        Effect.gen(function* () {
          const result = yield* Effect.gen(function* () {
            const settings = yield* PricingSettings
            yield* settings.setRate({ from: "USD", to: "EUR", rate: 900_000, day: "2026-12-30" })
            yield* settings.setRate({ from: "USD", to: "EUR", rate: 910_000, day: "2026-12-31" })
            yield* settings.setRate({ from: "USD", to: "EUR", rate: 999_999, day: "2027-01-02" })
            const rates = yield* ExchangeRates
            return {
              usdEur: yield* rates.rate("USD", "EUR"),
              same: yield* rates.rate("GBP", "GBP"),
              none: yield* Effect.flip(rates.rate("AUD", "GBP")),
            }
          }).pipe(Effect.provide(layer()), atNoon)
          expect(result.usdEur).toEqual({ from: "USD", to: "EUR", rate: 910_000, day: "2026-12-31" })
          expect(result.same.rate).toBe(1_000_000)
          expect(result.none._tag).toBe("ExchangeRateUnavailable")
        }),
    )

    it("finds active reference codes only, and the bank account of a currency", async () => {
      const result = await Effect.runPromise(
        Effect.gen(function* () {
          const settings = yield* PricingSettings
          yield* settings.setDiscountCode({
            code: "SPRING",
            isPercent: true,
            amount: 10,
            minPaymentAmountInCents: 0,
            active: true,
          })
          yield* settings.setDiscountCode({
            code: "OLD",
            isPercent: false,
            amount: 500,
            minPaymentAmountInCents: 0,
            active: false,
          })
          yield* settings.setBankAccount("EUR", BANK_DETAILS)
          const codes = yield* DiscountCodes
          return {
            spring: yield* codes.find(" SPRING "),
            old: yield* codes.find("OLD"),
            bank: yield* (yield* BankTransfers).adminBankDetails("EUR"),
            bankAccounts: yield* settings.bankAccounts,
          }
        }).pipe(Effect.provide(layer())),
      )
      expect(Option.getOrThrow(result.spring)).toEqual({
        code: "SPRING",
        isPercent: true,
        amount: 10,
        minPaymentAmountInCents: 0,
      })
      expect(Option.isNone(result.old)).toBe(true)
      expect(result.bank).toEqual(BANK_DETAILS)
      expect(result.bankAccounts).toEqual({ EUR: BANK_DETAILS })
    })

    it("lists every reference code with its state, and the latest rate of each currency pair, for admins", async () => {
      const result = await Effect.runPromise(
        Effect.gen(function* () {
          const settings = yield* PricingSettings
          yield* settings.setDiscountCode({
            code: "B",
            isPercent: true,
            amount: 5,
            minPaymentAmountInCents: 100,
            active: true,
          })
          yield* settings.setDiscountCode({
            code: "A",
            isPercent: false,
            amount: 500,
            minPaymentAmountInCents: 0,
            active: false,
          })
          yield* settings.setRate({ from: "USD", to: "EUR", rate: 900_000, day: "2026-12-30" })
          yield* settings.setRate({ from: "USD", to: "EUR", rate: 910_000, day: "2026-12-31" })
          yield* settings.setRate({ from: "EUR", to: "GBP", rate: 850_000, day: "2026-12-01" })
          return { codes: yield* settings.discountCodes, rates: yield* settings.latestRates }
        }).pipe(Effect.provide(layer())),
      )
      expect(result.codes).toEqual([
        { code: "A", isPercent: false, amount: 500, minPaymentAmountInCents: 0, active: false },
        { code: "B", isPercent: true, amount: 5, minPaymentAmountInCents: 100, active: true },
      ])
      expect(result.rates).toEqual([
        { from: "EUR", to: "GBP", rate: 850_000, day: "2026-12-01" },
        { from: "USD", to: "EUR", rate: 910_000, day: "2026-12-31" },
      ])
    })

    it("counts a member's voting Units from the ledger: owned, LU2X, locked and queued, not unpaid", async () => {
      const ann = MemberId.make("mem_ann")
      const units = await Effect.runPromise(
        Effect.gen(function* () {
          const ledger = yield* LedgerStore
          let n = 0
          const move = (
            unitType: "LAND_EUR" | "LAND_USD",
            bucket: "owned" | "pendingBuy" | "pendingSell" | "convertLocked" | "owned_DOUBLE_LAND",
            units: number,
          ) =>
            ledger.append([
              {
                transferId: TransferId.make(`t${++n}`),
                unitType,
                from: ISSUANCE,
                to: member(ann, bucket),
                units,
                orderId: OrderId.make("o"),
                at: 0,
              },
            ])
          yield* move("LAND_EUR", "owned", 5)
          yield* move("LAND_USD", "owned_DOUBLE_LAND", 3)
          yield* move("LAND_USD", "convertLocked", 2)
          yield* move("LAND_EUR", "pendingSell", 1)
          yield* move("LAND_EUR", "pendingBuy", 100)
          return yield* (yield* UnitOwnership).unitsOwned(ann)
        }).pipe(
          Effect.provide(Layer.mergeAll(LedgerStorePg, UnitOwnershipPg).pipe(Layer.provide(db.layer()))),
        ),
      )
      expect(units).toBe(11)
    })
  })
}
