/**
 * The model of the ledger and the order engine for fast-check's model-based tests (`fc.commands`), shared by the
 * four property files core/test/orders/OrderEngine.model.*.test.ts (one file each, so that a run spreads them
 * over its workers).
 *
 * Random sequences of every command — buy (every payment method, LU2X, reference codes), update amount,
 * start payment, success_order, funds received, confirm, fail, decline, cancel, expire, sell, cancel unsold rest,
 * transfer, convert, unlock, payout ready/paid — over four members and all four unit types, with the clock
 * moving and KYC changing between them. After every step the invariants of docs/ledger.md are checked
 * (EngineInvariants.ts), every command is replayed with its key (nothing may change), and a refused
 * command must have written nothing.
 *
 * Runs: 1,000 sequences per property by default; LEDGER_PROPERTY_RUNS raises it for an audit run (the path
 * prefix picks the three files):
 *   LEDGER_PROPERTY_RUNS=100000 npx vitest run --config vitest.workspace.ts core/test/orders/OrderEngine.model
 */
import { Clock, type Context, Effect, Result } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { expect } from "vitest"
import type { OrderRecord } from "../../src/orders/OrderModel.ts"
import type { OrderService } from "../../src/orders/OrderService.ts"
import { byJob, byMember, byProvider, type OrderActor } from "../../src/orders/OrderTimeline.ts"
import { CONFIRMABLE_BUY_STATUSES, QUEUED_SELL_STATUSES } from "../../src/orders/OrderTransitions.ts"
import { CONVERT_LOCK_MS, DEFAULT_EXTERNAL_FEES, Durations } from "../../src/shared/Constants.ts"
import {
  type CryptoCoin,
  type KycStatus,
  type PaymentMethod,
  PaymentMethods,
  type UnitType,
  UnitTypes,
} from "../../src/shared/Enums.ts"
import { type IdempotencyKey, MemberId, OrderId, type PayoutId } from "../../src/shared/Ids.ts"
import { checkProperty } from "./EffectProperty.ts"
import { checkAll, type EngineState, readState, stateText } from "./EngineInvariants.ts"
import {
  ADMIN,
  defaultLand,
  makeOrderHarness,
  type OrderHarness,
  perUnitType,
  type Services,
  standing,
  unitPrice,
} from "./OrderHarness.ts"

export const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 1000)
// CPU-bound: generous, so a loaded 2-core machine slows it without failing it.
export const TIMEOUT_MS = Math.max(400_000, RUNS * 400)

const MEMBERS = ["alice", "bob", "carol", "dave"].map((m) => MemberId.make(m))

// A small world where limits bind: 300 Units of land per type, an LU2X cap of 60 Units, distinct prices,
// a pending-purchase limit on LAND_POUND, a convert fee on LAND_AUD, a 3-Unit sell fee on LAND_POUND.
const PRICES: Record<UnitType, number> = {
  LAND_EUR: 10_000,
  LAND_USD: 12_345,
  LAND_AUD: 7_777,
  LAND_POUND: 15_000,
}
const landFor = (unitType: UnitType) =>
  defaultLand({
    totalProjectLandValueInCents: (300 * PRICES[unitType]) / 10,
    maxDoubleLandUnitsBoughtValueInCents: (60 * PRICES[unitType]) / 10,
    ...(unitType === "LAND_POUND" ? { maxPendingPurchaseCents: 600_000 } : {}),
  })

const newWorld = () =>
  makeOrderHarness({
    members: [standing("alice"), standing("bob"), standing("carol"), standing("dave", "UnVerified", false)],
    codes: [
      { code: "SAVE10", isPercent: true, amount: 10, minPaymentAmountInCents: 0 },
      { code: "FLAT5", isPercent: false, amount: 500, minPaymentAmountInCents: 20_000 },
    ],
    priceBook: {
      prices: perUnitType((u) =>
        unitPrice(u, PRICES[u], {
          ...(u === "LAND_POUND" ? { sellOrderTransactionFeeInUnits: 3 } : {}),
          ...(u === "LAND_AUD" ? { convertOrderTransactionFeeInUnits: 2 } : {}),
        }),
      ),
      externalFees: DEFAULT_EXTERNAL_FEES,
      landLimits: perUnitType(landFor),
    },
  })

// The model: what the test remembers independently of the engine.
interface Lot {
  readonly memberId: MemberId
  readonly unitType: UnitType
  readonly units: number
  readonly at: number
}
interface Model {
  readonly buys: Array<OrderId>
  readonly sells: Array<OrderId>
  readonly payouts: Array<PayoutId>
  readonly lots: Array<Lot>
  state: EngineState | undefined
  steps: number
}

// LU2X vesting, written again independently of src/orders/DoubleLandVesting.ts.
const monthsAfter = (at: number, k: number): number => {
  const d = new Date(at)
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + k, 1))
  const daysInMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  return Date.UTC(
    first.getUTCFullYear(),
    first.getUTCMonth(),
    Math.min(d.getUTCDate(), daysInMonth),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  )
}
const modelVested = (lot: Lot, now: number): number => {
  let months = 0
  while (months < 24 && monthsAfter(lot.at, months + 1) <= now) months++
  const percent = months < 6 ? 0 : Math.min(100, (months - 5) * 10)
  return Math.floor((lot.units * percent) / 100)
}
const modelMovable = (
  model: Model,
  state: EngineState,
  memberId: MemberId,
  unitType: UnitType,
  now: number,
) => {
  const balance = state.memberBalances[memberId]?.[`${unitType}|owned_DOUBLE_LAND`] ?? 0
  const locked = model.lots
    .filter((l) => l.memberId === memberId && l.unitType === unitType)
    .reduce((sum, l) => sum + l.units - modelVested(l, now), 0)
  return Math.max(0, balance - locked)
}

const pick = <A>(list: ReadonlyArray<A>, index: number): A | undefined =>
  list.length === 0 ? undefined : list[index % list.length]

/** How often each command ended how: printed with LEDGER_OUTCOMES=1, to see what a run exercised. */
const OUTCOMES = new Map<string, number>()
type Run<A> = (key: IdempotencyKey) => Effect.Effect<A, unknown, Services>

/**
 * One step: run the command, check a refusal wrote nothing, replay it with the same key (same answer,
 * nothing changes), try the key with another request (refused, nothing changes), then every invariant.
 */
const step = <A>(
  model: Model,
  h: OrderHarness,
  name: string,
  actor: OrderActor,
  command: Run<A>,
  tampered?: Run<unknown>,
) =>
  Effect.gen(function* () {
    const before = model.state ?? (yield* readState(h, MEMBERS))
    const key = h.key()
    const first = yield* h.result(command(key))
    const after = yield* readState(h, MEMBERS)
    const afterText = stateText(after)
    if (Result.isFailure(first)) {
      expect(afterText, "a refused command changes nothing").toBe(stateText(before))
    }
    const replay = yield* h.result(command(key))
    expect(replay, "replaying a command with its key returns the first result").toEqual(first)
    expect(stateText(yield* readState(h, MEMBERS)), "replaying a command with its key changes nothing").toBe(
      afterText,
    )
    if (Result.isSuccess(first) && tampered !== undefined) {
      const other = yield* h.result(tampered(key))
      expect(Result.isFailure(other) && (other.failure as { _tag: string })._tag).toBe("IdempotencyKeyReused")
      expect(
        stateText(yield* readState(h, MEMBERS)),
        "a reused key with another request changes nothing",
      ).toBe(afterText)
    }
    OUTCOMES.set(`${name}:${tagOf(first)}`, (OUTCOMES.get(`${name}:${tagOf(first)}`) ?? 0) + 1)
    checkAll(h, MEMBERS, after, before)
    checkTimelineActors(before, after, actor, yield* Clock.currentTimeMillis)
    model.state = after
    model.steps++
    return first
  })

/**
 * Every timeline entry a command added, to any order (its own, a sell its confirmation filled, a buy its payout
 * completed), names the command's actor and the command's instant. With checkTransitions (each entry one
 * allowed move from where the last ended, the last at orderStatus), each status change is recorded exactly once.
 */
const checkTimelineActors = (before: EngineState, after: EngineState, actor: OrderActor, now: number) => {
  const lengthBefore = new Map(before.orders.map((o) => [o.orderId, o.timeline.length]))
  for (const order of after.orders) {
    for (const entry of order.timeline.slice(lengthBefore.get(order.orderId) ?? 0)) {
      expect(entry.actor, `${order.orderId} ${entry.from} → ${entry.to}: recorded with who acted`).toEqual(
        actor,
      )
      expect(
        entry.at,
        `${order.orderId} ${entry.from} → ${entry.to}: recorded at the command's instant`,
      ).toBe(now)
    }
  }
}

const PROVIDER = byProvider("stripe", "evt_model_test")

const tagOf = (result: Result.Result<unknown, unknown>) =>
  Result.isFailure(result) ? (result.failure as { _tag: string })._tag : "Success"

/** The world a sequence runs against: the harness, and the test's context (its TestClock) to run each command in. */
interface World {
  readonly h: OrderHarness
  readonly context: Context.Context<never>
}
type Cmd = fc.AsyncCommand<Model, World>

/** A command as fast-check runs it: its name (shown in counterexamples) and what it does, as an Effect. */
const command = (name: string, run: (model: Model, h: OrderHarness) => Effect.Effect<void>): Cmd => ({
  check: () => true,
  run: (model, world) => Effect.runPromiseWith(world.context)(run(model, world.h)),
  toString: () => name,
})

const service = (h: OrderHarness): OrderService["Service"] => h.orders

/** The buy (or sell) picked by `index` among those the sequence created, as it is now. */
const orderAt = (model: Model, index: number, list: "buys" | "sells" = "buys"): OrderRecord | undefined => {
  const orderId = pick(model[list], index)
  return model.state!.orders.find((o) => o.orderId === orderId)
}

/** An amount of Units: absolute, or a percentage of what the member holds in the bucket (at least 1). */
type Amount = { readonly units: number } | { readonly percent: number }
const amountText = (amount: Amount) => ("units" in amount ? `${amount.units}` : `${amount.percent}%`)
const resolve = (
  amount: Amount,
  model: Model,
  memberId: MemberId,
  unitType: UnitType,
  bucket: string,
): number =>
  "units" in amount
    ? amount.units
    : Math.max(
        1,
        Math.floor(
          ((model.state!.memberBalances[memberId]?.[`${unitType}|${bucket}`] ?? 0) * amount.percent) / 100,
        ),
      )

const createBuy = (
  memberIndex: number,
  unitType: UnitType,
  units: number,
  method: PaymentMethod,
  isDoubleLand: boolean,
  code: string | undefined,
) =>
  command(
    `createBuy(${MEMBERS[memberIndex]}, ${unitType}, ${units}, ${method}, LU2X=${isDoubleLand}, ${code})`,
    (model, h) =>
      Effect.gen(function* () {
        const request = {
          memberId: MEMBERS[memberIndex]!,
          unitType,
          numberOfUnits: units,
          paymentMethod: method,
          isDoubleLand,
          referenceCode: code,
        }
        const result = yield* step(
          model,
          h,
          "createBuy",
          byMember(MEMBERS[memberIndex]!),
          (key) => service(h).createBuy({ confirmsBusinessPurpose: true, ...request, idempotencyKey: key }),
          (key) =>
            service(h).createBuy({
              confirmsBusinessPurpose: true,
              ...request,
              numberOfUnits: units + 1,
              idempotencyKey: key,
            }),
        )
        if (Result.isSuccess(result)) model.buys.push(result.success.orderId)
      }),
  )

/**
 * Several buys placed at once, so that they are committed in batches (BuyBatches.ts): every invariant holds after
 * them; the orders added are exactly the buys answered with one, and each unit type's pending Units grew by exactly
 * their Units; replayed with their keys (all at once again), the committed ones answer their first results, the
 * refused ones are refused again, and nothing changes.
 */
const createBuysAtOnce = (
  buys: ReadonlyArray<readonly [number, UnitType, number, PaymentMethod, boolean, string | undefined]>,
) =>
  command(`createBuysAtOnce(${buys.map((b) => b.join(" ")).join("; ")})`, (model, h) =>
    Effect.gen(function* () {
      const before = model.state ?? (yield* readState(h, MEMBERS))
      const requests = buys.map(
        ([m, unitType, numberOfUnits, paymentMethod, isDoubleLand, referenceCode]) => ({
          confirmsBusinessPurpose: true,
          memberId: MEMBERS[m]!,
          unitType,
          numberOfUnits,
          paymentMethod,
          isDoubleLand,
          referenceCode,
          idempotencyKey: h.key(),
        }),
      )
      const placeAll = Effect.forEach(requests, (r) => h.result(service(h).createBuy(r)), {
        concurrency: "unbounded",
      })
      const first = yield* placeAll
      const after = yield* readState(h, MEMBERS)
      const accepted = first.flatMap((r) => (Result.isSuccess(r) ? [r.success] : []))
      const known = new Set(before.orders.map((o) => o.orderId))
      expect(
        after.orders
          .filter((o) => !known.has(o.orderId))
          .map((o) => o.orderId)
          .sort(),
        "the orders added are the buys answered with one",
      ).toEqual(accepted.map((o) => o.orderId).sort())
      for (const u of UnitTypes) {
        const units = accepted
          .filter((o) => o.currencyUnit.unitType === u)
          .reduce((sum, o) => sum + o.currencyUnit.numberOfUnits, 0)
        expect(after.totals[u].pendingBuy - before.totals[u].pendingBuy, `${u}: pending Units`).toBe(units)
      }
      // A refused buy saved no key: replayed, it is judged again, now with the whole batch counted (still refused).
      const again = yield* placeAll
      expect(
        again.map((r, i) => (Result.isSuccess(first[i]!) ? r : Result.isFailure(r))),
        "buys replayed at once with their keys: each committed one answers its first result, each refused one is refused",
      ).toEqual(first.map((r) => (Result.isSuccess(r) ? r : true)))
      expect(stateText(yield* readState(h, MEMBERS)), "replaying the buys changes nothing").toBe(
        stateText(after),
      )
      for (const r of first)
        OUTCOMES.set(`createBuysAtOnce:${tagOf(r)}`, (OUTCOMES.get(`createBuysAtOnce:${tagOf(r)}`) ?? 0) + 1)
      checkAll(h, MEMBERS, after, before)
      model.buys.push(...accepted.map((o) => o.orderId))
      model.state = after
      model.steps++
    }),
  )

const updateBuyAmount = (index: number, units: number, method: PaymentMethod) =>
  command(`updateBuyAmount(#${index}, ${units}, ${method})`, (model, h) =>
    Effect.gen(function* () {
      const order = orderAt(model, index)
      if (order === undefined) return
      const request = {
        memberId: order.memberId,
        orderId: order.orderId,
        numberOfUnits: units,
        paymentMethod: method,
      }
      yield* step(
        model,
        h,
        "updateBuyAmount",
        byMember(order.memberId),
        (key) => service(h).updateBuyAmount({ ...request, idempotencyKey: key }),
        (key) => service(h).updateBuyAmount({ ...request, numberOfUnits: units + 1, idempotencyKey: key }),
      )
    }),
  )

const startPayment = (index: number, coin: CryptoCoin | undefined) =>
  command(`startPayment(#${index}, ${coin})`, (model, h) =>
    Effect.gen(function* () {
      const order = orderAt(model, index)
      if (order === undefined) return
      yield* step(model, h, "startPayment", byMember(order.memberId), (key) =>
        service(h).startPayment({
          memberId: order.memberId,
          orderId: order.orderId,
          coin,
          idempotencyKey: key,
        }),
      )
    }),
  )

const successOrder = (index: number, transactionHash: string | undefined) =>
  command(`successOrder(#${index}, ${transactionHash})`, (model, h) =>
    Effect.gen(function* () {
      const order = orderAt(model, index)
      if (order === undefined) return
      const result = yield* step(model, h, "successOrder", byMember(order.memberId), (key) =>
        service(h).successOrder({
          memberId: order.memberId,
          orderId: order.orderId,
          transactionHash,
          idempotencyKey: key,
        }),
      )
      if (Result.isSuccess(result) && order.paymentDetails?.paymentMethod.startsWith("card")) {
        expect(result.success.orderStatus, "a card success_order never moves Units by itself").toBe(
          order.orderStatus,
        )
      }
    }),
  )

/** Who cancels: the member, or an admin for the member with a reason (the CLI's `orders cancel`). */
const cancelCause = (memberId: MemberId, asAdmin: boolean) =>
  asAdmin
    ? { expected: ADMIN, request: { actor: ADMIN, reason: "The member asked by phone" } }
    : { expected: byMember(memberId), request: {} }

const cancelBuy = (index: number, asAdmin: boolean) =>
  command(`cancelBuy(#${index}${asAdmin ? ", by an admin" : ""})`, (model, h) =>
    Effect.gen(function* () {
      const order = orderAt(model, index)
      if (order === undefined) return
      const cause = cancelCause(order.memberId, asAdmin)
      yield* step(model, h, "cancelBuy", cause.expected, (key) =>
        service(h).cancelBuy({
          memberId: order.memberId,
          orderId: order.orderId,
          idempotencyKey: key,
          ...cause.request,
        }),
      )
    }),
  )

const markFundsReceived = (index: number) =>
  command(`markFundsReceived(#${index})`, (model, h) =>
    Effect.gen(function* () {
      const order = orderAt(model, index)
      if (order === undefined) return
      yield* step(model, h, "markFundsReceived", ADMIN, (key) =>
        service(h).markFundsReceived({ actor: ADMIN, orderId: order.orderId, idempotencyKey: key }),
      )
    }),
  )

const confirmPayment = (index: number) =>
  command(`confirmPayment(#${index})`, (model, h) =>
    Effect.gen(function* () {
      const order = orderAt(model, index)
      if (order === undefined) return
      // The expected fill, computed from the state before: the oldest queued sells of the type first.
      const queue = model
        .state!.orders.filter(
          (o) => o.orderType === "SELL" && o.currencyUnit.unitType === order.currencyUnit.unitType,
        )
        .filter((o) => (QUEUED_SELL_STATUSES as ReadonlyArray<string>).includes(o.orderStatus))
        .sort((a, b) => a.sequence - b.sequence)
      const expected: Array<[string, number]> = []
      let wanted =
        order.orderType === "BUY" && !order.currencyUnit.isDoubleLand ? order.currencyUnit.numberOfUnits : 0
      for (const sell of queue) {
        const left = sell.sell!.queuedUnits - sell.sell!.soldUnits - sell.sell!.cancelledUnits
        const taken = Math.min(left, wanted)
        if (taken > 0) expected.push([sell.orderId, taken])
        wanted -= taken
      }
      const result = yield* step(
        model,
        h,
        "confirmPayment",
        ADMIN,
        (key) => service(h).confirmPayment({ actor: ADMIN, orderId: order.orderId, idempotencyKey: key }),
        (key) =>
          service(h).confirmPayment({
            actor: ADMIN,
            orderId: OrderId.make(`${order.orderId}-other`),
            idempotencyKey: key,
          }),
      )
      if (Result.isSuccess(result)) {
        expect(
          result.success.payouts.map((p) => [p.sellOrderId, p.units]),
          "the sales queue settles oldest first",
        ).toEqual(expected)
        for (const p of result.success.payouts) model.payouts.push(p.payoutId)
        if (order.currencyUnit.isDoubleLand) {
          model.lots.push({
            memberId: order.memberId,
            unitType: order.currencyUnit.unitType,
            units: order.currencyUnit.numberOfUnits,
            at: yield* Clock.currentTimeMillis,
          })
        }
      } else if (
        order.orderType === "BUY" &&
        (CONFIRMABLE_BUY_STATUSES as ReadonlyArray<string>).includes(order.orderStatus) &&
        order.orderStatus !== "Expired"
      ) {
        throw new Error(`a buy holding its reservation is always confirmable, but: ${tagOf(result)}`)
      }
    }),
  )

const failPayment = (index: number) =>
  command(`failPayment(#${index})`, (model, h) =>
    Effect.gen(function* () {
      const order = orderAt(model, index)
      if (order === undefined) return
      yield* step(model, h, "failPayment", PROVIDER, (key) =>
        service(h).failPayment({
          actor: PROVIDER,
          orderId: order.orderId,
          reason: "card_declined",
          idempotencyKey: key,
        }),
      )
    }),
  )

/** The provider declines the current attempt's card: the order waits for another card, or fails after MAX_CARD_ATTEMPTS. */
const declinePayment = (index: number) =>
  command(`declinePayment(#${index})`, (model, h) =>
    Effect.gen(function* () {
      const order = orderAt(model, index)
      if (order === undefined) return
      const result = yield* step(model, h, "declinePayment", PROVIDER, (key) =>
        service(h).declinePayment({
          actor: PROVIDER,
          orderId: order.orderId,
          reason: "Your card was declined.",
          idempotencyKey: key,
        }),
      )
      if (Result.isSuccess(result)) {
        expect(order.orderStatus, "only a payment in progress is declined").toBe("InProcess")
        expect(["Initiated", "Failed"]).toContain(result.success.orderStatus)
      }
    }),
  )

const expireDue = command("expireDue()", (model, h) =>
  Effect.gen(function* () {
    const result = yield* step(model, h, "expireDue", byJob("paymentDeadline"), (key) =>
      service(h).expireDue({ idempotencyKey: key }),
    )
    expect(Result.isSuccess(result)).toBe(true)
    const now = yield* Clock.currentTimeMillis
    for (const o of model.state!.orders) {
      if (o.orderType === "BUY" && (o.orderStatus === "Initiated" || o.orderStatus === "InProcess")) {
        expect(o.expiresAt! > now, "no unpaid buy outlives its window").toBe(true)
      }
    }
  }),
)

/** LU2X Units follow the vesting schedule: a move succeeds only within the vested Units, and is refused beyond. */
const checkVesting = (
  result: Result.Result<unknown, unknown>,
  isDoubleLand: boolean,
  units: number,
  movable: number,
) => {
  if (!isDoubleLand) return
  if (Result.isSuccess(result))
    expect(units, "LU2X Units follow the vesting schedule").toBeLessThanOrEqual(movable)
  if (tagOf(result) === "DoubleLandUnitsLocked") {
    expect(units, "LU2X Units follow the vesting schedule").toBeGreaterThan(movable)
    expect((result as Result.Failure<unknown, { movableUnits: number }>).failure.movableUnits).toBe(movable)
  }
}

const createSell = (memberIndex: number, unitType: UnitType, amount: Amount, isDoubleLand: boolean) =>
  command(
    `createSell(${MEMBERS[memberIndex]}, ${unitType}, ${amountText(amount)}, LU2X=${isDoubleLand})`,
    (model, h) =>
      Effect.gen(function* () {
        const memberId = MEMBERS[memberIndex]!
        const units = resolve(amount, model, memberId, unitType, isDoubleLand ? "owned_DOUBLE_LAND" : "owned")
        const movable = modelMovable(model, model.state!, memberId, unitType, yield* Clock.currentTimeMillis)
        const request = { memberId, unitType, numberOfUnits: units, isDoubleLand }
        const result = yield* step(
          model,
          h,
          "createSell",
          byMember(memberId),
          (key) => service(h).createSell({ ...request, idempotencyKey: key }),
          (key) => service(h).createSell({ ...request, numberOfUnits: units + 1, idempotencyKey: key }),
        )
        if (Result.isSuccess(result)) model.sells.push(result.success.orderId)
        checkVesting(result, isDoubleLand, units, movable)
      }),
  )

const cancelSellRest = (index: number, asAdmin: boolean) =>
  command(`cancelSellRest(#${index}${asAdmin ? ", by an admin" : ""})`, (model, h) =>
    Effect.gen(function* () {
      const order = orderAt(model, index, "sells")
      if (order === undefined) return
      const cause = cancelCause(order.memberId, asAdmin)
      yield* step(model, h, "cancelSellRest", cause.expected, (key) =>
        service(h).cancelSellRest({
          memberId: order.memberId,
          orderId: order.orderId,
          idempotencyKey: key,
          ...cause.request,
        }),
      )
    }),
  )

const createTransfer = (
  memberIndex: number,
  recipient: number,
  unitType: UnitType,
  amount: Amount,
  isDoubleLand: boolean,
) =>
  command(
    `createTransfer(${MEMBERS[memberIndex]} → ${MEMBERS[recipient]}, ${unitType}, ${amountText(amount)}, LU2X=${isDoubleLand})`,
    (model, h) =>
      Effect.gen(function* () {
        const memberId = MEMBERS[memberIndex]!
        const units = resolve(amount, model, memberId, unitType, isDoubleLand ? "owned_DOUBLE_LAND" : "owned")
        const movable = modelMovable(model, model.state!, memberId, unitType, yield* Clock.currentTimeMillis)
        const request = {
          memberId,
          unitType,
          numberOfUnits: units,
          recipientEmail: `${MEMBERS[recipient]}@example.com`,
          isDoubleLand,
        }
        const result = yield* step(
          model,
          h,
          "createTransfer",
          byMember(memberId),
          (key) => service(h).createTransfer({ ...request, idempotencyKey: key }),
          (key) => service(h).createTransfer({ ...request, numberOfUnits: units + 1, idempotencyKey: key }),
        )
        if (Result.isSuccess(result)) {
          expect(result.success.orderStatus, "a transfer is Completed at once").toBe("Completed")
        }
        checkVesting(result, isDoubleLand, units, movable)
      }),
  )

const createConvert = (memberIndex: number, from: UnitType, to: UnitType, amount: Amount) =>
  command(`createConvert(${MEMBERS[memberIndex]}, ${from} → ${to}, ${amountText(amount)})`, (model, h) =>
    Effect.gen(function* () {
      const units = resolve(amount, model, MEMBERS[memberIndex]!, from, "owned")
      const request = {
        memberId: MEMBERS[memberIndex]!,
        fromUnitType: from,
        toUnitType: to,
        numberOfUnits: units,
      }
      const result = yield* step(
        model,
        h,
        "createConvert",
        byMember(MEMBERS[memberIndex]!),
        (key) => service(h).createConvert({ ...request, idempotencyKey: key }),
        (key) => service(h).createConvert({ ...request, numberOfUnits: units + 1, idempotencyKey: key }),
      )
      if (Result.isSuccess(result)) {
        expect(result.success.orderStatus).toBe("Locked")
        expect(result.success.unlockAt).toBe((yield* Clock.currentTimeMillis) + CONVERT_LOCK_MS)
        // The remainder's payout is owed through the same steps as a sale's: the sequence may pay it.
        const remainder = result.success.convert?.remainderPayoutId
        if (remainder !== undefined && !model.payouts.includes(remainder)) model.payouts.push(remainder)
      }
    }),
  )

const unlockDue = command("unlockDue()", (model, h) =>
  Effect.gen(function* () {
    const result = yield* step(model, h, "unlockDue", byJob("convertLock"), (key) =>
      service(h).unlockDue({ idempotencyKey: key }),
    )
    expect(Result.isSuccess(result)).toBe(true)
    const now = yield* Clock.currentTimeMillis
    for (const o of model.state!.orders) {
      if (o.orderType !== "CONVERT") continue
      const created = o.timeline[0]!.at
      if (o.orderStatus === "Locked") {
        expect(created + CONVERT_LOCK_MS > now, "converted Units unlock once their 30 days are over").toBe(
          true,
        )
      } else {
        expect(
          o.timeline.at(-1)!.at - created,
          "converted Units never unlock before 30 days",
        ).toBeGreaterThanOrEqual(CONVERT_LOCK_MS)
      }
    }
  }),
)

const markPayoutReady = (index: number) =>
  command(`markPayoutReady(#${index})`, (model, h) =>
    Effect.gen(function* () {
      const payoutId = pick(model.payouts, index)
      if (payoutId === undefined) return
      yield* step(model, h, "markPayoutReady", ADMIN, (key) =>
        service(h).markPayoutReady({ actor: ADMIN, payoutId, idempotencyKey: key }),
      )
    }),
  )

const markPayoutPaid = (index: number) =>
  command(`markPayoutPaid(#${index})`, (model, h) =>
    Effect.gen(function* () {
      const payoutId = pick(model.payouts, index)
      if (payoutId === undefined) return
      yield* step(model, h, "markPayoutPaid", ADMIN, (key) =>
        service(h).markPayoutPaid({ actor: ADMIN, payoutId, idempotencyKey: key }),
      )
    }),
  )

const advanceClock = (millis: number) =>
  command(`advanceClock(${millis / Durations.HOUR} h)`, (model, h) =>
    Effect.gen(function* () {
      yield* TestClock.adjust(millis)
      model.state = yield* readState(h, MEMBERS)
    }),
  )

const setKyc = (memberIndex: number, kycStatus: KycStatus) =>
  command(`setKyc(${MEMBERS[memberIndex]}, ${kycStatus})`, (_model, h) =>
    Effect.sync(() => {
      const memberId = MEMBERS[memberIndex]!
      const current = h.members.get(memberId)!
      h.members.set(memberId, { ...current, kycStatus, emailConfirmed: true })
    }),
  )

// Arbitraries

const member = fc.integer({ min: 0, max: MEMBERS.length - 1 })
const unitType = fc.constantFrom(...UnitTypes)
const units = fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 400 }))
const index = fc.nat({ max: 1000 })
const DAY = Durations.DAY
const advance = fc.constantFrom(
  Durations.MINUTE,
  59 * Durations.MINUTE,
  61 * Durations.MINUTE,
  DAY,
  3 * DAY,
  30 * DAY,
  31 * DAY,
  91 * DAY,
  183 * DAY,
)

const amount: fc.Arbitrary<Amount> = fc.oneof(
  fc.integer({ min: 1, max: 60 }).map((units) => ({ units })),
  fc.integer({ min: 1, max: 100 }).map((percent) => ({ percent })),
  fc.integer({ min: 90, max: 100 }).map((percent) => ({ percent })),
)
const lu2x = fc.oneof(
  { weight: 3, arbitrary: fc.constant(false) },
  { weight: 1, arbitrary: fc.constant(true) },
)

export const allCommands = [
  fc
    .tuple(
      member,
      unitType,
      units,
      fc.constantFrom(...PaymentMethods),
      lu2x,
      fc.constantFrom(undefined, undefined, undefined, "SAVE10", "FLAT5", "BOGUS"),
    )
    .map(([m, u, n, p, d, c]) => createBuy(m, u, n, p, d, c)),
  fc
    .tuple(member, unitType, units, fc.constantFrom<PaymentMethod>("bank", "card-stripe"), lu2x)
    .map(([m, u, n, p, d]) => createBuy(m, u, n, p, d, undefined)),
  fc.tuple(index, units, fc.constantFrom(...PaymentMethods)).map(([i, n, p]) => updateBuyAmount(i, n, p)),
  fc
    .tuple(index, fc.constantFrom<CryptoCoin | undefined>("BITCOIN", "ETHER", undefined))
    .map(([i, c]) => startPayment(i, c)),
  fc.tuple(index, fc.constantFrom(undefined, "0xabc123")).map(([i, x]) => successOrder(i, x)),
  fc.tuple(index, fc.boolean()).map(([i, a]) => cancelBuy(i, a)),
  index.map((i) => markFundsReceived(i)),
  index.map((i) => confirmPayment(i)),
  index.map((i) => confirmPayment(i)),
  index.map((i) => confirmPayment(i)),
  index.map((i) => failPayment(i)),
  index.map((i) => declinePayment(i)),
  fc.constant(expireDue),
  fc.tuple(member, unitType, amount, lu2x).map(([m, u, n, d]) => createSell(m, u, n, d)),
  fc.tuple(member, unitType, amount, lu2x).map(([m, u, n, d]) => createSell(m, u, n, d)),
  fc.tuple(index, fc.boolean()).map(([i, a]) => cancelSellRest(i, a)),
  fc.tuple(member, member, unitType, amount, lu2x).map(([m, r, u, n, d]) => createTransfer(m, r, u, n, d)),
  fc.tuple(member, unitType, unitType, amount).map(([m, a, b, n]) => createConvert(m, a, b, n)),
  fc.constant(unlockDue),
  index.map((i) => markPayoutReady(i)),
  index.map((i) => markPayoutPaid(i)),
  index.map((i) => markPayoutPaid(i)),
  advance.map((ms) => advanceClock(ms)),
  fc
    .tuple(member, fc.constantFrom<KycStatus>("Verified", "Verified", "Details Saved", "Not Approved"))
    .map(([m, k]) => setKyc(m, k)),
]

/**
 * Every sequence starts from the same world: alice, bob and carol each bought and were delivered 50 Units
 * of every type, and alice 20 LU2X Units of LAND_USD (through the engine itself).
 */
const genesis = (h: OrderHarness, model: Model) =>
  Effect.gen(function* () {
    const buyAndConfirm = (
      memberId: MemberId,
      unitType: UnitType,
      numberOfUnits: number,
      isDoubleLand: boolean,
    ) =>
      Effect.gen(function* () {
        const order = yield* h.run(
          h.orders.createBuy({
            confirmsBusinessPurpose: true,
            memberId,
            idempotencyKey: h.key(),
            unitType,
            numberOfUnits,
            paymentMethod: "bank",
            isDoubleLand,
          }),
        )
        yield* h.run(
          h.orders.confirmPayment({ actor: ADMIN, orderId: order.orderId, idempotencyKey: h.key() }),
        )
      })
    for (const memberId of MEMBERS.slice(0, 3))
      for (const u of UnitTypes) yield* buyAndConfirm(memberId, u, 50, false)
    yield* buyAndConfirm(MEMBERS[0]!, "LAND_USD", 20, true)
    model.lots.push({
      memberId: MEMBERS[0]!,
      unitType: "LAND_USD",
      units: 20,
      at: yield* Clock.currentTimeMillis,
    })
  })

const runModel = (commands: Iterable<Cmd>) =>
  Effect.gen(function* () {
    const h = yield* newWorld()
    const model: Model = { buys: [], sells: [], payouts: [], lots: [], state: undefined, steps: 0 }
    yield* genesis(h, model)
    model.state = yield* readState(h, MEMBERS)
    const context = yield* Effect.context<never>()
    yield* Effect.promise(() => fc.asyncModelRun(() => ({ model, real: { h, context } }), commands))
    return model
  })

/** Buys placed several at once (batched commits, BuyBatches.ts) among every other command. */
export const batchedCommands = [
  ...allCommands,
  fc
    .array(
      fc.tuple(
        member,
        fc.oneof(
          { weight: 3, arbitrary: fc.constant<UnitType>("LAND_POUND") },
          { weight: 2, arbitrary: unitType },
        ),
        units,
        fc.constantFrom(...PaymentMethods),
        lu2x,
        fc.constantFrom(undefined, undefined, "SAVE10", "BOGUS"),
      ),
      { minLength: 2, maxLength: 8 },
    )
    .map((buys) => createBuysAtOnce(buys)),
]

/** The sales queue and its payouts: buys, sells, cancellations and payouts among verified members. */
const verified = fc.integer({ min: 0, max: 2 })
export const marketCommands = [
  fc.tuple(verified, unitType, units).map(([m, u, n]) => createBuy(m, u, n, "bank", false, undefined)),
  fc.tuple(verified, unitType, units).map(([m, u, n]) => createBuy(m, u, n, "card-square", false, undefined)),
  index.map((i) => confirmPayment(i)),
  index.map((i) => confirmPayment(i)),
  fc.tuple(index, fc.boolean()).map(([i, a]) => cancelBuy(i, a)),
  fc.tuple(verified, unitType, amount).map(([m, u, n]) => createSell(m, u, n, false)),
  fc.tuple(verified, unitType, amount).map(([m, u, n]) => createSell(m, u, n, false)),
  fc.tuple(index, fc.boolean()).map(([i, a]) => cancelSellRest(i, a)),
  index.map((i) => markPayoutReady(i)),
  index.map((i) => markPayoutPaid(i)),
  index.map((i) => markPayoutPaid(i)),
  fc.constant(expireDue),
  advance.map((ms) => advanceClock(ms)),
]

/** Time: LU2X vesting, conversions and their 30-day lock, expiry, over months. */
export const timeCommands = [
  fc.tuple(member, unitType, units).map(([m, u, n]) => createBuy(m, u, n, "crypto", true, undefined)),
  fc
    .tuple(member, unitType, units, fc.constantFrom(...PaymentMethods))
    .map(([m, u, n, p]) => createBuy(m, u, n, p, false, undefined)),
  index.map((i) => confirmPayment(i)),
  fc
    .tuple(index, fc.constantFrom<CryptoCoin | undefined>("BITCOIN", "ETHER"))
    .map(([i, c]) => startPayment(i, c)),
  fc.tuple(member, unitType, amount).map(([m, u, n]) => createSell(m, u, n, true)),
  fc.tuple(member, member, unitType, amount).map(([m, r, u, n]) => createTransfer(m, r, u, n, true)),
  fc.tuple(member, unitType, unitType, amount).map(([m, a, b, n]) => createConvert(m, a, b, n)),
  fc.tuple(member, unitType, unitType, amount).map(([m, a, b, n]) => createConvert(m, a, b, n)),
  fc.constant(unlockDue),
  fc.constant(expireDue),
  advance.map((ms) => advanceClock(ms)),
  advance.map((ms) => advanceClock(ms)),
  fc.constantFrom(29 * DAY, 30 * DAY, 30 * DAY + 1).map((ms) => advanceClock(ms)),
  fc.constant(advanceClock(183 * DAY)),
]

/**
 * A property over random sequences of `commands`, each checked by the model after every step: an `it.effect`
 * test, each sequence on a fresh world in its own scope, on the test's TestClock.
 */
export const property =
  (commands: ReadonlyArray<fc.Arbitrary<Cmd>>, numRuns = RUNS) =>
  () =>
    checkProperty(
      [fc.commands([...commands], { maxCommands: 50, size: "max" })],
      (sequence) => Effect.scoped(runModel(sequence)),
      { numRuns },
    ).pipe(
      Effect.tap(() =>
        Effect.sync(() => {
          if (process.env.LEDGER_OUTCOMES) console.log([...OUTCOMES.entries()].sort())
        }),
      ),
    )
