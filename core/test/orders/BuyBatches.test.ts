/**
 * Buys of one unit type committed in batches (BuyBatches.ts, issue 41): buys placed at once form one batch, judged in
 * arrival order on totals that count the batch's earlier buys, each with its own answer. The in-memory engine runs
 * the same BuyBatches as production; the batch sizes are seen through BuyBatchObserver.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
import {
  type BuyBatchBounds,
  BuyBatchObserver,
  BuyBatchSettings,
  DEFAULT_BUY_BATCH_BOUNDS,
} from "../../src/orders/BuyBatchSettings.ts"
import type { CreateBuyRequest } from "../../src/orders/OrderRequests.ts"
import { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import type { UnitType } from "../../src/shared/Enums.ts"
import { IdempotencyKey, MemberId } from "../../src/shared/Ids.ts"
import { makeOrderHarness, type OrderHarness, setLand, standing } from "../support/OrderHarness.ts"

const alice = MemberId.make("alice")
const bob = MemberId.make("bob")
const carol = MemberId.make("carol")
const dave = MemberId.make("dave")

/** One batch in flight at a time: buys placed at once are one batch (unless a test says otherwise). */
const ONE_IN_FLIGHT: BuyBatchBounds = { ...DEFAULT_BUY_BATCH_BOUNDS, inFlight: 1 }

/** A harness whose engine, batching within `bounds`, reports each batch's size into the arrays answered beside it. */
const batchedHarness = (bounds: Partial<BuyBatchBounds> = {}) =>
  Effect.gen(function* () {
    const sizes: Array<readonly [UnitType, number]> = []
    /** Each batch's parts, as its unit types' sizes in the locks' order. */
    const batches: Array<ReadonlyArray<readonly [UnitType, number]>> = []
    const h = yield* makeOrderHarness({
      members: [
        standing("alice"),
        standing("bob"),
        standing("carol"),
        standing("dave"),
        standing("erin", "Verified", false),
      ],
    }).pipe(
      Effect.provideService(BuyBatchSettings, { ...ONE_IN_FLIGHT, ...bounds }),
      Effect.provideService(BuyBatchObserver, (batch) =>
        Effect.sync(() => {
          sizes.push(...batch)
          batches.push([...batch])
        }),
      ),
    )
    return { h, sizes, batches }
  })

const request = (
  h: OrderHarness,
  memberId: MemberId,
  numberOfUnits: number,
  over: Partial<CreateBuyRequest> = {},
): CreateBuyRequest => ({
  confirmsBusinessPurpose: true,
  memberId,
  idempotencyKey: h.key(),
  unitType: "LAND_USD",
  numberOfUnits,
  paymentMethod: "bank",
  isDoubleLand: false,
  ...over,
})

/** Four buys of 1 Unit, the second of LAND_EUR, the others of LAND_USD. */
const oneEuroBuyAmongDollars = (h: OrderHarness) => [
  request(h, alice, 1),
  request(h, bob, 1, { unitType: "LAND_EUR" }),
  request(h, carol, 1),
  request(h, dave, 1),
]

/** The buys placed at once (one batch when nothing commits before), each one's Exit in the order given. */
const atOnce = (h: OrderHarness, requests: ReadonlyArray<CreateBuyRequest>) =>
  h.run(Effect.forEach(requests, (r) => Effect.exit(h.orders.createBuy(r)), { concurrency: "unbounded" }))

const message = (exit: Exit.Exit<unknown, { readonly message: string }>) =>
  Exit.isFailure(exit)
    ? Exit.findErrorOption(exit).pipe((e) => (e._tag === "Some" ? e.value.message : "defect"))
    : "ok"

describe("buys committed in batches", () => {
  it.effect(
    "a refused buy in the middle of a batch fails alone, with its limit's exact message; the others before and after it are committed",
    () =>
      Effect.gen(function* () {
        const { h, sizes } = yield* batchedHarness()
        // 50 Units of capacity: 20 + 25 fit, 10 more do not (5 left), then 5 fit exactly.
        setLand(h, "LAND_USD", { totalProjectLandValueInCents: 50_000 })
        const exits = yield* atOnce(h, [
          request(h, alice, 20),
          request(h, bob, 25),
          request(h, carol, 10),
          request(h, dave, 5),
        ])
        expect(sizes).toEqual([["LAND_USD", 4]])
        expect(exits.map(message)).toEqual(["ok", "ok", "You can only buy up to 5 Unit ($)", "ok"])
        const stored = yield* h.run(Effect.flatMap(OrderRepository, (o) => o.find({ orderType: "BUY" })))
        expect(stored.map((o) => [o.memberId, o.currencyUnit.numberOfUnits])).toEqual([
          [alice, 20],
          [bob, 25],
          [dave, 5],
        ])
        const totals = yield* h.run(Effect.flatMap(LedgerStore, (l) => l.totals("LAND_USD")))
        expect([totals.pendingBuy, totals.issuance]).toEqual([50, -50])
      }),
  )

  it.effect("a buy refused before its lock (an unconfirmed email) fails alone in its batch", () =>
    Effect.gen(function* () {
      const { h, sizes } = yield* batchedHarness()
      const exits = yield* atOnce(h, [
        request(h, alice, 1),
        request(h, MemberId.make("erin"), 1),
        request(h, bob, 1, { confirmsBusinessPurpose: false }),
        request(h, carol, 1),
      ])
      expect(sizes).toEqual([["LAND_USD", 4]])
      expect(
        exits.map((e) =>
          Exit.isSuccess(e) ? "ok" : (Exit.findErrorOption(e) as { value?: { _tag: string } }).value?._tag,
        ),
      ).toEqual(["ok", "EmailNotConfirmed", "BusinessPurposeNotConfirmed", "ok"])
    }),
  )

  it.effect(
    "a key repeated inside a batch answers the first buy's result (one order); a different request under it is refused as reused",
    () =>
      Effect.gen(function* () {
        const { h, sizes } = yield* batchedHarness()
        const first = request(h, alice, 3, { idempotencyKey: IdempotencyKey.make("same") })
        const exits = yield* atOnce(h, [first, first, { ...first, numberOfUnits: 4 }, request(h, bob, 2)])
        expect(sizes).toEqual([["LAND_USD", 4]])
        const [a, b, c, d] = [exits[0]!, exits[1]!, exits[2]!, exits[3]!]
        expect(Exit.isSuccess(a) && Exit.isSuccess(b) && Exit.isSuccess(d)).toBe(true)
        if (Exit.isSuccess(a) && Exit.isSuccess(b)) expect(b.value).toEqual(a.value)
        expect((Exit.findErrorOption(c) as { value?: { _tag: string } }).value?._tag).toBe(
          "IdempotencyKeyReused",
        )
        const stored = yield* h.run(Effect.flatMap(OrderRepository, (o) => o.find({ orderType: "BUY" })))
        expect(stored.map((o) => [o.memberId, o.currencyUnit.numberOfUnits])).toEqual([
          [alice, 3],
          [bob, 2],
        ])
      }),
  )

  it.effect(
    "a key repeated across batches answers its first result, which the later batch does not write again",
    () =>
      Effect.gen(function* () {
        const { h, sizes } = yield* batchedHarness()
        const first = request(h, alice, 3, { idempotencyKey: IdempotencyKey.make("again") })
        const onceBatch = yield* atOnce(h, [first, request(h, bob, 1)])
        const againBatch = yield* atOnce(h, [first, request(h, carol, 2)])
        const [once, again, other] = [onceBatch[0]!, againBatch[0]!, againBatch[1]!]
        expect(sizes).toEqual([
          ["LAND_USD", 2],
          ["LAND_USD", 2],
        ])
        if (!Exit.isSuccess(once) || !Exit.isSuccess(again) || !Exit.isSuccess(other))
          throw new Error("refused")
        expect(again.value).toEqual(once.value)
        const totals = yield* h.run(Effect.flatMap(LedgerStore, (l) => l.totals("LAND_USD")))
        expect(totals.pendingBuy).toBe(6)
      }),
  )

  it.effect(
    "the pending-purchase limit and the LU2X cap count the batch's earlier buys, not yet written when the next is judged",
    () =>
      Effect.gen(function* () {
        const { h, sizes } = yield* batchedHarness()
        setLand(h, "LAND_USD", {
          maxPendingPurchaseCents: 50_000,
          maxDoubleLandUnitsBoughtValueInCents: 50_000,
        })
        const exits = yield* atOnce(h, [
          request(h, alice, 30),
          request(h, alice, 20),
          request(h, bob, 20),
          request(h, carol, 30, { isDoubleLand: true }),
          request(h, dave, 30, { isDoubleLand: true }),
        ])
        expect(sizes).toEqual([["LAND_USD", 5]])
        expect(exits.map(message)).toEqual([
          "ok",
          "Your current pending purchases amount to $301.00. You can only buy up to $199.00 until your current transactions complete.",
          "ok",
          "ok",
          "Maximum remaining Unit ($) in the LU2X offer: 20",
        ])
      }),
  )

  it.effect(
    "a batch takes the waiting buys of every unit type in arrival order, at most BuyBatchSettings' maxBuys, a part per unit type",
    () =>
      Effect.gen(function* () {
        const { h, batches } = yield* batchedHarness({ maxBuys: 2, acrossUnitTypes: true })
        const exits = yield* atOnce(h, oneEuroBuyAmongDollars(h))
        expect(exits.every(Exit.isSuccess)).toBe(true)
        expect(batches).toEqual([
          [
            ["LAND_EUR", 1],
            ["LAND_USD", 1],
          ],
          [["LAND_USD", 2]],
        ])
      }),
  )

  it.effect(
    "by default each unit type batches apart, and a batch takes at most BuyBatchSettings' maxBuys",
    () =>
      Effect.gen(function* () {
        const { h, batches } = yield* batchedHarness({ maxBuys: 2 })
        const exits = yield* atOnce(h, oneEuroBuyAmongDollars(h))
        expect(exits.every(Exit.isSuccess)).toBe(true)
        expect(batches.filter((b) => b[0]![0] === "LAND_USD")).toEqual([[["LAND_USD", 2]], [["LAND_USD", 1]]])
        expect(batches.filter((b) => b[0]![0] === "LAND_EUR")).toEqual([[["LAND_EUR", 1]]])
      }),
  )

  it.effect(
    "two batches in flight: buys placed at once, with none committing, are split, the later batches judged on totals with the first's buys committed",
    () =>
      Effect.gen(function* () {
        const { h, batches } = yield* batchedHarness({ inFlight: 2, splitAt: 4 })
        // 50 Units: 20 + 25 in the first batch; of the second, 10 do not fit (5 left), then 5 fit exactly.
        setLand(h, "LAND_USD", { totalProjectLandValueInCents: 50_000 })
        const exits = yield* atOnce(h, [
          request(h, alice, 20),
          request(h, bob, 25),
          request(h, carol, 10),
          request(h, dave, 5),
        ])
        // The first batch takes half; the rest follow (in memory the first has committed before they are taken).
        expect(batches[0]).toEqual([["LAND_USD", 2]])
        expect(batches.slice(1).flatMap((b) => b.map(([, size]) => size))).toSatisfy(
          (sizes: Array<number>) => sizes.length >= 1 && sizes.reduce((a, b) => a + b, 0) === 2,
        )
        expect(exits.map(message)).toEqual(["ok", "ok", "You can only buy up to 5 Unit ($)", "ok"])
        const totals = yield* h.run(Effect.flatMap(LedgerStore, (l) => l.totals("LAND_USD")))
        expect([totals.pendingBuy, totals.issuance]).toEqual([50, -50])
      }),
  )

  it.effect(
    "in a batch of two unit types, each is judged on its own totals: a refused buy of one fails alone, with its exact message; the other unit type's buys and the later ones are committed",
    () =>
      Effect.gen(function* () {
        const { h, batches } = yield* batchedHarness({ acrossUnitTypes: true })
        // 50 Units of each: USD 20 + 25 fit, 10 more do not (5 left), then 5 fit; EUR's 40 and 10 fit, its own.
        setLand(h, "LAND_USD", { totalProjectLandValueInCents: 50_000 })
        setLand(h, "LAND_EUR", { totalProjectLandValueInCents: 50_000 })
        const eur = { unitType: "LAND_EUR" } as const
        const exits = yield* atOnce(h, [
          request(h, alice, 20),
          request(h, alice, 40, eur),
          request(h, bob, 25),
          request(h, carol, 10),
          request(h, bob, 10, eur),
          request(h, dave, 5),
        ])
        expect(batches).toEqual([
          [
            ["LAND_EUR", 2],
            ["LAND_USD", 4],
          ],
        ])
        expect(exits.map(message)).toEqual([
          "ok",
          "ok",
          "ok",
          "You can only buy up to 5 Unit ($)",
          "ok",
          "ok",
        ])
        const stored = yield* h.run(Effect.flatMap(OrderRepository, (o) => o.find({ orderType: "BUY" })))
        expect(
          stored.map((o) => [o.memberId, o.currencyUnit.unitType, o.currencyUnit.numberOfUnits]).sort(),
        ).toEqual(
          [
            [alice, "LAND_USD", 20],
            [alice, "LAND_EUR", 40],
            [bob, "LAND_USD", 25],
            [bob, "LAND_EUR", 10],
            [dave, "LAND_USD", 5],
          ].sort(),
        )
        const totals = yield* h.run(
          Effect.flatMap(LedgerStore, (l) => Effect.all([l.totals("LAND_USD"), l.totals("LAND_EUR")])),
        )
        expect(totals.map((t) => [t.pendingBuy, t.issuance])).toEqual([
          [50, -50],
          [50, -50],
        ])
      }),
  )
})
