/**
 * The contracts of the order engine's stores (orders, payouts, idempotency keys): run on memory here, on
 * PostgreSQL by the adapters' tests.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import type { NewOrderRecord, Payout } from "../../src/orders/OrderModel.ts"
import { byAdmin, byMember } from "../../src/orders/OrderTimeline.ts"
import { IdempotencyStore } from "../../src/orders/ports/IdempotencyStore.ts"
import { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import { PayoutRepository } from "../../src/orders/ports/PayoutRepository.ts"
import { IdempotencyKey, MemberId, OrderId, PayoutId } from "../../src/shared/Ids.ts"

const ann = MemberId.make("mem_ann")
const ben = MemberId.make("mem_ben")

/** A full buy record, optional parts included, so a store that drops a field fails the round trip. */
export const aBuy = (id: string, over: Partial<NewOrderRecord> = {}): NewOrderRecord => ({
  orderId: OrderId.make(id),
  orderType: "BUY",
  orderStatus: "Initiated",
  paymentDetails: {
    paymentAmount: 12_345,
    paymentMethod: "card-stripe",
    paymentMethodFees: { fixedCentsFees: 25, fixedPercentageFees: 1.5 },
    currency: "EUR",
    subTotal: 12_000,
    transactionFee: 345,
  },
  currencyUnit: {
    unitType: "LAND_EUR",
    numberOfUnits: 12,
    pricePerUnit: 10_000,
    isDoubleLand: false,
    buyOrderTransactionFeeInCents: 100,
  },
  buy: {
    paymentId: "pi_1",
    clientSecret: "pi_1_secret",
    referenceCode: "SPRING",
    discount: { isPercent: true, amount: 10, discountValue: 1_200, minPaymentAmountInCents: 0 },
    purchaseOrderReference: "PO-2026/118",
  },
  utmData: { utm_source: "newsletter" },
  createdAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-01T10:00:00.000Z",
  memberId: ann,
  timeline: [{ at: 1, to: "Initiated", actor: byMember(ann) }],
  expiresAt: 3_600_001,
  payment: { memberReturnedAt: 5 },
  ...over,
})

const fresh =
  <S>(makeLayer: () => Layer.Layer<S>) =>
  <A, E>(effect: Effect.Effect<A, E, S>) =>
    Effect.provide(effect, makeLayer())

export const orderRepositoryContract = (name: string, makeLayer: () => Layer.Layer<OrderRepository>) =>
  describe(`OrderRepository contract (${name})`, () => {
    it.live("gives strictly increasing sequences and answers exactly what was stored", () =>
      Effect.gen(function* () {
        const result = yield* fresh(makeLayer)(
          Effect.gen(function* () {
            const repo = yield* OrderRepository
            const one = yield* repo.insert(aBuy("o1"))
            const two = yield* repo.insert(aBuy("o2"))
            return { one, two, got: yield* repo.get(OrderId.make("o1")) }
          }),
        )
        expect(result.two.sequence).toBeGreaterThan(result.one.sequence)
        expect(result.got).toEqual({ ...aBuy("o1"), sequence: result.one.sequence })
      }),
    )

    it.live("replaces a record on update, keeping its sequence; an unknown order is OrderNotFound", () =>
      Effect.gen(function* () {
        const result = yield* fresh(makeLayer)(
          Effect.gen(function* () {
            const repo = yield* OrderRepository
            const stored = yield* repo.insert(aBuy("o1"))
            yield* repo.update({
              ...stored,
              orderStatus: "Cancelled",
              timeline: [
                ...stored.timeline,
                {
                  at: 2,
                  from: "Initiated",
                  to: "Cancelled",
                  actor: byAdmin({ adminId: ben, name: "Ben Admin", email: "ben@landunits.example" }),
                  reason: "asked by phone",
                },
              ],
            })
            return {
              got: yield* repo.get(OrderId.make("o1")),
              stored,
              missingGet: yield* Effect.flip(repo.get(OrderId.make("nope"))),
              missingUpdate: yield* Effect.flip(repo.update({ ...stored, orderId: OrderId.make("nope") })),
            }
          }),
        )
        expect(result.got.orderStatus).toBe("Cancelled")
        expect(result.got.sequence).toBe(result.stored.sequence)
        expect(result.got.timeline).toEqual([
          { at: 1, to: "Initiated", actor: byMember(ann) },
          {
            at: 2,
            from: "Initiated",
            to: "Cancelled",
            actor: { _tag: "Admin", adminId: ben, name: "Ben Admin", email: "ben@landunits.example" },
            reason: "asked by phone",
          },
        ])
        expect(result.missingGet._tag).toBe("OrderNotFound")
        expect(result.missingUpdate._tag).toBe("OrderNotFound")
      }),
    )

    it.live(
      "getMany answers the orders of the given ids exactly, once each, by ascending sequence, in one read; an unknown id is OrderNotFound",
      () =>
        Effect.gen(function* () {
          const result = yield* fresh(makeLayer)(
            Effect.gen(function* () {
              const repo = yield* OrderRepository
              const a = yield* repo.insert(aBuy("a"))
              const b = yield* repo.insert(aBuy("b", { memberId: ben, orderType: "SELL" }))
              yield* repo.insert(aBuy("c"))
              const d = yield* repo.insert(aBuy("d"))
              const many = yield* repo.getMany([
                OrderId.make("d"),
                OrderId.make("a"),
                OrderId.make("b"),
                OrderId.make("a"),
              ])
              return {
                many,
                a,
                b,
                d,
                none: yield* repo.getMany([]),
                missing: yield* Effect.flip(repo.getMany([OrderId.make("a"), OrderId.make('it\'s "gone"')])),
              }
            }),
          )
          expect(result.many).toEqual([result.a, result.b, result.d])
          expect(result.none).toEqual([])
          expect(result.missing).toMatchObject({ _tag: "OrderNotFound", orderId: 'it\'s "gone"' })
        }),
    )

    it.live("finds by every filter, alone and together, by ascending sequence", () =>
      Effect.gen(function* () {
        const result = yield* fresh(makeLayer)(
          Effect.gen(function* () {
            const repo = yield* OrderRepository
            yield* repo.insert(aBuy("a"))
            yield* repo.insert(aBuy("b", { memberId: ben }))
            yield* repo.insert(
              aBuy("e", {
                memberId: ben,
                orderType: "TRANSFER",
                orderStatus: "Completed",
                recipientMemberId: ann,
              }),
            )
            yield* repo.insert(
              aBuy("c", {
                orderType: "SELL",
                orderStatus: "InProcess",
                updatedAt: "2026-03-04T08:00:00.000Z",
              }),
            )
            yield* repo.insert(
              aBuy("d", {
                currencyUnit: { ...aBuy("d").currencyUnit, unitType: "LAND_USD", isDoubleLand: true },
              }),
            )
            const ids = (filter: Parameters<typeof repo.find>[0]) =>
              Effect.map(repo.find(filter), (os) => os.map((o) => o.orderId))
            return {
              all: yield* ids({}),
              ann: yield* ids({ memberId: ann }),
              involvingAnn: yield* ids({ involving: ann }),
              sells: yield* ids({ orderType: "SELL" }),
              usd: yield* ids({ unitType: "LAND_USD" }),
              statuses: yield* ids({ statuses: ["InProcess", "Cancelled"] }),
              none: yield* ids({ statuses: [] }),
              doubleLand: yield* ids({ isDoubleLand: true }),
              updatedSince: yield* ids({ updatedSince: "2026-03-01T10:00:00.000Z" }),
              updatedLater: yield* ids({ updatedSince: "2026-03-01T10:00:00.001Z" }),
              together: yield* ids({
                memberId: ann,
                orderType: "BUY",
                unitType: "LAND_EUR",
                statuses: ["Initiated"],
                isDoubleLand: false,
              }),
            }
          }),
        )
        expect(result.all).toEqual(["a", "b", "e", "c", "d"])
        expect(result.ann).toEqual(["a", "c", "d"])
        expect(result.involvingAnn).toEqual(["a", "e", "c", "d"])
        expect(result.sells).toEqual(["c"])
        expect(result.usd).toEqual(["d"])
        expect(result.statuses).toEqual(["c"])
        expect(result.none).toEqual([])
        expect(result.doubleLand).toEqual(["d"])
        // updatedSince includes its own instant.
        expect(result.updatedSince).toEqual(["a", "b", "e", "c", "d"])
        expect(result.updatedLater).toEqual(["c"])
        expect(result.together).toEqual(["a"])
      }),
    )
  })

const aPayout = (id: string, over: Partial<Payout> = {}): Payout => ({
  payoutId: PayoutId.make(id),
  memberId: ann,
  sellOrderId: OrderId.make("sell1"),
  buyOrderId: OrderId.make("buy1"),
  unitType: "LAND_AUD",
  units: 4,
  pricePerUnit: 10_000,
  amountCents: 4_000,
  currency: "AUD",
  status: "Initiated",
  statusHistory: [{ status: "Initiated", at: 1 }],
  createdAt: 1,
  ...over,
})

export const payoutRepositoryContract = (name: string, makeLayer: () => Layer.Layer<PayoutRepository>) =>
  describe(`PayoutRepository contract (${name})`, () => {
    it.live("keeps payouts in insertion order, finds by each filter, updates, and refuses unknown ids", () =>
      Effect.gen(function* () {
        const result = yield* fresh(makeLayer)(
          Effect.gen(function* () {
            const repo = yield* PayoutRepository
            yield* repo.insert([
              aPayout("p1"),
              aPayout("p2", { memberId: ben, sellOrderId: OrderId.make("sell2") }),
            ])
            yield* repo.insert([])
            yield* repo.insert([aPayout("p3", { buyOrderId: OrderId.make("buy2") })])
            yield* repo.update(
              aPayout("p1", {
                status: "Completed",
                statusHistory: [
                  { status: "Initiated", at: 1 },
                  { status: "Completed", at: 2 },
                ],
              }),
            )
            const ids = (filter: Parameters<typeof repo.find>[0]) =>
              Effect.map(repo.find(filter), (ps) => ps.map((p) => p.payoutId))
            return {
              all: yield* ids({}),
              ann: yield* ids({ memberId: ann }),
              sell2: yield* ids({ sellOrderId: OrderId.make("sell2") }),
              buy2: yield* ids({ buyOrderId: OrderId.make("buy2") }),
              open: yield* ids({ statuses: ["Initiated", "AUDReadyToSendBetweenAccounts"] }),
              none: yield* ids({ statuses: [] }),
              p1: yield* repo.get(PayoutId.make("p1")),
              missing: yield* Effect.flip(repo.get(PayoutId.make("zz"))),
              missingUpdate: yield* Effect.flip(repo.update(aPayout("zz"))),
            }
          }),
        )
        expect(result.all).toEqual(["p1", "p2", "p3"])
        expect(result.ann).toEqual(["p1", "p3"])
        expect(result.sell2).toEqual(["p2"])
        expect(result.buy2).toEqual(["p3"])
        expect(result.open).toEqual(["p2", "p3"])
        expect(result.none).toEqual([])
        expect(result.p1.status).toBe("Completed")
        expect(result.p1.statusHistory).toHaveLength(2)
        expect(result.missing._tag).toBe("PayoutNotFound")
        expect(result.missingUpdate._tag).toBe("PayoutNotFound")
      }),
    )
  })

export const idempotencyStoreContract = (name: string, makeLayer: () => Layer.Layer<IdempotencyStore>) =>
  describe(`IdempotencyStore contract (${name})`, () => {
    it.live(
      "answers nothing for an unused key, the first result for a used one, and keeps scopes apart",
      () =>
        Effect.gen(function* () {
          const key = IdempotencyKey.make("k1")
          const response = { orderId: "o1", payouts: [{ units: 3, nested: { ok: true } }], note: null }
          const result = yield* fresh(makeLayer)(
            Effect.gen(function* () {
              const store = yield* IdempotencyStore
              const before = yield* store.find("member:ann", key)
              yield* store.save({ scope: "member:ann", idempotencyKey: key, requestHash: "h1", response })
              return {
                before,
                after: yield* store.find("member:ann", key),
                otherScope: yield* store.find("member:ben", key),
              }
            }),
          )
          expect(Option.isNone(result.before)).toBe(true)
          expect(Option.getOrThrow(result.after)).toEqual({
            scope: "member:ann",
            idempotencyKey: key,
            requestHash: "h1",
            response,
          })
          expect(Option.isNone(result.otherScope)).toBe(true)
        }),
    )

    it.live("refuses a second save of a used key with IdempotencyKeyTaken and keeps the first result", () =>
      Effect.gen(function* () {
        const key = IdempotencyKey.make("k2")
        const result = yield* fresh(makeLayer)(
          Effect.gen(function* () {
            const store = yield* IdempotencyStore
            yield* store.save({ scope: "member:ann", idempotencyKey: key, requestHash: "h1", response: 1 })
            const refused = yield* Effect.flip(
              store.save({ scope: "member:ann", idempotencyKey: key, requestHash: "h2", response: 2 }),
            )
            return { refused, kept: yield* store.find("member:ann", key) }
          }),
        )
        expect(result.refused).toMatchObject({
          _tag: "IdempotencyKeyTaken",
          scope: "member:ann",
          idempotencyKey: key,
        })
        expect(Option.getOrThrow(result.kept)).toMatchObject({ requestHash: "h1", response: 1 })
      }),
    )
  })

/**
 * The store's own clock, as a retention test needs it: `now` is the instant the store would give a record saved
 * now (epoch ms); `pass(ms)` makes every record saved so far `ms` older than it was (the memory store: a TestClock
 * moved on; PostgreSQL: the rows' `created_at` moved back, the database's clock being its own). `S` is what the
 * two need beside the store (the suite's database, a TestClock), provided by the same layer.
 */
export interface StoreClock<S> {
  readonly now: Effect.Effect<number, never, S>
  readonly pass: (ms: number) => Effect.Effect<void, never, S>
}

const DAY_MS = 24 * 3_600_000

export const idempotencyRetentionContract = <S>(
  name: string,
  makeLayer: () => Layer.Layer<IdempotencyStore | S>,
  clock: StoreClock<S>,
) =>
  describe(`IdempotencyStore retention contract (${name})`, () => {
    const saved = (key: string, response: unknown = { orderId: `o-${key}` }) => ({
      scope: "member:ann",
      idempotencyKey: IdempotencyKey.make(key),
      requestHash: `h-${key}`,
      response,
    })
    const find = (key: string) =>
      IdempotencyStore.use((store) => store.find("member:ann", IdempotencyKey.make(key)))

    it.live(
      "deletes the records saved before the cutoff, at most the batch's size a call, and keeps the newer ones",
      () =>
        Effect.gen(function* () {
          const result = yield* fresh(makeLayer)(
            Effect.gen(function* () {
              const store = yield* IdempotencyStore
              for (const key of ["old-1", "old-2", "old-3", "old-4", "old-5"]) yield* store.save(saved(key))
              yield* clock.pass(31 * DAY_MS)
              for (const key of ["new-1", "new-2"]) yield* store.save(saved(key))
              const cutoff = (yield* clock.now) - 30 * DAY_MS
              const batches = [
                yield* store.deleteOlderThan(cutoff, 2),
                yield* store.deleteOlderThan(cutoff, 2),
                yield* store.deleteOlderThan(cutoff, 2),
                yield* store.deleteOlderThan(cutoff, 2),
              ]
              const left = yield* Effect.forEach(
                ["old-1", "old-2", "old-3", "old-4", "old-5", "new-1", "new-2"],
                (key) => Effect.map(find(key), (found) => [key, Option.isSome(found)] as const),
              )
              return { batches, left }
            }),
          )
          expect(result.batches).toEqual([2, 2, 1, 0])
          expect(result.left.filter(([, kept]) => kept).map(([key]) => key)).toEqual(["new-1", "new-2"])
        }),
    )

    it.live("a cutoff before every record deletes nothing; the oldest go first", () =>
      Effect.gen(function* () {
        const result = yield* fresh(makeLayer)(
          Effect.gen(function* () {
            const store = yield* IdempotencyStore
            yield* store.save(saved("first"))
            yield* clock.pass(2 * DAY_MS)
            yield* store.save(saved("second"))
            yield* clock.pass(2 * DAY_MS)
            yield* store.save(saved("third"))
            const now = yield* clock.now
            const none = yield* store.deleteOlderThan(now - 10 * DAY_MS, 10)
            // Both older than a day; one a call: the older first.
            const one = yield* store.deleteOlderThan(now - DAY_MS, 1)
            return {
              none,
              one,
              first: Option.isSome(yield* find("first")),
              second: Option.isSome(yield* find("second")),
              third: Option.isSome(yield* find("third")),
            }
          }),
        )
        expect(result).toEqual({ none: 0, one: 1, first: false, second: true, third: true })
      }),
    )

    it.live(
      "a kept key still answers its first result and refuses a second save; a deleted key is free again",
      () =>
        Effect.gen(function* () {
          const firstResult = { orderId: "o-kept", payouts: [{ units: 3 }], note: null }
          const result = yield* fresh(makeLayer)(
            Effect.gen(function* () {
              const store = yield* IdempotencyStore
              yield* store.save(saved("gone", 1))
              yield* clock.pass(31 * DAY_MS)
              yield* store.save(saved("kept", firstResult))
              yield* store.deleteOlderThan((yield* clock.now) - 30 * DAY_MS, 100)
              const refused = yield* Effect.flip(store.save({ ...saved("kept", 2), requestHash: "h-other" }))
              const gone = yield* find("gone")
              yield* store.save(saved("gone", 3))
              return { kept: yield* find("kept"), refused, gone, again: yield* find("gone") }
            }),
          )
          expect(Option.getOrThrow(result.kept)).toEqual({
            scope: "member:ann",
            idempotencyKey: IdempotencyKey.make("kept"),
            requestHash: "h-kept",
            response: firstResult,
          })
          expect(result.refused).toMatchObject({ _tag: "IdempotencyKeyTaken", idempotencyKey: "kept" })
          expect(Option.isNone(result.gone)).toBe(true)
          expect(Option.getOrThrow(result.again)).toMatchObject({ response: 3 })
        }),
    )
  })
