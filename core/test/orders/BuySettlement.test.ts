/**
 * Settling a buy as a pure decision (BuySettlement.ts, issue 40): over any buy and any sales queue, the Units are
 * conserved, the queue is taken first in, first out, and no payout is negative; the ledger transfers give the buyer
 * exactly the Units bought. confirmPayment applies it (OrderService.queue.test.ts and the order engine's model
 * tests check the command end to end).
 */
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { sellPayoutCents } from "../../src/fees/Fees.ts"
import { type Account, member, type TransferDraft } from "../../src/ledger/LedgerModel.ts"
import { type BuySettlement, settleBuy } from "../../src/orders/BuySettlement.ts"
import { OrderEmail } from "../../src/orders/OrderEmails.ts"
import type { OrderRecord } from "../../src/orders/OrderModel.ts"
import { remainingInQueue } from "../../src/orders/SalesQueue.ts"
import { MemberId, OrderId } from "../../src/shared/Ids.ts"

const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 1000)
const AT = Date.UTC(2026, 10, 1)
const ADMIN = {
  _tag: "Admin" as const,
  adminId: MemberId.make("admin"),
  name: "Ada Admin",
  email: "admin@landunits.example",
}
const buyer = MemberId.make("buyer")

const record = (fields: Partial<OrderRecord> & Pick<OrderRecord, "orderId" | "orderType" | "orderStatus">) =>
  ({
    currencyUnit: { unitType: "LAND_USD", numberOfUnits: 1, pricePerUnit: 1000, isDoubleLand: false },
    createdAt: "2026-01-15T00:00:00.000Z",
    updatedAt: "2026-01-15T00:00:00.000Z",
    memberId: buyer,
    sequence: 1,
    timeline: [],
    ...fields,
  }) as OrderRecord

const aBuy = (units: number, status: OrderRecord["orderStatus"], isDoubleLand = false, pricePerUnit = 1000) =>
  record({
    orderId: OrderId.make("buy"),
    orderType: "BUY",
    orderStatus: status,
    currencyUnit: { unitType: "LAND_USD", numberOfUnits: units, pricePerUnit, isDoubleLand },
    sequence: 1000,
    expiresAt: AT + 1,
    paymentDetails: {
      paymentAmount: units * pricePerUnit,
      paymentMethod: "bank",
      paymentMethodFees: { fixedCentsFees: 0, fixedPercentageFees: 0 },
      currency: "USD",
      subTotal: units * pricePerUnit,
      transactionFee: 0,
    },
  })

const aSell = (i: number, seller: string, sequence: number, queuedUnits: number, soldUnits: number) =>
  record({
    orderId: OrderId.make(`sell_${i}`),
    orderType: "SELL",
    orderStatus: soldUnits === 0 ? "InProcess" : "PartialComplete",
    memberId: MemberId.make(seller),
    sequence,
    currencyUnit: {
      unitType: "LAND_USD",
      numberOfUnits: queuedUnits + 2,
      pricePerUnit: 900,
      isDoubleLand: false,
    },
    sell: { source: "owned", feeUnits: 2, queuedUnits, soldUnits, cancelledUnits: 0 },
  })

/** A queue of up to 6 sells by 3 sellers, in any order, each with some of its Units still queued. */
const queueArb = fc.uniqueArray(fc.integer({ min: 1, max: 999 }), { maxLength: 6 }).chain((sequences) =>
  fc.tuple(
    ...sequences.map((sequence, i) =>
      fc
        .record({
          seller: fc.constantFrom("sam", "sue", "sid"),
          queued: fc.integer({ min: 1, max: 60 }),
          soldShare: fc.double({ min: 0, max: 0.99, noNaN: true }),
        })
        .map(({ seller, queued, soldShare }) =>
          aSell(i, seller, sequence, queued, Math.floor(queued * soldShare)),
        ),
    ),
  ),
)

const buyArb = fc
  .record({
    units: fc.integer({ min: 1, max: 300 }),
    status: fc.constantFrom(
      "Initiated",
      "InProcess",
      "PaymentSent",
      "PaymentSent_FromUserCrypto",
      "FundsWaitingApproval",
      "Expired",
    ) as fc.Arbitrary<OrderRecord["orderStatus"]>,
    isDoubleLand: fc.boolean(),
    price: fc.integer({ min: 1, max: 2_000_000 }),
  })
  .map(({ units, status, isDoubleLand, price }) => aBuy(units, status, isDoubleLand, price))

const settled = (order: OrderRecord, queue: ReadonlyArray<OrderRecord>): BuySettlement => {
  const result = settleBuy({ order, queue, at: AT, actor: ADMIN })
  if (Result.isFailure(result)) throw new Error(result.failure.message)
  return result.success
}

const same = (a: Account, b: Account) => JSON.stringify(a) === JSON.stringify(b)
const unitsInto = (transfers: ReadonlyArray<TransferDraft>, account: Account) =>
  transfers.filter((t) => same(t.to, account)).reduce((sum, t) => sum + t.units, 0)
const unitsOutOf = (transfers: ReadonlyArray<TransferDraft>, account: Account) =>
  transfers.filter((t) => same(t.from, account)).reduce((sum, t) => sum + t.units, 0)

describe("settling a buy (settleBuy)", () => {
  it("conserves the Units: the slices taken and the new Units make the buy, and the buyer gets exactly them", () => {
    fc.assert(
      fc.property(buyArb, queueArb, (order, queue) => {
        const s = settled(order, queue)
        const filled = s.fills.reduce((sum, f) => sum + f.units, 0)
        expect(filled + s.fromIssuance).toBe(order.currencyUnit.numberOfUnits)
        expect(s.payouts.map((p) => p.units)).toEqual(s.fills.map((f) => f.units))
        const target = member(buyer, order.currencyUnit.isDoubleLand ? "owned_DOUBLE_LAND" : "owned")
        expect(unitsInto(s.transfers, target)).toBe(order.currencyUnit.numberOfUnits)
        // The reservation is used up: a late payment reserves again what it then moves.
        const pending = member(buyer, "pendingBuy")
        expect(unitsOutOf(s.transfers, pending) - unitsInto(s.transfers, pending)).toBe(
          order.orderStatus === "Expired" ? 0 : order.currencyUnit.numberOfUnits,
        )
        for (const f of s.fills) {
          expect(unitsOutOf(s.transfers, member(f.before.memberId, "pendingSell"))).toBe(
            s.fills
              .filter((g) => g.before.memberId === f.before.memberId)
              .reduce((sum, g) => sum + g.units, 0),
          )
          expect(f.after.sell!.soldUnits - f.before.sell!.soldUnits).toBe(f.units)
        }
        expect(s.transfers.every((t) => Number.isInteger(t.units) && t.units > 0)).toBe(true)
      }),
      { numRuns: RUNS },
    )
  })

  it("takes the queue first in, first out: only the last sell taken may keep Units, and new Units only once it is empty", () => {
    fc.assert(
      fc.property(buyArb, queueArb, (order, queue) => {
        const s = settled(order, queue)
        if (order.currencyUnit.isDoubleLand) {
          expect(s.fills).toEqual([])
          return
        }
        const sequences = s.fills.map((f) => f.before.sequence)
        expect(sequences).toEqual([...sequences].sort((a, b) => a - b))
        const last = sequences.at(-1) ?? Number.NEGATIVE_INFINITY
        // Every older sell than the last one taken is taken whole.
        for (const sell of queue) {
          const fill = s.fills.find((f) => f.before.orderId === sell.orderId)
          if (sell.sequence < last) {
            expect(fill, sell.orderId).toBeDefined()
            expect(remainingInQueue(fill!.after.sell!)).toBe(0)
          }
          if (sell.sequence > last) expect(fill, sell.orderId).toBeUndefined()
        }
        if (s.fromIssuance > 0) {
          expect(s.fills.map((f) => f.before.orderId).sort()).toEqual(queue.map((q) => q.orderId).sort())
          expect(s.fills.every((f) => remainingInQueue(f.after.sell!) === 0)).toBe(true)
        }
        for (const f of s.fills) {
          expect(f.after.orderStatus).toBe(
            remainingInQueue(f.after.sell!) === 0 ? "AllUnitSold" : "PartialComplete",
          )
        }
      }),
      { numRuns: RUNS },
    )
  })

  it("owes each seller a payout at the buyer's price, never negative, and emails the buyer and each seller", () => {
    fc.assert(
      fc.property(buyArb, queueArb, (order, queue) => {
        const s = settled(order, queue)
        for (const [i, p] of s.payouts.entries()) {
          expect(p.units).toBeGreaterThan(0)
          expect(p.amountCents).toBeGreaterThanOrEqual(0)
          expect(p.amountCents).toBe(sellPayoutCents(p.units, order.currencyUnit.pricePerUnit))
          expect(p.memberId).toBe(s.fills[i]!.before.memberId)
          expect(p).toMatchObject({
            buyOrderId: order.orderId,
            status: "Initiated",
            currency: "USD",
            createdAt: AT,
          })
        }
        expect(s.order.orderStatus).toBe(s.payouts.length === 0 ? "Completed" : "Approved")
        expect(s.order.expiresAt).toBeUndefined()
        expect(s.notices.map((n) => n.memberId)).toEqual([buyer, ...s.fills.map((f) => f.before.memberId)])
        expect(s.notices[0]!.notice.template).toBe(OrderEmail.paymentConfirmed)
      }),
      { numRuns: RUNS },
    )
  })

  it("refuses a buy that cannot be approved, and changes nothing", () => {
    const result = settleBuy({
      order: aBuy(5, "Cancelled"),
      queue: [aSell(1, "sam", 1, 10, 0)],
      at: AT,
      actor: ADMIN,
    })
    expect(Result.isFailure(result) && result.failure._tag).toBe("InvalidTransition")
  })

  it("a buy of 40 against sells of 30 (oldest) and 30 takes 30 and 10, and owes both", () => {
    const s = settled(aBuy(40, "FundsWaitingApproval"), [
      aSell(2, "sue", 20, 30, 0),
      aSell(1, "sam", 10, 30, 0),
    ])
    expect(s.fills.map((f) => [f.before.orderId, f.units, f.after.orderStatus])).toEqual([
      ["sell_1", 30, "AllUnitSold"],
      ["sell_2", 10, "PartialComplete"],
    ])
    expect(s.fromIssuance).toBe(0)
    expect(s.notices.map((n) => n.notice.template)).toEqual([
      OrderEmail.paymentConfirmed,
      OrderEmail.saleAllSold,
      OrderEmail.salePartlyFilled,
    ])
    expect(s.order.timeline.at(-1)).toMatchObject({ to: "Approved", actor: ADMIN })
  })
})
