/**
 * Generated orders for the fee replay's test and benchmark (`landunits audit fees`, issue 42): `count` orders of
 * every type, spread over the past `days` days, priced as the app prices them at their instant: the unit type's
 * price and fees and the exchange rate read through the app's own PriceBook and ExchangeRates with the Clock set
 * to that instant (ClockAt.ts), the external fees and reference codes as configured, and the amounts from core's
 * formulas (priceBuyOrder, sellQueuedUnits, convertQuote). Written straight into `orders`, 1,000 a statement, in
 * the order of their instants: the replay reads orders only, so no ledger transfer is written with them (a
 * hundred thousand orders through the use cases would take longer than the benchmark measures).
 *
 * Needs an installation priced over those days: the demo data with its history (exchange rates a year back).
 */
import { runAt } from "@landunits/adapters/demo/ClockAt.ts"
import { type DiscountTerms, priceBuyOrder, sellQueuedUnits } from "@landunits/core/fees/Fees.ts"
import { convertQuote } from "@landunits/core/orders/Convert.ts"
import type { NewOrderRecord } from "@landunits/core/orders/OrderModel.ts"
import type { UnitPrice } from "@landunits/core/pricing/PricingModel.ts"
import { ExchangeRates } from "@landunits/core/pricing/ports/ExchangeRates.ts"
import { PriceBook } from "@landunits/core/pricing/ports/PriceBook.ts"
import { PricingSettings } from "@landunits/core/pricing/ports/PricingSettings.ts"
import type { PayingMethod, UnitType } from "@landunits/core/shared/Enums.ts"
import { CurrencyOfUnitType, PayingMethods, UnitTypes } from "@landunits/core/shared/EnumValues.ts"
import { MemberId, OrderId } from "@landunits/core/shared/Ids.ts"
import { Clock, Effect } from "effect"
import { SqlClient } from "effect/sql"

const DAY = 86_400_000
const BATCH = 1_000

/** A small deterministic generator (mulberry32), so a run is the same each time for the same seed. */
const random = (seed: number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/**
 * Inserts `count` generated orders created over the `days` days before now (or from `start` to `end`, epoch ms);
 * answers their ids in order.
 */
export const insertGeneratedOrders = (
  count: number,
  options: {
    readonly days?: number
    readonly start?: number
    readonly end?: number
    readonly seed?: number
  } = {},
) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const book = yield* PriceBook
    const rates = yield* ExchangeRates
    const settings = yield* PricingSettings
    const next = random(options.seed ?? 42)
    const pick = <A>(items: ReadonlyArray<A>): A => items[Math.floor(next() * items.length)]!
    const now = yield* Clock.currentTimeMillis
    const start = options.start ?? now - (options.days ?? 300) * DAY
    const span = (options.end ?? now - DAY) - start
    const externalFees = yield* book.externalFees
    const codes: ReadonlyArray<DiscountTerms & { readonly code: string }> =
      (yield* settings.discountCodes).filter((c) => c.active)

    // The app's own reads at the order's instant, once per unit type (or pair) and UTC day.
    const prices = new Map<string, UnitPrice>()
    const priceAt = (unitType: UnitType, at: number) =>
      Effect.gen(function* () {
        const key = `${unitType}|${new Date(at).toISOString().slice(0, 10)}`
        const known = prices.get(key)
        if (known !== undefined) return known
        const price = yield* runAt(at)(book.unitPrice(unitType))
        prices.set(key, price)
        return price
      })
    const rateCache = new Map<string, number | undefined>()
    const rateAt = (from: UnitType, to: UnitType, at: number) =>
      Effect.gen(function* () {
        const key = `${from}|${to}|${new Date(at).toISOString().slice(0, 10)}`
        if (rateCache.has(key)) return rateCache.get(key)
        const rate = yield* runAt(at)(rates.rate(CurrencyOfUnitType[from], CurrencyOfUnitType[to])).pipe(
          Effect.map((r) => r.rate),
          Effect.orElseSucceed(() => undefined),
        )
        rateCache.set(key, rate)
        return rate
      })

    const ids: Array<string> = []
    let batch: Array<NewOrderRecord> = []
    const flush = Effect.gen(function* () {
      if (batch.length === 0) return
      yield* sql`
        INSERT INTO orders (order_id, member_id, order_type, unit_type, order_status, is_double_land, created_at, record)
        SELECT r->>'orderId', r->>'memberId', r->>'orderType', r->'currencyUnit'->>'unitType', r->>'orderStatus',
               (r->'currencyUnit'->>'isDoubleLand')::boolean, (r->>'createdAt')::timestamptz, r
        FROM jsonb_array_elements(${JSON.stringify(batch)}::jsonb) WITH ORDINALITY AS e(r, n) ORDER BY n`
      batch = []
    })

    for (let i = 0; i < count; i++) {
      const at = Math.floor(start + ((i + next()) * span) / count)
      const createdAt = new Date(at).toISOString()
      const orderId = OrderId.make(`ord_gen_${options.seed ?? 42}_${i}`)
      const memberId = MemberId.make(`mem_gen_${Math.floor(next() * 1_000)}`)
      const unitType = pick(UnitTypes)
      const price = yield* priceAt(unitType, at)
      const base = {
        orderId,
        memberId,
        createdAt,
        updatedAt: createdAt,
        timeline: [{ at, to: "Initiated" as const, actor: { _tag: "Member" as const, memberId } }],
      }
      const roll = next()
      let order: NewOrderRecord | undefined
      if (roll < 0.05) {
        const toUnitType = pick(UnitTypes.filter((u) => u !== unitType))
        const to = yield* priceAt(toUnitType, at)
        const rate = yield* rateAt(unitType, toUnitType, at)
        const numberOfUnits = 50 + Math.floor(next() * 500)
        const feeUnits = price.convertOrderTransactionFeeInUnits
        const quote =
          rate === undefined
            ? undefined
            : convertQuote({
                units: numberOfUnits,
                fromPricePerUnit: price.pricePerUnit,
                toPricePerUnit: to.pricePerUnit,
                exchangeRate: rate,
                feeUnits,
              })
        if (quote !== undefined && quote.units > 0 && rate !== undefined) {
          order = {
            ...base,
            orderType: "CONVERT",
            orderStatus: "Locked",
            currencyUnit: {
              unitType,
              numberOfUnits,
              pricePerUnit: price.pricePerUnit,
              isDoubleLand: false,
              convertOrderTransactionFeeInUnits: feeUnits,
            },
            convert: {
              numberOfUnits: quote.units,
              unitType: toUnitType,
              pricePerUnit: to.pricePerUnit,
              exchangeRate: rate,
              remainderInCents: quote.remainderCents,
              remainderCurrency: CurrencyOfUnitType[unitType],
              convertOrderTransactionFeeInCents: quote.feeCents,
            },
            unlockAt: at + 30 * DAY,
          }
        }
      } else if (roll < 0.15) {
        const numberOfUnits = 1 + Math.floor(next() * 200)
        order = {
          ...base,
          orderType: "TRANSFER",
          orderStatus: "Completed",
          currencyUnit: { unitType, numberOfUnits, pricePerUnit: price.pricePerUnit, isDoubleLand: false },
          transfer: { recipientEmail: "someone@landunits.example" },
          recipientMemberId: MemberId.make("mem_gen_recipient"),
        }
      } else if (roll < 0.3) {
        const feeUnits = price.sellOrderTransactionFeeInUnits
        const numberOfUnits = feeUnits + 1 + Math.floor(next() * 300)
        order = {
          ...base,
          orderType: "SELL",
          orderStatus: "InProcess",
          currencyUnit: {
            unitType,
            numberOfUnits,
            pricePerUnit: price.pricePerUnit,
            isDoubleLand: false,
            sellOrderTransactionFeeInUnits: feeUnits,
          },
          sell: {
            source: "owned",
            feeUnits,
            queuedUnits: sellQueuedUnits(numberOfUnits, feeUnits),
            soldUnits: 0,
            cancelledUnits: 0,
          },
        }
      }
      if (order === undefined) {
        const numberOfUnits = 1 + Math.floor(next() * 400)
        const isDoubleLand = next() < 0.1
        const method: PayingMethod = pick(PayingMethods)
        const code = codes.length > 0 && next() < 0.15 ? pick(codes) : undefined
        const externalFee = externalFees[method]
        const priced = priceBuyOrder({
          numberOfUnits,
          pricePerUnit: price.pricePerUnit,
          isDoubleLand,
          buyFeeCents: price.buyOrderTransactionFeeInCents,
          externalFee,
          discount: code,
        })
        order = {
          ...base,
          orderType: "BUY",
          orderStatus: "Completed",
          currencyUnit: {
            unitType,
            numberOfUnits,
            pricePerUnit: price.pricePerUnit,
            isDoubleLand,
            buyOrderTransactionFeeInCents: price.buyOrderTransactionFeeInCents,
          },
          paymentDetails: {
            paymentAmount: priced.paymentAmount,
            paymentMethod: method,
            paymentMethodFees: externalFee,
            currency: price.currency,
            subTotal: priced.subTotal,
            transactionFee: priced.transactionFee,
          },
          buy:
            code === undefined
              ? {}
              : {
                  referenceCode: code.code,
                  discount: {
                    isPercent: code.isPercent,
                    amount: code.amount,
                    discountValue: priced.discountValue,
                    minPaymentAmountInCents: code.minPaymentAmountInCents ?? 0,
                  },
                },
          expiresAt: at + 72 * 3_600_000,
        }
      }
      batch.push(order)
      ids.push(orderId)
      if (batch.length >= BATCH) yield* flush
    }
    yield* flush
    return ids
  })
