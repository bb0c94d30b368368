/**
 * The admins' fee replay (FeeReplayAdmin.ts `replayFees`, `landunits audit fees`) over in-memory ports: the history
 * is what the admins' own operations wrote (FeesAdmin.ts `setFees` and `setExternalFee` append the audit entries
 * the replay reads back), the orders are read a page at a time across several pages, and the days given keep to
 * the orders created on them.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import type { ActingAdmin } from "../../src/access/AdminOperationRunner.ts"
import { AuditLog } from "../../src/audit/ports/AuditLog.ts"
import { settingAt } from "../../src/fees/FeeHistory.ts"
import { parseFeesLine, readFeeHistory } from "../../src/fees/FeeHistoryRead.ts"
import { FEE_REPLAY_PAGE, replayFees } from "../../src/fees/FeeReplayAdmin.ts"
import { priceBuyOrder } from "../../src/fees/Fees.ts"
import { StoredOrders } from "../../src/fees/ports/StoredOrders.ts"
import type { OrderRecord } from "../../src/orders/OrderModel.ts"
import { setExternalFee, setFees } from "../../src/pricing/FeesAdmin.ts"
import type { PriceChange } from "../../src/pricing/PriceHistory.ts"
import { priceOnDay } from "../../src/pricing/Pricing.ts"
import type { ExternalFees, PriceSchedule } from "../../src/pricing/PricingModel.ts"
import { ExchangeRateHistory } from "../../src/pricing/ports/ExchangeRateHistory.ts"
import { PriceBook } from "../../src/pricing/ports/PriceBook.ts"
import { PriceScheduleHistory } from "../../src/pricing/ports/PriceScheduleHistory.ts"
import { PricingSettings, type UnitSettings } from "../../src/pricing/ports/PricingSettings.ts"
import { DEFAULT_EXTERNAL_FEES, type ExternalFee } from "../../src/shared/Constants.ts"
import { MemberId, OrderId } from "../../src/shared/Ids.ts"

const DAY = 86_400_000
const T0 = Date.parse("2026-02-01T00:00:00Z")
const CHANGE = T0 + 30 * DAY
const MEMBER = MemberId.make("mem_replay")
const SCHEDULE: PriceSchedule = {
  unitType: "LAND_EUR",
  basePrice: 10_000,
  baseDate: "2026-01-01",
  growthPerYearPercent: 6,
}
const ADMIN: ActingAdmin = {
  admin: { adminId: MemberId.make("mem_admin"), name: "Ada Admin", email: "ada@landunits.example" },
  via: "cli",
  osUser: "ada",
}

/** The settings as PricingSettingsPg keeps them: the unit's now, the external fees set (none at first). */
const makeWorld = () => {
  const unit: { current: UnitSettings } = {
    current: {
      schedule: SCHEDULE,
      buyOrderTransactionFeeInCents: 100,
      sellOrderTransactionFeeInUnits: 10,
      convertOrderTransactionFeeInUnits: 0,
      landLimits: { totalProjectLandValueInCents: 1e12, maxDoubleLandUnitsBoughtValueInCents: 1e12 },
    },
  }
  const external: Partial<ExternalFees> = {}
  const settings = Layer.mock(PricingSettings)({
    units: Effect.sync(() => [unit.current]),
    setUnit: (s) =>
      Effect.sync(() => {
        unit.current = s
      }),
    setExternalFees: (fees) => Effect.sync(() => void Object.assign(external, fees)),
    externalFees: Effect.sync(() => ({ ...external })),
    discountCodes: Effect.succeed([]),
  })
  const book = Layer.mock(PriceBook)({
    externalFees: Effect.sync(() => ({ ...DEFAULT_EXTERNAL_FEES, ...external })),
  })
  const schedules: { current: ReadonlyArray<PriceChange> } = {
    current: [{ at: T0 - 60 * DAY, schedule: SCHEDULE }],
  }
  const orders: { current: ReadonlyArray<OrderRecord> } = { current: [] }
  const layer = Layer.mergeAll(
    settings,
    book,
    AuditLog.layerMemory,
    PriceScheduleHistory.layerMemory(schedules),
    ExchangeRateHistory.layerMemory({ current: [] }),
    StoredOrders.layerMemory(orders),
  )
  return { unit, orders, layer }
}

/** A buy as the app prices it at `at`, with the fees of that moment. */
const buy = (i: number, at: number, buyFee: number, externalFee: ExternalFee): OrderRecord => {
  const pricePerUnit = priceOnDay({ ...SCHEDULE, day: new Date(at).toISOString().slice(0, 10) })
  const numberOfUnits = 1 + (i % 300)
  const priced = priceBuyOrder({
    numberOfUnits,
    pricePerUnit,
    isDoubleLand: false,
    buyFeeCents: buyFee,
    externalFee,
  })
  const createdAt = new Date(at).toISOString()
  return {
    orderId: OrderId.make(`ord_${i}`),
    memberId: MEMBER,
    sequence: i + 1,
    orderType: "BUY",
    orderStatus: "Completed",
    createdAt,
    updatedAt: createdAt,
    timeline: [{ at, to: "Initiated", actor: { _tag: "Member", memberId: MEMBER } }],
    currencyUnit: {
      unitType: "LAND_EUR",
      numberOfUnits,
      pricePerUnit,
      isDoubleLand: false,
      buyOrderTransactionFeeInCents: buyFee,
    },
    paymentDetails: {
      paymentAmount: priced.paymentAmount,
      paymentMethod: "card-stripe",
      paymentMethodFees: externalFee,
      currency: "EUR",
      subTotal: priced.subTotal,
      transactionFee: priced.transactionFee,
    },
    buy: {},
  }
}

/** An operation's `apply` (its requirements typed `unknown`: the runner's record) over the settings it writes. */
const byAdmin = (apply: Effect.Effect<unknown, unknown, unknown>) =>
  apply as Effect.Effect<unknown, unknown, PricingSettings | PriceBook | AuditLog>

const STRIPE_BEFORE = DEFAULT_EXTERNAL_FEES["card-stripe"]
const STRIPE_AFTER = { fixedCentsFees: 40, fixedPercentageFees: 2.5 }
const COUNT = 2 * FEE_REPLAY_PAGE + 1

describe("replayFees", () => {
  it.effect(
    "orders on both sides of audited fee changes replay clean across pages; one changed is named",
    () =>
      Effect.gen(function* () {
        const world = makeWorld()
        const orders: Array<OrderRecord> = []
        for (let i = 0; i < COUNT; i++) {
          const at = T0 + Math.floor((i * 60 * DAY) / COUNT)
          orders.push(at < CHANGE ? buy(i, at, 100, STRIPE_BEFORE) : buy(i, at, 175, STRIPE_AFTER))
        }
        const last = orders[COUNT - 1]!
        orders[COUNT - 1] = {
          ...last,
          paymentDetails: { ...last.paymentDetails!, paymentAmount: last.paymentDetails!.paymentAmount + 3 },
        }
        world.orders.current = orders
        const report = yield* Effect.gen(function* () {
          // The admins' own operations, audited at CHANGE (their audit entries are the history the replay reads).
          yield* TestClock.setTime(CHANGE)
          yield* byAdmin(setFees.apply(ADMIN, { unitType: "LAND_EUR", buyCents: "175" }, {}))
          yield* byAdmin(
            setExternalFee.apply(ADMIN, { method: "card-stripe", fixedCents: "40", percent: "2.5" }, {}),
          )
          return yield* replayFees({})
        }).pipe(Effect.provide(world.layer))
        expect(report.orders).toBe(COUNT)
        expect(report.byType).toEqual({ BUY: COUNT, SELL: 0, TRANSFER: 0, CONVERT: 0 })
        expect(report.unchecked).toEqual({ price: 0, exchangeRate: 0 })
        expect(report.ordersWithDifferences).toBe(1)
        expect(report.differences).toEqual([
          {
            orderId: last.orderId,
            orderType: "BUY",
            createdAt: last.createdAt,
            field: "paymentDetails.paymentAmount",
            stored: String(last.paymentDetails!.paymentAmount + 3),
            recomputed: String(last.paymentDetails!.paymentAmount),
          },
        ])
        // Had the orders after the change kept the old fees, each would be named.
        world.orders.current = orders.map((o, i) =>
          Date.parse(o.createdAt) >= CHANGE ? buy(i, Date.parse(o.createdAt), 100, STRIPE_BEFORE) : o,
        )
        const stale = yield* replayFees({}).pipe(Effect.provide(world.layer))
        expect(new Set(stale.differences.map((d) => d.field))).toEqual(
          new Set([
            "currencyUnit.buyOrderTransactionFeeInCents",
            "paymentDetails.paymentMethodFees",
            "paymentDetails.transactionFee",
            "paymentDetails.paymentAmount",
          ]),
        )
      }),
  )
})

describe("readFeeHistory: the audit log's settings changes read back", () => {
  it("a unit type's fees line as pricing.setFees writes it, and nothing else", () => {
    expect(parseFeesLine("buy 160 cents, sell 10 Units, convert 2 Units")).toEqual({
      buy: 160,
      sell: 10,
      convert: 2,
    })
    expect(parseFeesLine("buy 1.5 cents, sell 10 Units, convert 2 Units")).toBeUndefined()
    expect(parseFeesLine(undefined)).toBeUndefined()
  })

  it.effect(
    "an external fee never set was the default before its first change; a code's audited terms; a rate's day set again",
    () =>
      Effect.gen(function* () {
        const world = makeWorld()
        const history = yield* Effect.gen(function* () {
          const audit = yield* AuditLog
          const entry = (action: string, subject: string, details: Record<string, string>) =>
            audit.append({ actor: ADMIN.admin.adminId, action, subject, details, at: CHANGE })
          yield* entry("pricing.setExternalFee", "paymentMethod:crypto", {
            before: "null",
            after: JSON.stringify({ fixedCentsFees: 5, fixedPercentageFees: 0.5 }),
          })
          yield* entry("discountCodes.create", "discountCode:SPRING", {
            terms: JSON.stringify({
              code: "SPRING",
              isPercent: false,
              amount: 500,
              minPaymentAmountInCents: 0,
              active: true,
            }),
          })
          yield* entry("pricing.setRate", "rate:EUR->USD", { rate: "1100000", day: "2026-03-03" })
          // Entries the replay cannot read are left out, not guessed.
          yield* entry("pricing.setFees", "unitType:LAND_EUR", { before: "?", after: "not a fees line" })
          return yield* readFeeHistory
        }).pipe(Effect.provide(world.layer))
        const crypto = history.externalFees.get("crypto")
        expect(settingAt(crypto, CHANGE - 1)).toEqual(DEFAULT_EXTERNAL_FEES.crypto)
        expect(settingAt(crypto, CHANGE)).toEqual({ fixedCentsFees: 5, fixedPercentageFees: 0.5 })
        expect(settingAt(history.discountCodes.get("SPRING"), CHANGE - 1)).toBeUndefined()
        expect(settingAt(history.discountCodes.get("SPRING"), CHANGE)).toMatchObject({
          isPercent: false,
          amount: 500,
        })
        expect(history.rateSets).toEqual([{ at: CHANGE, pair: "EUR->USD", day: "2026-03-03" }])
        expect(history.unitFees.get("LAND_EUR")).toEqual({
          changes: [],
          current: { buy: 100, sell: 10, convert: 0 },
        })
      }),
  )
})
