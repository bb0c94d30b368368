/**
 * A member's month told through the ledger, for the statement tests: a buy made the day before the period
 * and paid in it, buys in it (one cancelled, one paid after it), a transfer received, a sell partly filled
 * by another member's buy with its payout paid, and orders on both edges of the period.
 */
import { FEES, ISSUANCE, member, type Transfer, type TransferDraft } from "../../src/ledger/LedgerModel.ts"
import type { OrderRecord, Payout } from "../../src/orders/OrderModel.ts"
import { MemberId, OrderId, PayoutId, TransferId } from "../../src/shared/Ids.ts"
import type { StatementInput } from "../../src/statements/Statement.ts"

export const ann = MemberId.make("mem_ann")
export const ben = MemberId.make("mem_ben")

export const order = (
  over: Partial<OrderRecord> & Pick<OrderRecord, "orderId" | "createdAt">,
): OrderRecord => ({
  orderType: "BUY",
  orderStatus: "Completed",
  currencyUnit: { unitType: "LAND_USD", numberOfUnits: 12, pricePerUnit: 10_000, isDoubleLand: false },
  paymentDetails: {
    paymentAmount: 12_345,
    paymentMethod: "bank",
    paymentMethodFees: { fixedCentsFees: 0, fixedPercentageFees: 0 },
    currency: "USD",
    subTotal: 12_000,
    transactionFee: 345,
  },
  updatedAt: over.createdAt,
  memberId: ann,
  sequence: 1,
  timeline: [],
  ...over,
})

const withoutPayment = (o: OrderRecord): OrderRecord => {
  const { paymentDetails: _, ...rest } = o
  return rest
}

export const orders: ReadonlyArray<OrderRecord> = [
  order({ orderId: OrderId.make("ord_before"), createdAt: "2026-02-28T23:59:59.999Z" }),
  order({ orderId: OrderId.make("ord_first"), createdAt: "2026-03-01T00:00:00.000Z" }),
  withoutPayment(
    order({
      orderId: OrderId.make("ord_gift"),
      orderType: "TRANSFER",
      memberId: ben,
      recipientMemberId: ann,
      currencyUnit: { unitType: "LAND_USD", numberOfUnits: 5, pricePerUnit: 10_000, isDoubleLand: false },
      createdAt: "2026-03-15T10:00:00.000Z",
    }),
  ),
  order({
    orderId: OrderId.make("ord_cancelled"),
    orderStatus: "Cancelled",
    currencyUnit: { unitType: "LAND_USD", numberOfUnits: 3, pricePerUnit: 10_000, isDoubleLand: false },
    createdAt: "2026-03-20T10:00:00.000Z",
  }),
  withoutPayment(
    order({
      orderId: OrderId.make("ord_sell"),
      orderType: "SELL",
      orderStatus: "PartialComplete",
      currencyUnit: {
        unitType: "LAND_USD",
        numberOfUnits: 20,
        pricePerUnit: 10_000,
        isDoubleLand: false,
        sellOrderTransactionFeeInUnits: 10,
      },
      sell: { source: "owned", feeUnits: 10, queuedUnits: 10, soldUnits: 4, cancelledUnits: 0 },
      createdAt: "2026-03-25T09:00:00.000Z",
    }),
  ),
  order({ orderId: OrderId.make("ord_last"), createdAt: "2026-03-31T23:59:59.999Z", sequence: 9 }),
  order({ orderId: OrderId.make("ord_after"), createdAt: "2026-04-01T00:00:00.000Z" }),
]

let transferCount = 0
const at = (iso: string, orderId: string, draft: Omit<TransferDraft, "unitType">): Transfer => ({
  transferId: TransferId.make(`tr_${++transferCount}`),
  unitType: "LAND_USD",
  orderId: OrderId.make(orderId),
  at: Date.parse(iso),
  ...draft,
})

export const transfers: ReadonlyArray<Transfer> = [
  at("2026-02-28T23:59:59.999Z", "ord_before", { from: ISSUANCE, to: member(ann, "pendingBuy"), units: 12 }),
  at("2026-03-01T00:00:00.000Z", "ord_first", { from: ISSUANCE, to: member(ann, "pendingBuy"), units: 12 }),
  at("2026-03-02T10:00:00.000Z", "ord_first", {
    from: member(ann, "pendingBuy"),
    to: member(ann, "owned"),
    units: 12,
  }),
  at("2026-03-05T10:00:00.000Z", "ord_before", {
    from: member(ann, "pendingBuy"),
    to: member(ann, "owned"),
    units: 12,
  }),
  at("2026-03-15T10:00:00.000Z", "ord_gift", {
    from: member(ben, "owned"),
    to: member(ann, "owned"),
    units: 5,
  }),
  at("2026-03-20T10:00:00.000Z", "ord_cancelled", {
    from: ISSUANCE,
    to: member(ann, "pendingBuy"),
    units: 3,
  }),
  at("2026-03-20T11:00:00.000Z", "ord_cancelled", {
    from: member(ann, "pendingBuy"),
    to: ISSUANCE,
    units: 3,
  }),
  at("2026-03-25T09:00:00.000Z", "ord_sell", {
    from: member(ann, "owned"),
    to: member(ann, "pendingSell"),
    units: 10,
  }),
  at("2026-03-25T09:00:00.000Z", "ord_sell", { from: member(ann, "owned"), to: FEES, units: 10 }),
  // Ben's buy takes 4 of Ann's queued Units: the transfer carries Ben's order, which is not Ann's.
  at("2026-03-26T12:00:00.000Z", "ord_benbuy", {
    from: member(ann, "pendingSell"),
    to: member(ben, "owned"),
    units: 4,
  }),
  at("2026-03-31T23:59:59.999Z", "ord_last", { from: ISSUANCE, to: member(ann, "pendingBuy"), units: 12 }),
  at("2026-04-01T00:00:00.000Z", "ord_last", {
    from: member(ann, "pendingBuy"),
    to: member(ann, "owned"),
    units: 12,
  }),
  at("2026-04-01T00:00:00.000Z", "ord_after", { from: ISSUANCE, to: member(ann, "pendingBuy"), units: 12 }),
]

export const payouts: ReadonlyArray<Payout> = [
  {
    payoutId: PayoutId.make("pay_1"),
    memberId: ann,
    sellOrderId: OrderId.make("ord_sell"),
    buyOrderId: OrderId.make("ord_benbuy"),
    unitType: "LAND_USD",
    units: 4,
    pricePerUnit: 10_000,
    amountCents: 4_000,
    currency: "USD",
    status: "Completed",
    statusHistory: [
      { status: "Initiated", at: Date.parse("2026-03-26T12:00:00.000Z") },
      { status: "Completed", at: Date.parse("2026-03-28T12:00:00.000Z") },
    ],
    createdAt: Date.parse("2026-03-26T12:00:00.000Z"),
  },
]

export const annInput: StatementInput = {
  memberId: ann,
  memberName: "Ann Lee",
  memberEmail: "ann@example.com",
  period: { from: "2026-03-01", to: "2026-03-31" },
  orders,
  transfers,
  payouts,
  priceOn: (unitType) => (unitType === "LAND_USD" ? 10_000 : undefined),
  generatedAt: Date.UTC(2026, 3, 2, 10, 15),
}
