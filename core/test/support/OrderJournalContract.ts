/**
 * The contract of OrderJournal (a new order, its transfers and its command's key, all or nothing): run on
 * memory here, on PostgreSQL by the adapters' tests. The layer gives the journal and the three stores it
 * writes to, sharing one state.
 */
import { Effect, type Layer, Option } from "effect"
import { describe, expect, it } from "vitest"
import { ISSUANCE, member, type Transfer } from "../../src/ledger/LedgerModel.ts"
import { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
import { IdempotencyStore } from "../../src/orders/ports/IdempotencyStore.ts"
import { OrderJournal } from "../../src/orders/ports/OrderJournal.ts"
import { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import { IdempotencyKey, MemberId, OrderId, TransferId } from "../../src/shared/Ids.ts"
import { aBuy } from "./OrderStoresContract.ts"

type Stores = OrderJournal | LedgerStore | OrderRepository | IdempotencyStore

const ann = MemberId.make("mem_ann")

const transfer = (id: string, orderId: string, over: Partial<Transfer> = {}): Transfer => ({
  transferId: TransferId.make(id),
  unitType: "LAND_EUR",
  from: ISSUANCE,
  to: member(ann, "pendingBuy"),
  units: 12,
  orderId: OrderId.make(orderId),
  at: 1_000,
  ...over,
})

const keyOf = (key: string) => ({
  scope: `member:${ann}`,
  idempotencyKey: IdempotencyKey.make(key),
  requestHash: `hash-${key}`,
})

export const orderJournalContract = (name: string, makeLayer: () => Layer.Layer<Stores>) =>
  describe(`OrderJournal contract (${name})`, () => {
    const run = <A, E>(effect: Effect.Effect<A, E, Stores>) =>
      Effect.runPromise(Effect.provide(effect, makeLayer()))

    it("records the order with its sequence, its transfers and its key (whose first result is the stored order) together", async () => {
      const result = await run(
        Effect.gen(function* () {
          const journal = yield* OrderJournal
          const first = yield* journal.recordNew({
            order: aBuy("o1"),
            transfers: [transfer("t1", "o1")],
            key: keyOf("k1"),
          })
          const second = yield* journal.recordNew({
            order: aBuy("o2"),
            transfers: [transfer("t2", "o2", { units: 3 })],
            key: keyOf("k2"),
          })
          return {
            first,
            second,
            stored: yield* (yield* OrderRepository).get(OrderId.make("o1")),
            transfers: yield* (yield* LedgerStore).transfersByOrder(OrderId.make("o1")),
            reserved: yield* (yield* LedgerStore).balance("LAND_EUR", member(ann, "pendingBuy")),
            key: yield* (yield* IdempotencyStore).find(`member:${ann}`, IdempotencyKey.make("k1")),
          }
        }),
      )
      expect(result.first).toEqual({ ...aBuy("o1"), sequence: result.first.sequence })
      expect(result.second.sequence).toBeGreaterThan(result.first.sequence)
      expect(result.stored).toEqual(result.first)
      expect(result.transfers).toEqual([transfer("t1", "o1")])
      expect(result.reserved).toBe(15)
      expect(Option.getOrThrow(result.key)).toEqual({ ...keyOf("k1"), response: result.first })
    })

    it("writes nothing when the transfers would take a member account below zero (InsufficientUnits)", async () => {
      const result = await run(
        Effect.gen(function* () {
          const refused = yield* Effect.flip(
            (yield* OrderJournal).recordNew({
              order: aBuy("o1"),
              transfers: [transfer("t1", "o1", { from: member(ann, "owned"), to: ISSUANCE, units: 5 })],
              key: keyOf("k1"),
            }),
          )
          return {
            refused,
            orders: yield* (yield* OrderRepository).find({}),
            transfers: yield* (yield* LedgerStore).transfersByOrder(OrderId.make("o1")),
            key: yield* (yield* IdempotencyStore).find(`member:${ann}`, IdempotencyKey.make("k1")),
          }
        }),
      )
      expect(result.refused._tag).toBe("InsufficientUnits")
      expect(result.refused.message).toBe("Not enough Unit (€) in owned: the balance is 0, 5 needed")
      expect(result.orders).toEqual([])
      expect(result.transfers).toEqual([])
      expect(Option.isNone(result.key)).toBe(true)
    })

    it("writes nothing when the key is already saved (IdempotencyKeyTaken), and the first result stays", async () => {
      const result = await run(
        Effect.gen(function* () {
          const journal = yield* OrderJournal
          const first = yield* journal.recordNew({
            order: aBuy("o1"),
            transfers: [transfer("t1", "o1")],
            key: keyOf("k1"),
          })
          const refused = yield* Effect.flip(
            journal.recordNew({ order: aBuy("o2"), transfers: [transfer("t2", "o2")], key: keyOf("k1") }),
          )
          return {
            first,
            refused,
            orders: (yield* (yield* OrderRepository).find({})).map((o) => o.orderId),
            reserved: yield* (yield* LedgerStore).balance("LAND_EUR", member(ann, "pendingBuy")),
            key: yield* (yield* IdempotencyStore).find(`member:${ann}`, IdempotencyKey.make("k1")),
          }
        }),
      )
      expect(result.refused).toMatchObject({ _tag: "IdempotencyKeyTaken", idempotencyKey: "k1" })
      expect(result.orders).toEqual(["o1"])
      expect(result.reserved).toBe(12)
      expect(Option.getOrThrow(result.key).response).toEqual(result.first)
    })
  })
