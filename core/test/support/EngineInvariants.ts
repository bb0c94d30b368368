/**
 * The ledger and order invariants of docs/ledger.md, checked on the whole state of an engine harness.
 * Each check throws an Error whose message starts with the invariant's name, so a failing property says
 * which rule broke.
 */
import { Effect } from "effect"
import { sumBalances } from "../../src/ledger/Ledger.ts"
import type { Transfer } from "../../src/ledger/LedgerModel.ts"
import { LedgerStore, type LedgerTotals } from "../../src/ledger/ports/LedgerStore.ts"
import { type TransferChainsVerified, verifyTransferChains } from "../../src/ledger/TransferChainWalk.ts"
import { convertRemainderCents } from "../../src/orders/Convert.ts"
import type { OrderRecord, Payout } from "../../src/orders/OrderModel.ts"
import {
  canPayoutTransition,
  canTransition,
  QUEUED_SELL_STATUSES,
  RESERVING_BUY_STATUSES,
} from "../../src/orders/OrderTransitions.ts"
import { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import { PayoutRepository } from "../../src/orders/ports/PayoutRepository.ts"
import { canonicalJson } from "../../src/orders/RequestHash.ts"
import type { PriceBookConfig } from "../../src/pricing/ports/PriceBook.ts"
import { PRICE_SCALE } from "../../src/shared/Constants.ts"
import { CurrencyOfUnitType, type UnitType, UnitTypes } from "../../src/shared/Enums.ts"
import type { MemberId } from "../../src/shared/Ids.ts"
import type { OrderHarness } from "./OrderHarness.ts"

export interface EngineState {
  readonly orders: ReadonlyArray<OrderRecord>
  readonly payouts: ReadonlyArray<Payout>
  readonly totals: Readonly<Record<UnitType, LedgerTotals>>
  /** Every transfer, gathered order by order. */
  readonly transfers: ReadonlyArray<Transfer>
  /** Store balances of each member: "unitType|bucket" → units. */
  readonly memberBalances: Readonly<Record<string, Readonly<Record<string, number>>>>
  /** Issue 21: the first break of the transfers' hash chains (ChainVerifier.ts), or null when they verify. */
  readonly chainBreak: string | null
}

/** What the last check of each store's chains recomputed (keyed by the LedgerStore service, one per harness). */
const chainsVerified = new WeakMap<object, TransferChainsVerified>()

/**
 * Every transfer's chain recomputed from the store's rows, in pages, and checked against its recorded head. After
 * every step only the rows appended since the last check are read, each chain going on from the head that check
 * recomputed: the same verification, without walking the whole history again at each step (a quarter of the
 * model's time before).
 */
const chainBreakEffect = Effect.gen(function* () {
  const store = yield* LedgerStore
  const from = chainsVerified.get(store)
  const verified = yield* verifyTransferChains({ pageSize: 500, ...(from === undefined ? {} : { from }) })
  chainsVerified.set(store, verified)
  return null
}).pipe(Effect.catchTag("TransferChainBroken", (found) => Effect.succeed(`${found.kind}: ${found.message}`)))

/** The whole state, read through the ports: works on any adapters (memory here, PostgreSQL in adapters). */
export const readStateEffect = (memberIds: ReadonlyArray<MemberId>) =>
  Effect.gen(function* () {
    const repo = yield* OrderRepository
    const payoutRepo = yield* PayoutRepository
    const store = yield* LedgerStore
    const orders = yield* repo.find({})
    const payouts = yield* payoutRepo.find({})
    const totals = {} as Record<UnitType, LedgerTotals>
    for (const unitType of UnitTypes) totals[unitType] = yield* store.totals(unitType)
    const transfers: Array<Transfer> = []
    for (const order of orders) transfers.push(...(yield* store.transfersByOrder(order.orderId)))
    const memberBalances: Record<string, Record<string, number>> = {}
    for (const memberId of memberIds) {
      const balances: Record<string, number> = {}
      for (const b of yield* store.memberBalances(memberId)) {
        if (b.account._tag === "MemberAccount") balances[`${b.unitType}|${b.account.bucket}`] = b.units
      }
      memberBalances[memberId] = balances
    }
    const chainBreak = yield* chainBreakEffect
    return { orders, payouts, totals, transfers, memberBalances, chainBreak } satisfies EngineState
  })

export const readState = (h: OrderHarness, memberIds: ReadonlyArray<MemberId>) =>
  h.run(readStateEffect(memberIds))

/** The state as text, to compare two states (the same objects always serialize the same way). */
export const stateText = (state: EngineState): string => JSON.stringify(state)

const fail = (invariant: string, detail: string): never => {
  throw new Error(`${invariant}: ${detail}`)
}

const balanceOf = (state: EngineState, memberId: string, unitType: UnitType, bucket: string): number =>
  state.memberBalances[memberId]?.[`${unitType}|${bucket}`] ?? 0

/** Balances are sums of the transfers; per unit type all accounts sum to zero; no member account is negative. */
export const checkDoubleEntry = (state: EngineState) => {
  const sums = sumBalances(state.transfers)
  const recomputed: Record<string, Record<string, number>> = {}
  for (const unitType of UnitTypes) {
    recomputed[unitType] = {
      owned: 0,
      owned_DOUBLE_LAND: 0,
      pendingBuy: 0,
      pendingSell: 0,
      convertLocked: 0,
      issuance: 0,
      fees: 0,
    }
  }
  for (const b of sums.values()) {
    const name = b.account._tag === "MemberAccount" ? b.account.bucket : b.account.name
    recomputed[b.unitType]![name]! += b.units
    if (b.account._tag === "MemberAccount") {
      if (b.units < 0)
        fail(
          "no member account negative",
          `${b.account.memberId} ${b.unitType} ${b.account.bucket} = ${b.units}`,
        )
      const stored = balanceOf(state, b.account.memberId, b.unitType, b.account.bucket)
      if (stored !== b.units) {
        fail(
          "balances are sums of transfers",
          `${b.account.memberId} ${b.unitType} ${b.account.bucket}: ${stored} ≠ ${b.units}`,
        )
      }
    }
  }
  for (const unitType of UnitTypes) {
    const totals = state.totals[unitType]
    if (canonicalJson(totals) !== canonicalJson(recomputed[unitType])) {
      fail(
        "balances are sums of transfers",
        `${unitType} totals ${canonicalJson(totals)} ≠ ${canonicalJson(recomputed[unitType])}`,
      )
    }
    const others =
      totals.owned +
      totals.owned_DOUBLE_LAND +
      totals.pendingBuy +
      totals.pendingSell +
      totals.convertLocked +
      totals.fees
    if (totals.issuance + others !== 0) {
      fail(
        "issuance balances the sum of all other accounts",
        `${unitType}: issuance ${totals.issuance}, others ${others}`,
      )
    }
  }
  for (const t of state.transfers) {
    if (!Number.isSafeInteger(t.units) || t.units <= 0)
      fail("transfers move positive whole Units", canonicalJson(t))
    if (!state.orders.some((o) => o.orderId === t.orderId))
      fail("every transfer carries its order", canonicalJson(t))
  }
}

/**
 * Units sold never exceed the land capacity: per unit type, Units issued and not offered back in the sales
 * queue, valued at today's price, stay within the project land value (spec §5's availability formula).
 */
export const checkLandCapacity = (state: EngineState, priceBook: PriceBookConfig) => {
  for (const unitType of UnitTypes) {
    const totals = state.totals[unitType]
    const sold = -totals.issuance - totals.pendingSell
    const price = priceBook.prices[unitType].pricePerUnit
    const land = priceBook.landLimits[unitType].totalProjectLandValueInCents
    if (sold * price > land * (PRICE_SCALE / 100)) {
      fail("units sold never exceed land capacity", `${unitType}: ${sold} Units at ${price} > ${land} cents`)
    }
  }
}

/** The ledger and the orders tell the same story: reservations, queued Units and locked conversions. */
export const checkOrdersMatchLedger = (state: EngineState, memberIds: ReadonlyArray<MemberId>) => {
  for (const memberId of memberIds) {
    for (const unitType of UnitTypes) {
      const mine = state.orders.filter((o) => o.memberId === memberId)
      const pendingBuy = mine
        .filter((o) => o.orderType === "BUY" && o.currencyUnit.unitType === unitType)
        .filter((o) => (RESERVING_BUY_STATUSES as ReadonlyArray<string>).includes(o.orderStatus))
        .reduce((sum, o) => sum + o.currencyUnit.numberOfUnits, 0)
      const queued = mine
        .filter((o) => o.orderType === "SELL" && o.currencyUnit.unitType === unitType)
        .filter((o) => (QUEUED_SELL_STATUSES as ReadonlyArray<string>).includes(o.orderStatus))
        .reduce((sum, o) => sum + o.sell!.queuedUnits - o.sell!.soldUnits - o.sell!.cancelledUnits, 0)
      const locked = mine
        .filter(
          (o) => o.orderType === "CONVERT" && o.orderStatus === "Locked" && o.convert!.unitType === unitType,
        )
        .reduce((sum, o) => sum + o.convert!.numberOfUnits, 0)
      const check = (bucket: string, expected: number, rule: string) => {
        const actual = balanceOf(state, memberId, unitType, bucket)
        if (actual !== expected)
          fail(rule, `${memberId} ${unitType} ${bucket} is ${actual}, orders say ${expected}`)
      }
      check("pendingBuy", pendingBuy, "pendingBuy holds exactly the reservations of unpaid buys")
      check("pendingSell", queued, "the sales queue holds exactly the unsold rest of open sells")
      check("convertLocked", locked, "convertLocked holds exactly the Units of Locked converts")
    }
  }
  for (const order of state.orders) {
    if (order.orderType !== "SELL") continue
    const s = order.sell!
    const remaining = s.queuedUnits - s.soldUnits - s.cancelledUnits
    if (remaining < 0) fail("the sales queue holds exactly the unsold rest of open sells", order.orderId)
    const queued = (QUEUED_SELL_STATUSES as ReadonlyArray<string>).includes(order.orderStatus)
    if (queued !== remaining > 0) {
      fail(
        "the sales queue holds exactly the unsold rest of open sells",
        `${order.orderId} ${order.orderStatus} with ${remaining} left`,
      )
    }
  }
}

/**
 * Every status change is an allowed transition recorded once in the order's timeline: the timeline opens with
 * the order placed Initiated by its member, each later entry goes from where the one before ended to a status the
 * table allows, never back in time, and the last is the order's status. The timeline only grows.
 */
export const checkTransitions = (state: EngineState, previous: EngineState | undefined) => {
  const before = new Map((previous?.orders ?? []).map((o) => [o.orderId, o]))
  for (const order of state.orders) {
    const [first, ...moves] = order.timeline
    if (first === undefined || first.to !== "Initiated" || first.from !== undefined)
      return fail("every order starts Initiated", order.orderId)
    if (first.actor._tag !== "Member" || first.actor.memberId !== order.memberId)
      fail("every order is placed by its member", order.orderId)
    if (order.timeline.at(-1)!.to !== order.orderStatus)
      fail("the timeline ends at orderStatus", order.orderId)
    let last = first
    for (const entry of moves) {
      if (entry.from !== last.to) {
        fail(
          "each timeline entry starts where the one before ended",
          `${order.orderId}: ${last.to}, then ${entry.from} → ${entry.to}`,
        )
      }
      if (!canTransition(order.orderType, last.to, entry.to)) {
        fail(
          "every status change is an allowed transition",
          `${order.orderType} ${order.orderId}: ${last.to} → ${entry.to}`,
        )
      }
      if (entry.at < last.at) fail("the timeline never goes back in time", order.orderId)
      last = entry
    }
    const old = before.get(order.orderId)
    if (old !== undefined) {
      const prefix = canonicalJson(order.timeline.slice(0, old.timeline.length))
      if (prefix !== canonicalJson(old.timeline)) fail("the timeline is append-only", order.orderId)
    }
  }
  for (const payout of state.payouts) {
    const history = payout.statusHistory.map((c) => c.status)
    if (history[0] !== "Initiated" || history.at(-1) !== payout.status)
      fail("payout history", payout.payoutId)
    for (let i = 1; i < history.length; i++) {
      if (!canPayoutTransition(payout.currency === "AUD", history[i - 1]!, history[i]!)) {
        fail(
          "every payout status change is an allowed transition",
          `${payout.payoutId}: ${history[i - 1]} → ${history[i]}`,
        )
      }
    }
  }
}

/** Completed rules: a buy is Completed exactly when it is settled, a sell when it is sold out and paid. */
export const checkCompletion = (state: EngineState) => {
  for (const order of state.orders) {
    if (order.orderType !== "BUY" && order.orderType !== "SELL") continue
    const payouts = state.payouts.filter(
      (p) => (order.orderType === "BUY" ? p.buyOrderId : p.sellOrderId) === order.orderId,
    )
    const allPaid = payouts.every((p) => p.status === "Completed")
    if (order.orderType === "BUY" && order.orderStatus === "Approved" && allPaid) {
      fail("a buy completes once every payout it created is paid", order.orderId)
    }
    if (order.orderType === "BUY" && order.orderStatus === "Completed" && !allPaid) {
      fail("a buy completes once every payout it created is paid", order.orderId)
    }
    if (order.orderType === "SELL" && order.orderStatus === "AllUnitSold" && allPaid && payouts.length > 0) {
      fail("a sell completes once sold out and every payout is paid", order.orderId)
    }
  }
}

/**
 * A convert's remainder is never kept (shared/decisions.md, "Converts"): each convert names the remainder its own
 * recorded prices and rate give (cents of the source currency, rounded up), and a remainder above 0 is exactly
 * one payout owed to the convert's member, in that currency, for that amount; 0 owes none. Every remainder payout
 * belongs to a convert.
 */
export const checkConvertRemainders = (state: EngineState) => {
  const remainders = new Map<string, ReadonlyArray<Payout>>()
  for (const payout of state.payouts) {
    if (payout.kind !== "convertRemainder") continue
    remainders.set(payout.sellOrderId, [...(remainders.get(payout.sellOrderId) ?? []), payout])
  }
  const converts = new Set<string>()
  for (const order of state.orders) {
    if (order.orderType !== "CONVERT") continue
    converts.add(order.orderId)
    const convert = order.convert!
    const expected = convertRemainderCents({
      units: order.currencyUnit.numberOfUnits,
      fromPricePerUnit: order.currencyUnit.pricePerUnit,
      toPricePerUnit: convert.pricePerUnit,
      exchangeRate: convert.exchangeRate,
    })
    if (convert.remainderInCents !== expected)
      fail(
        "a convert names the remainder its prices and rate give",
        `${order.orderId}: ${convert.remainderInCents} ≠ ${expected}`,
      )
    const owed = remainders.get(order.orderId) ?? []
    const source = CurrencyOfUnitType[order.currencyUnit.unitType]
    const right =
      expected === 0
        ? owed.length === 0 && convert.remainderPayoutId === undefined
        : owed.length === 1 &&
          owed[0]!.payoutId === convert.remainderPayoutId &&
          owed[0]!.memberId === order.memberId &&
          owed[0]!.buyOrderId === order.orderId &&
          owed[0]!.amountCents === expected &&
          owed[0]!.currency === source &&
          convert.remainderCurrency === source
    if (!right) fail("a convert's remainder is one payout owed to its member, never kept", order.orderId)
  }
  for (const orderId of remainders.keys()) {
    if (!converts.has(orderId)) fail("every remainder payout belongs to a convert", orderId)
  }
}

export const checkAll = (
  h: Pick<OrderHarness, "priceBook">,
  memberIds: ReadonlyArray<MemberId>,
  state: EngineState,
  previous: EngineState | undefined,
) => {
  checkDoubleEntry(state)
  checkLandCapacity(state, h.priceBook.current)
  checkOrdersMatchLedger(state, memberIds)
  checkTransitions(state, previous)
  checkCompletion(state)
  checkConvertRemainders(state)
  checkChains(state)
}

/** Every unit type's hash chain verifies after every step (issue 21). */
export const checkChains = (state: EngineState) => {
  if (state.chainBreak !== null) fail("chains verify", state.chainBreak)
}
