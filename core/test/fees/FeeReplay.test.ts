/**
 * The fee replay (FeeReplay.ts, issue 42): an order priced as the app prices it, from the terms in force at its
 * instant, replays with no difference; any one of its money fields changed afterwards is named, alone, with the
 * stored and the recomputed value. The property walks a generated history of admin changes (prices, fees,
 * external fees, reference codes) in time order, places orders between them from the settings of that moment
 * (a model of the platform independent of the replay's lookups), and gives the replay only the audit trail.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  type FeeHistory,
  READ_WINDOW_MS,
  type SettingHistory,
  settingAt,
  settingsDuring,
  sortedHistory,
  type UnitFees,
} from "../../src/fees/FeeHistory.ts"
import { replayOrder } from "../../src/fees/FeeReplay.ts"
import { type DiscountTerms, priceBuyOrder, sellQueuedUnits } from "../../src/fees/Fees.ts"
import { convertQuote } from "../../src/orders/Convert.ts"
import type { OrderRecord } from "../../src/orders/OrderModel.ts"
import type { PriceChange } from "../../src/pricing/PriceHistory.ts"
import { priceOnDay } from "../../src/pricing/Pricing.ts"
import type { PriceSchedule } from "../../src/pricing/PricingModel.ts"
import type { ExternalFee } from "../../src/shared/Constants.ts"
import type { PayingMethod, UnitType } from "../../src/shared/Enums.ts"
import { MemberId, OrderId } from "../../src/shared/Ids.ts"

const DAY = 86_400_000
const T0 = Date.parse("2026-01-01T00:00:00Z")
const MEMBER = MemberId.make("mem_replay")

const history = <A>(current: A, ...changes: Array<[number, A | undefined, A]>): SettingHistory<A> =>
  sortedHistory({ current, changes: changes.map(([at, before, after]) => ({ at, before, after })) })

const emptyHistory = (over: Partial<FeeHistory> = {}): FeeHistory => ({
  schedules: new Map(),
  unitFees: new Map(),
  externalFees: new Map(),
  rates: new Map(),
  rateSets: [],
  discountCodes: new Map(),
  ...over,
})

const orderBase = (id: string, at: number) => ({
  orderId: OrderId.make(id),
  memberId: MEMBER,
  sequence: 1,
  orderStatus: "Completed" as const,
  createdAt: new Date(at).toISOString(),
  updatedAt: new Date(at).toISOString(),
  timeline: [{ at, to: "Initiated" as const, actor: { _tag: "Member" as const, memberId: MEMBER } }],
})

/** A buy as BuyCommands.createBuy writes it, from the terms given. */
const buyOf = (
  id: string,
  at: number,
  t: {
    unitType: UnitType
    units: number
    isDoubleLand: boolean
    pricePerUnit: number
    buyFee: number
    method: PayingMethod
    externalFee: ExternalFee
    code?: (DiscountTerms & { code: string }) | undefined
  },
): OrderRecord => {
  const priced = priceBuyOrder({
    numberOfUnits: t.units,
    pricePerUnit: t.pricePerUnit,
    isDoubleLand: t.isDoubleLand,
    buyFeeCents: t.buyFee,
    externalFee: t.externalFee,
    discount: t.code,
  })
  return {
    ...orderBase(id, at),
    orderType: "BUY",
    currencyUnit: {
      unitType: t.unitType,
      numberOfUnits: t.units,
      pricePerUnit: t.pricePerUnit,
      isDoubleLand: t.isDoubleLand,
      buyOrderTransactionFeeInCents: t.buyFee,
    },
    paymentDetails: {
      paymentAmount: priced.paymentAmount,
      paymentMethod: t.method,
      paymentMethodFees: t.externalFee,
      currency: "EUR",
      subTotal: priced.subTotal,
      transactionFee: priced.transactionFee,
    },
    buy:
      t.code === undefined
        ? {}
        : {
            referenceCode: t.code.code,
            discount: {
              isPercent: t.code.isPercent,
              amount: t.code.amount,
              discountValue: priced.discountValue,
              minPaymentAmountInCents: t.code.minPaymentAmountInCents ?? 0,
            },
          },
  }
}

const EUR_SCHEDULE: PriceSchedule = {
  unitType: "LAND_EUR",
  basePrice: 10_000,
  baseDate: "2025-06-01",
  growthPerYearPercent: 5,
}

describe("a setting over time, from its audited changes", () => {
  const fee = history(150, [T0 + 10 * DAY, 100, 120], [T0 + 20 * DAY, 120, 150])

  it("before its first change it was that change's 'before'; then each change's 'after' from its instant", () => {
    expect(settingAt(fee, T0)).toBe(100)
    expect(settingAt(fee, T0 + 10 * DAY - 1)).toBe(100)
    expect(settingAt(fee, T0 + 10 * DAY)).toBe(120)
    expect(settingAt(fee, T0 + 25 * DAY)).toBe(150)
  })

  it("never changed, it is what it is now; never known, nothing is invented", () => {
    expect(settingAt(history(100), T0)).toBe(100)
    expect(settingAt(undefined, T0)).toBeUndefined()
    expect(settingAt(history(7, [T0, undefined, 9]), T0 - 1)).toBeUndefined()
  })

  it("the values in force during a window: the one at its start and every change within it", () => {
    expect(settingsDuring(fee, T0 + 5 * DAY, T0 + 15 * DAY)).toEqual([100, 120])
    expect(settingsDuring(fee, T0 + 12 * DAY, T0 + 13 * DAY)).toEqual([120])
  })
})

describe("a buy replayed", () => {
  const at = T0 + 3 * DAY + 3_600_000
  const day = new Date(at).toISOString().slice(0, 10)
  const price = priceOnDay({ ...EUR_SCHEDULE, day })
  const h = emptyHistory({
    schedules: new Map([["LAND_EUR", [{ at: T0 - 200 * DAY, schedule: EUR_SCHEDULE }]]]),
    unitFees: new Map([["LAND_EUR", history<UnitFees>({ buy: 100, sell: 10, convert: 0 })]]),
    externalFees: new Map([["card-stripe", history({ fixedCentsFees: 25, fixedPercentageFees: 1.5 })]]),
    discountCodes: new Map([
      ["WELCOME10", history<DiscountTerms>({ isPercent: true, amount: 10, minPaymentAmountInCents: 5_000 })],
    ]),
  })
  const terms = {
    unitType: "LAND_EUR" as const,
    units: 120,
    isDoubleLand: false,
    pricePerUnit: price,
    buyFee: 100,
    method: "card-stripe" as const,
    externalFee: { fixedCentsFees: 25, fixedPercentageFees: 1.5 },
    code: { code: "WELCOME10", isPercent: true, amount: 10, minPaymentAmountInCents: 5_000 },
  }

  it("priced from the terms in force replays with no difference, and everything was checked", () => {
    expect(replayOrder(buyOf("ord_1", at, terms), h)).toEqual({ differences: [], unchecked: [] })
  })

  it("a stored price that is not the schedule's of that day is named, and the money is recomputed at the schedule's", () => {
    const order = buyOf("ord_2", at, { ...terms, pricePerUnit: price + 7 })
    const replayed = replayOrder(order, h)
    expect(replayed.differences.map((d) => [d.field, d.stored, d.recomputed])).toEqual([
      ["currencyUnit.pricePerUnit", String(price + 7), String(price)],
      [
        "paymentDetails.subTotal",
        String(order.paymentDetails!.subTotal),
        String(buyOf("x", at, terms).paymentDetails!.subTotal),
      ],
      [
        "paymentDetails.transactionFee",
        String(order.paymentDetails!.transactionFee),
        String(buyOf("x", at, terms).paymentDetails!.transactionFee),
      ],
      [
        "buy.discount.discountValue",
        String(order.buy!.discount!.discountValue),
        String(buyOf("x", at, terms).buy!.discount!.discountValue),
      ],
      [
        "paymentDetails.paymentAmount",
        String(order.paymentDetails!.paymentAmount),
        String(buyOf("x", at, terms).paymentDetails!.paymentAmount),
      ],
    ])
  })

  it("a reference code's terms other than the code's are named", () => {
    const order = buyOf("ord_3", at, { ...terms, code: { ...terms.code, amount: 50 } })
    const fields = replayOrder(order, h).differences.map((d) => d.field)
    expect(fields[0]).toBe("buy.discount")
    expect(fields).toContain("buy.discount.discountValue")
  })

  it("a buy whose method changed while unpaid, at the external fee of that moment, replays clean", () => {
    const later = at + DAY
    const changed = emptyHistory({
      ...h,
      externalFees: new Map([
        [
          "bank",
          history({ fixedCentsFees: 50, fixedPercentageFees: 0 }, [
            at + 3_600_000,
            { fixedCentsFees: 0, fixedPercentageFees: 0 },
            { fixedCentsFees: 50, fixedPercentageFees: 0 },
          ]),
        ],
      ]),
    })
    const order = buyOf("ord_4", at, {
      ...terms,
      method: "bank",
      externalFee: { fixedCentsFees: 50, fixedPercentageFees: 0 },
    })
    const repriced = {
      ...order,
      updatedAt: new Date(later).toISOString(),
      timeline: [
        ...order.timeline,
        {
          at: later,
          from: "Initiated" as const,
          to: "InProcess" as const,
          actor: { _tag: "Member" as const, memberId: MEMBER },
        },
      ],
    }
    expect(replayOrder(repriced, changed).differences).toEqual([])
    // Had it left Initiated before the change, the change could not have priced it.
    const early = {
      ...repriced,
      timeline: [...order.timeline, { ...repriced.timeline[1]!, at: at + 60_000 }],
    }
    expect(replayOrder(early, changed).differences.map((d) => d.field)).toContain(
      "paymentDetails.paymentMethodFees",
    )
  })

  it("an order older than every recorded schedule keeps its stored price and is counted unchecked", () => {
    const old = buyOf("ord_5", T0 - 300 * DAY, terms)
    expect(replayOrder(old, h)).toEqual({ differences: [], unchecked: ["price"] })
  })
})

describe("sells, converts and transfers replayed", () => {
  const at = T0 + DAY
  const h = emptyHistory({
    unitFees: new Map([
      [
        "LAND_EUR",
        history<UnitFees>({ buy: 100, sell: 12, convert: 3 }, [
          T0 + 10 * DAY,
          { buy: 100, sell: 10, convert: 2 },
          { buy: 100, sell: 12, convert: 3 },
        ]),
      ],
    ]),
    rates: new Map([["EUR->USD", [{ day: "2025-12-01", rate: 1_090_000 }]]]),
  })
  const sell = (feeUnits: number, queued: number): OrderRecord => ({
    ...orderBase("ord_sell", at),
    orderType: "SELL",
    currencyUnit: {
      unitType: "LAND_EUR",
      numberOfUnits: 100,
      pricePerUnit: 10_000,
      isDoubleLand: false,
      sellOrderTransactionFeeInUnits: feeUnits,
    },
    sell: { source: "owned", feeUnits, queuedUnits: queued, soldUnits: 0, cancelledUnits: 0 },
  })

  it("a sell pays the fee in force when it was placed (10 then, 12 now): its fee and queued Units replay", () => {
    expect(replayOrder(sell(10, 90), h).differences).toEqual([])
    expect(replayOrder(sell(12, 88), h).differences.map((d) => [d.field, d.stored, d.recomputed])).toEqual([
      ["currencyUnit.sellOrderTransactionFeeInUnits", "12", "10"],
      ["sell.feeUnits", "12", "10"],
      ["sell.queuedUnits", "88", "90"],
    ])
  })

  const convert = (exchangeRate: number, createdAt = at): OrderRecord => {
    const quote = convertQuote({
      units: 100,
      fromPricePerUnit: 10_000,
      toPricePerUnit: 11_000,
      exchangeRate,
      feeUnits: 2,
    })
    return {
      ...orderBase("ord_convert", createdAt),
      orderType: "CONVERT",
      currencyUnit: {
        unitType: "LAND_EUR",
        numberOfUnits: 100,
        pricePerUnit: 10_000,
        isDoubleLand: false,
        convertOrderTransactionFeeInUnits: 2,
      },
      convert: {
        numberOfUnits: quote.units,
        unitType: "LAND_USD",
        pricePerUnit: 11_000,
        exchangeRate,
        remainderInCents: quote.remainderCents,
        remainderCurrency: "EUR",
        convertOrderTransactionFeeInCents: quote.feeCents,
      },
    }
  }

  it(`a sell placed within READ_WINDOW_MS of a fee change may carry the fee before it (its terms were read first); later it may not`, () => {
    const change = T0 + 10 * DAY
    const placed = (at: number) => ({ ...sell(10, 90), ...orderBase("ord_sell", at) })
    expect(replayOrder(placed(change + READ_WINDOW_MS - 1), h).differences).toEqual([])
    expect(replayOrder(placed(change + READ_WINDOW_MS + 1), h).differences.map((d) => d.field)).toEqual([
      "currencyUnit.sellOrderTransactionFeeInUnits",
      "sell.feeUnits",
      "sell.queuedUnits",
    ])
  })

  it("a convert at the day's rate replays; at another rate, the rate and what it changed are named", () => {
    expect(replayOrder(convert(1_090_000), h)).toEqual({ differences: [], unchecked: ["price", "price"] })
    const fields = replayOrder(convert(1_200_000), h).differences.map((d) => d.field)
    expect(fields).toEqual(["convert.exchangeRate", "convert.numberOfUnits", "convert.remainderInCents"])
  })

  it("a rate set again for the convert's day after it leaves the rate to the order, counted unchecked", () => {
    const reset = { ...h, rateSets: [{ at: at + 60_000, pair: "EUR->USD", day: "2025-12-01" }] }
    expect(replayOrder(convert(1_200_000), reset)).toEqual({
      differences: [],
      unchecked: ["price", "price", "exchangeRate"],
    })
  })

  it("a transfer is free: a fee stored on one is named", () => {
    const transfer: OrderRecord = {
      ...orderBase("ord_transfer", at),
      orderType: "TRANSFER",
      currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 5, pricePerUnit: 10_000, isDoubleLand: false },
      transfer: { recipientEmail: "sam@landunits.example" },
    }
    expect(replayOrder(transfer, h).differences).toEqual([])
    const charged = {
      ...transfer,
      currencyUnit: { ...transfer.currencyUnit, sellOrderTransactionFeeInUnits: 1 },
    }
    expect(replayOrder(charged, h).differences.map((d) => d.field)).toEqual([
      "currencyUnit.sellOrderTransactionFeeInUnits",
    ])
  })
})

describe("a record edited out of shape", () => {
  const at = T0 + DAY
  const transfer: OrderRecord = {
    ...orderBase("ord_shape", at),
    orderType: "TRANSFER",
    currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 5, pricePerUnit: 10_000, isDoubleLand: false },
    transfer: { recipientEmail: "sam@landunits.example" },
  }

  it("an order without the part the replay needs is named on `record`, and the replay goes on", () => {
    const { currencyUnit: _, ...withoutUnit } = transfer
    const replayed = replayOrder(withoutUnit as unknown as OrderRecord, emptyHistory())
    expect(replayed.differences).toEqual([
      expect.objectContaining({ orderId: "ord_shape", field: "record", stored: "not readable as an order" }),
    ])
  })

  it("an order type that is none of the four is named", () => {
    const odd = { ...transfer, orderType: "GIFT" } as unknown as OrderRecord
    expect(replayOrder(odd, emptyHistory()).differences.map((d) => [d.field, d.stored])).toEqual([
      ["orderType", "GIFT"],
    ])
  })
})

// ---------------------------------------------------------------------------------------------------------
// The property: a platform's year, modelled as a list of events in time order.

const METHODS: ReadonlyArray<PayingMethod> = ["card-stripe", "card-square", "crypto", "bank"]
const percentage = fc.integer({ min: 0, max: 500 }).map((h) => h / 100)
const externalFee = fc.record({
  fixedCentsFees: fc.integer({ min: 0, max: 100 }),
  fixedPercentageFees: percentage,
})
const schedule = fc.record({
  unitType: fc.constant("LAND_EUR" as const),
  basePrice: fc.integer({ min: 1_000, max: 2_500_000 }),
  baseDate: fc.constantFrom("2025-01-01", "2025-09-15", "2026-02-01"),
  growthPerYearPercent: fc.integer({ min: 0, max: 20 }),
})
const terms = fc
  .record({
    isPercent: fc.boolean(),
    amount: fc.integer({ min: 1, max: 3_000 }),
    minPaymentAmountInCents: fc.integer({ min: 0, max: 100_000 }),
  })
  .map((t) => (t.isPercent ? { ...t, amount: Math.min(t.amount, 100) } : t))

type Event =
  | { readonly kind: "price"; readonly schedule: PriceSchedule }
  | { readonly kind: "fees"; readonly fees: UnitFees }
  | { readonly kind: "external"; readonly method: PayingMethod; readonly fee: ExternalFee }
  | { readonly kind: "code"; readonly terms: DiscountTerms }
  | {
      readonly kind: "buy"
      readonly units: number
      readonly isDoubleLand: boolean
      readonly method: PayingMethod
      readonly withCode: boolean
    }
  | { readonly kind: "sell"; readonly units: number }

const event: fc.Arbitrary<Event> = fc.oneof(
  schedule.map((s) => ({ kind: "price" as const, schedule: s })),
  fc
    .record({
      buy: fc.integer({ min: 0, max: 500 }),
      sell: fc.integer({ min: 0, max: 20 }),
      convert: fc.integer({ min: 0, max: 5 }),
    })
    .map((fees) => ({ kind: "fees" as const, fees })),
  fc
    .record({ method: fc.constantFrom(...METHODS), fee: externalFee })
    .map((e) => ({ kind: "external" as const, ...e })),
  terms.map((t) => ({ kind: "code" as const, terms: t })),
  fc
    .record({
      units: fc.integer({ min: 1, max: 5_000 }),
      isDoubleLand: fc.boolean(),
      method: fc.constantFrom(...METHODS),
      withCode: fc.boolean(),
    })
    .map((b) => ({ kind: "buy" as const, ...b })),
  fc.integer({ min: 21, max: 5_000 }).map((units) => ({ kind: "sell" as const, units })),
)

/** Walks the events in time order: the settings as they stand, the audit trail they leave, the orders placed. */
const platformYear = (first: PriceSchedule, events: ReadonlyArray<readonly [number, Event]>) => {
  let fees: UnitFees = { buy: 100, sell: 10, convert: 0 }
  let code: DiscountTerms = { isPercent: true, amount: 10, minPaymentAmountInCents: 0 }
  const external = new Map<PayingMethod, ExternalFee>(
    METHODS.map((m) => [m, { fixedCentsFees: 25, fixedPercentageFees: 1.5 }]),
  )
  let current = first
  const schedules: Array<PriceChange> = [{ at: T0 - 400 * DAY, schedule: first }]
  const feeChanges: Array<[number, UnitFees, UnitFees]> = []
  const externalChanges = new Map<PayingMethod, Array<[number, ExternalFee, ExternalFee]>>()
  const codeChanges: Array<[number, DiscountTerms | undefined, DiscountTerms]> = []
  const orders: Array<OrderRecord> = []
  const sorted = events.toSorted((a, b) => a[0] - b[0])
  sorted.forEach(([at, e], i) => {
    const id = `ord_${i}`
    const day = new Date(at).toISOString().slice(0, 10)
    switch (e.kind) {
      case "price":
        current = e.schedule
        schedules.push({ at, schedule: e.schedule })
        break
      case "fees":
        feeChanges.push([at, fees, e.fees])
        fees = e.fees
        break
      case "external":
        externalChanges.set(e.method, [
          ...(externalChanges.get(e.method) ?? []),
          [at, external.get(e.method)!, e.fee],
        ])
        external.set(e.method, e.fee)
        break
      case "code":
        codeChanges.push([at, undefined, e.terms])
        code = e.terms
        break
      case "buy":
        orders.push(
          buyOf(id, at, {
            unitType: "LAND_EUR",
            units: e.units,
            isDoubleLand: e.isDoubleLand,
            pricePerUnit: priceOnDay({ ...current, day }),
            buyFee: fees.buy,
            method: e.method,
            externalFee: external.get(e.method)!,
            code: e.withCode ? { code: "CODE", ...code } : undefined,
          }),
        )
        break
      case "sell": {
        const pricePerUnit = priceOnDay({ ...current, day })
        orders.push({
          ...orderBase(id, at),
          orderType: "SELL",
          currencyUnit: {
            unitType: "LAND_EUR",
            numberOfUnits: e.units,
            pricePerUnit,
            isDoubleLand: false,
            sellOrderTransactionFeeInUnits: fees.sell,
          },
          sell: {
            source: "owned",
            feeUnits: fees.sell,
            queuedUnits: sellQueuedUnits(e.units, fees.sell),
            soldUnits: 0,
            cancelledUnits: 0,
          },
        })
        break
      }
    }
  })
  const audited = emptyHistory({
    schedules: new Map([["LAND_EUR", schedules]]),
    unitFees: new Map([["LAND_EUR", history(fees, ...feeChanges)]]),
    externalFees: new Map(
      METHODS.map((m) => [m, history(external.get(m)!, ...(externalChanges.get(m) ?? []))]),
    ),
    // The code as first seeded (not audited) then each audited create: before the first create, the stored terms stand.
    discountCodes: new Map([["CODE", history(code, ...codeChanges)]]),
  })
  return { orders, audited, codeChanges }
}

const year = fc.tuple(
  schedule,
  fc.array(
    fc.tuple(
      fc.integer({ min: 0, max: 365 * DAY }).map((ms) => T0 + ms),
      event,
    ),
    { minLength: 1, maxLength: 40 },
  ),
)

/** The money fields of an order, by the name the replay gives them, with a way to change each. */
const moneyFields = (o: OrderRecord): Array<[string, (o: OrderRecord, d: number) => OrderRecord]> =>
  o.orderType === "BUY"
    ? [
        [
          "paymentDetails.subTotal",
          (o, d) => ({
            ...o,
            paymentDetails: { ...o.paymentDetails!, subTotal: o.paymentDetails!.subTotal + d },
          }),
        ],
        [
          "paymentDetails.transactionFee",
          (o, d) => ({
            ...o,
            paymentDetails: { ...o.paymentDetails!, transactionFee: o.paymentDetails!.transactionFee + d },
          }),
        ],
        [
          "paymentDetails.paymentAmount",
          (o, d) => ({
            ...o,
            paymentDetails: { ...o.paymentDetails!, paymentAmount: o.paymentDetails!.paymentAmount + d },
          }),
        ],
      ]
    : [["sell.queuedUnits", (o, d) => ({ ...o, sell: { ...o.sell!, queuedUnits: o.sell!.queuedUnits + d } })]]

describe("the replay over a generated year of admin changes and orders", () => {
  it("every order placed from the settings of its moment replays with no difference", () => {
    fc.assert(
      fc.property(year, ([first, events]) => {
        const { orders, audited } = platformYear(first, events)
        for (const order of orders) {
          const replayed = replayOrder(order, audited)
          // Before the first audited create, the code's stored terms stand: the only unchecked term is none here.
          expect(replayed.differences).toEqual([])
          expect(replayed.unchecked).toEqual([])
        }
      }),
      { numRuns: 300 },
    )
  })

  it("any one money field changed afterwards, up or down, is named alone, with the stored and the recomputed value", () => {
    fc.assert(
      fc.property(
        year,
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 1, max: 1_000 }),
        fc.boolean(),
        ([first, events], which, field, size, up) => {
          const { orders, audited } = platformYear(first, events)
          fc.pre(orders.length > 0)
          const order = orders[which % orders.length]!
          const fields = moneyFields(order)
          const [name, change] = fields[field % fields.length]!
          const delta = up ? size : -size
          const changed = change(order, delta)
          const replayed = replayOrder(changed, audited)
          expect(replayed.differences).toHaveLength(1)
          const [difference] = replayed.differences
          expect(difference!.field).toBe(name)
          expect(difference!.orderId).toBe(order.orderId)
          expect(Number(difference!.stored) - Number(difference!.recomputed)).toBe(delta)
        },
      ),
      { numRuns: 300 },
    )
  })
})
