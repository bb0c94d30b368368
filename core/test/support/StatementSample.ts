/**
 * A statement of any number of orders, for the PDF's layout tests and the statements benchmark: a member's
 * buys by every method in several statuses (paid, unpaid, cancelled), sells filled by another member's buy
 * with their payouts, transfers sent and received, and conversions, with the ledger transfers each made.
 * Deterministic: the same count gives the same statement.
 */
import { FEES, ISSUANCE, member, type Transfer, type TransferDraft } from "../../src/ledger/LedgerModel.ts"
import type { OrderRecord, Payout } from "../../src/orders/OrderModel.ts"
import {
  CurrencyOfUnitType,
  type OrderStatus,
  type PaymentMethod,
  type UnitType,
  UnitTypes,
} from "../../src/shared/Enums.ts"
import { MemberId, OrderId, PayoutId, TransferId } from "../../src/shared/Ids.ts"
import type { StatementInput } from "../../src/statements/Statement.ts"

export const SAMPLE_MEMBER = MemberId.make("mem_3f2a9c0b7d1e4f5a8b6c2d0e9f1a3b4c")
const OTHER = MemberId.make("mem_other")
const PRICE = 12_345
const START = Date.UTC(2025, 0, 1)
const YEAR = 365 * 86_400_000

/** 32 hex digits, like the ids of IdGenerator.layerRandom: 24 that look random, then `n` (so each is unique). */
const hexId = (prefix: string, n: number) => {
  let x = (n + 1) * 2_654_435_761
  let hex = ""
  while (hex.length < 24) {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648
    hex += x.toString(16).padStart(8, "0").slice(-8)
  }
  return `${prefix}_${hex.slice(0, 24)}${n.toString(16).padStart(8, "0")}`
}

const BUY_STATUSES: ReadonlyArray<OrderStatus> = [
  "Completed",
  "Completed",
  "Approved",
  "Initiated",
  "FundsWaitingApproval",
  "PaymentSent_FromUserCrypto",
  "Cancelled",
  "Expired",
]
const METHODS: ReadonlyArray<PaymentMethod> = ["card-stripe", "card-square", "bank", "crypto"]

export const sampleStatementInput = (orderCount: number): StatementInput => {
  const orders: Array<OrderRecord> = []
  const transfers: Array<Transfer> = []
  const payouts: Array<Payout> = []
  const step = Math.floor(YEAR / Math.max(orderCount, 1))
  const post = (orderId: string, at: number, unitType: UnitType, draft: Omit<TransferDraft, "unitType">) =>
    transfers.push({
      transferId: TransferId.make(hexId("tr", transfers.length)),
      unitType,
      orderId: OrderId.make(orderId),
      at,
      ...draft,
    })
  const base = (i: number, at: number, unitType: UnitType, units: number) => ({
    orderId: OrderId.make(hexId("ord", i)),
    memberId: SAMPLE_MEMBER,
    sequence: i + 1,
    timeline: [],
    createdAt: new Date(at).toISOString(),
    updatedAt: new Date(at).toISOString(),
    currencyUnit: { unitType, numberOfUnits: units, pricePerUnit: PRICE, isDoubleLand: false },
  })

  // Owned Units per unit type: a sell, a transfer out or a conversion the member could not make is a buy.
  const owned = new Map<UnitType, number>(UnitTypes.map((u) => [u, 0]))
  const needs = [0, 0, 0, 0, 0, 0, 20, 2, 0, 10]
  for (let i = 0; i < orderCount; i++) {
    const at = START + i * step
    const unitType = UnitTypes[Math.floor(i / 10) % UnitTypes.length]!
    const kind = owned.get(unitType)! >= needs[i % 10]! ? i % 10 : 0
    owned.set(unitType, owned.get(unitType)! - needs[kind]! + (kind === 8 ? 3 : 0))
    if (kind <= 5) {
      const status = BUY_STATUSES[Math.floor(i / 10 + kind) % BUY_STATUSES.length]!
      if (status === "Completed" || status === "Approved") owned.set(unitType, owned.get(unitType)! + 12)
      const order: OrderRecord = {
        ...base(i, at, unitType, 12),
        orderType: "BUY",
        orderStatus: status,
        paymentDetails: {
          paymentAmount: 14_914,
          paymentMethod: METHODS[i % METHODS.length]!,
          paymentMethodFees: { fixedCentsFees: 25, fixedPercentageFees: 1.5 },
          currency: CurrencyOfUnitType[unitType],
          subTotal: 14_814,
          transactionFee: 100,
        },
      }
      orders.push(order)
      post(order.orderId, at, unitType, {
        from: ISSUANCE,
        to: member(SAMPLE_MEMBER, "pendingBuy"),
        units: 12,
      })
      if (status === "Completed" || status === "Approved") {
        post(order.orderId, at + 1_000, unitType, {
          from: member(SAMPLE_MEMBER, "pendingBuy"),
          to: member(SAMPLE_MEMBER, "owned"),
          units: 12,
        })
      } else if (status === "Cancelled" || status === "Expired") {
        post(order.orderId, at + 1_000, unitType, {
          from: member(SAMPLE_MEMBER, "pendingBuy"),
          to: ISSUANCE,
          units: 12,
        })
      }
    } else if (kind === 6) {
      const order: OrderRecord = {
        ...base(i, at, unitType, 20),
        orderType: "SELL",
        orderStatus: "PartialComplete",
        sell: { source: "owned", feeUnits: 10, queuedUnits: 10, soldUnits: 4, cancelledUnits: 0 },
      }
      orders.push({ ...order, currencyUnit: { ...order.currencyUnit, sellOrderTransactionFeeInUnits: 10 } })
      const from = member(SAMPLE_MEMBER, "owned")
      post(order.orderId, at, unitType, { from, to: member(SAMPLE_MEMBER, "pendingSell"), units: 10 })
      post(order.orderId, at, unitType, { from, to: FEES, units: 10 })
      const buyId = hexId("ord", orderCount + i)
      post(buyId, at + 2_000, unitType, {
        from: member(SAMPLE_MEMBER, "pendingSell"),
        to: member(OTHER, "owned"),
        units: 4,
      })
      payouts.push({
        payoutId: PayoutId.make(hexId("pay", i)),
        memberId: SAMPLE_MEMBER,
        sellOrderId: order.orderId,
        buyOrderId: OrderId.make(buyId),
        unitType,
        units: 4,
        pricePerUnit: PRICE,
        amountCents: 4_938,
        currency: CurrencyOfUnitType[unitType],
        status: "Completed",
        statusHistory: [
          { status: "Initiated", at: at + 2_000 },
          { status: "Completed", at: at + 3_000 },
        ],
        createdAt: at + 2_000,
      })
    } else if (kind === 7 || kind === 8) {
      const sent = kind === 7
      const order: OrderRecord = {
        ...base(i, at, unitType, sent ? 2 : 3),
        orderType: "TRANSFER",
        orderStatus: "Completed",
        ...(sent ? {} : { memberId: OTHER, recipientMemberId: SAMPLE_MEMBER }),
      }
      orders.push(order)
      post(order.orderId, at, unitType, {
        from: member(sent ? SAMPLE_MEMBER : OTHER, "owned"),
        to: member(sent ? OTHER : SAMPLE_MEMBER, "owned"),
        units: sent ? 2 : 3,
      })
    } else {
      const target = UnitTypes[(UnitTypes.indexOf(unitType) + 1) % UnitTypes.length]!
      const order: OrderRecord = {
        ...base(i, at, unitType, 10),
        orderType: "CONVERT",
        orderStatus: "Locked",
        convert: { numberOfUnits: 15, unitType: target, pricePerUnit: PRICE, exchangeRate: 1_500_000 },
      }
      orders.push({ ...order, currencyUnit: { ...order.currencyUnit, convertOrderTransactionFeeInUnits: 0 } })
      post(order.orderId, at, unitType, { from: member(SAMPLE_MEMBER, "owned"), to: ISSUANCE, units: 10 })
      post(order.orderId, at, target, {
        from: ISSUANCE,
        to: member(SAMPLE_MEMBER, "convertLocked"),
        units: 15,
      })
    }
  }

  return {
    memberId: SAMPLE_MEMBER,
    memberName: "Zoë Ünal-Okonkwo 漢字",
    memberEmail: "zoe.unal-okonkwo@example.com",
    period: { from: "2025-03-01", to: "2025-12-31" },
    orders,
    transfers,
    payouts,
    priceOn: () => PRICE + 1_000,
    generatedAt: Date.UTC(2026, 0, 2, 9, 30),
    checkpoint: SAMPLE_CHECKPOINT,
  }
}

/** The ledger checkpoint the sample statement was made against. */
export const SAMPLE_CHECKPOINT = {
  number: 12,
  at: Date.UTC(2026, 0, 2, 9, 0),
  treeSize: 123_456,
  merkleRoot: "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
}
