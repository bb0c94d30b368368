/**
 * The contract of BuyJournal (a new buy under its unit type's lock: its key, its totals, the check, and its order,
 * transfers and key all or nothing): run on memory here, on PGlite and the PostgreSQL server by the adapters'
 * tests. The layer gives the journal, the unit of work and the three stores it writes to, sharing one state. Each
 * buy runs in a transaction of its own, as `createBuy`'s does: on PostgreSQL a refused check is taken back by it.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { ISSUANCE, member, type Transfer } from "../../src/ledger/LedgerModel.ts"
import { LedgerStore, type LedgerTotals } from "../../src/ledger/ports/LedgerStore.ts"
import { TRANSFER_ENCODING_V2 } from "../../src/ledger/TransferChain.ts"
import { verifyTransferChains } from "../../src/ledger/TransferChainWalk.ts"
import { UnitsUnavailable } from "../../src/orders/OrderErrors.ts"
import type { NewOrderRecord } from "../../src/orders/OrderModel.ts"
import { BuyJournal } from "../../src/orders/ports/BuyJournal.ts"
import { IdempotencyStore } from "../../src/orders/ports/IdempotencyStore.ts"
import { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import { UnitOfWork } from "../../src/orders/ports/UnitOfWork.ts"
import { IdempotencyKey, MemberId, OrderId, TransferId } from "../../src/shared/Ids.ts"
import { aBuy } from "./OrderStoresContract.ts"

type Stores = BuyJournal | UnitOfWork | LedgerStore | OrderRepository | IdempotencyStore

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

/** A buy of `orderId` in a transaction of its own, its check given. */
const buyIn = <E = never>(
  order: NewOrderRecord,
  transfers: ReadonlyArray<Transfer>,
  key: string,
  check: (totals: LedgerTotals) => Effect.Effect<void, E> = () => Effect.void,
) =>
  Effect.gen(function* () {
    const uow = yield* UnitOfWork
    const journal = yield* BuyJournal
    return yield* uow.transaction(
      journal.recordBuy({ unitType: "LAND_EUR", order, transfers, key: keyOf(key) }, check),
    )
  })

export const buyJournalContract = (name: string, makeLayer: () => Layer.Layer<Stores>) =>
  describe(`BuyJournal contract (${name})`, () => {
    const fresh = <A, E>(effect: Effect.Effect<A, E, Stores>) => Effect.provide(effect, makeLayer())

    it.live(
      "records the order with its sequence, its transfers and its key (whose first result is the stored order) together, the check judging the totals before the write",
      () =>
        Effect.gen(function* () {
          const seen: Array<LedgerTotals> = []
          const check = (totals: LedgerTotals) => Effect.sync(() => void seen.push(totals))
          const result = yield* fresh(
            Effect.gen(function* () {
              const first = yield* buyIn(aBuy("o1"), [transfer("t1", "o1")], "k1", check)
              const second = yield* buyIn(aBuy("o2"), [transfer("t2", "o2", { units: 3 })], "k2", check)
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
          if (result.first._tag !== "Recorded" || result.second._tag !== "Recorded")
            throw new Error("not recorded")
          expect(result.first.order).toEqual({ ...aBuy("o1"), sequence: result.first.order.sequence })
          expect(result.second.order.sequence).toBeGreaterThan(result.first.order.sequence)
          expect(result.stored).toEqual(result.first.order)
          expect(result.transfers).toEqual([transfer("t1", "o1")])
          expect(result.reserved).toBe(15)
          expect(Option.getOrThrow(result.key)).toEqual({ ...keyOf("k1"), response: result.first.order })
          expect(seen.map((t) => [t.pendingBuy, t.issuance])).toEqual([
            [0, 0],
            [12, -12],
          ])
        }),
    )

    it.live("a key already saved answers its first result and writes nothing, its check not run", () =>
      Effect.gen(function* () {
        let checked = 0
        const result = yield* fresh(
          Effect.gen(function* () {
            const first = yield* buyIn(aBuy("o1"), [transfer("t1", "o1")], "k1")
            const again = yield* buyIn(aBuy("o2"), [transfer("t2", "o2")], "k1", () =>
              Effect.sync(() => void checked++),
            )
            return {
              first,
              again,
              orders: (yield* (yield* OrderRepository).find({})).map((o) => o.orderId),
              reserved: yield* (yield* LedgerStore).balance("LAND_EUR", member(ann, "pendingBuy")),
            }
          }),
        )
        if (result.first._tag !== "Recorded") throw new Error("not recorded")
        expect(result.again).toEqual({
          _tag: "Repeated",
          existing: { ...keyOf("k1"), response: result.first.order },
        })
        expect(checked).toBe(0)
        expect(result.orders).toEqual(["o1"])
        expect(result.reserved).toBe(12)
      }),
    )

    it.live("a refused check fails the buy and, its transaction ended, nothing of it is left", () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            yield* buyIn(aBuy("o1"), [transfer("t1", "o1")], "k1")
            const refused = yield* Effect.flip(
              buyIn(aBuy("o2"), [transfer("t2", "o2")], "k2", (totals) =>
                Effect.fail(new UnitsUnavailable({ message: `pending ${totals.pendingBuy}` })),
              ),
            )
            return {
              refused,
              orders: (yield* (yield* OrderRepository).find({})).map((o) => o.orderId),
              transfers: yield* (yield* LedgerStore).transfersByOrder(OrderId.make("o2")),
              reserved: yield* (yield* LedgerStore).balance("LAND_EUR", member(ann, "pendingBuy")),
              key: yield* (yield* IdempotencyStore).find(`member:${ann}`, IdempotencyKey.make("k2")),
              heads: yield* (yield* LedgerStore).chainHeads,
            }
          }),
        )
        expect(result.refused).toMatchObject({ _tag: "UnitsUnavailable", message: "pending 12" })
        expect(result.orders).toEqual(["o1"])
        expect(result.transfers).toEqual([])
        expect(result.reserved).toBe(12)
        expect(Option.isNone(result.key)).toBe(true)
        expect(result.heads.get("LAND_EUR")?.length).toBe(1)
      }),
    )

    it.live(
      "writes nothing when the transfers would take a member account below zero (InsufficientUnits)",
      () =>
        Effect.gen(function* () {
          const result = yield* fresh(
            Effect.gen(function* () {
              const refused = yield* Effect.flip(
                buyIn(
                  aBuy("o1"),
                  [transfer("t1", "o1", { from: member(ann, "owned"), to: ISSUANCE, units: 5 })],
                  "k1",
                ),
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
        }),
    )

    it.live(
      "extends the unit type's chain as every other append does: the chain verifies, buys and other appends interleaved, each in v2 with its members' blinds",
      () =>
        Effect.gen(function* () {
          const result = yield* fresh(
            Effect.gen(function* () {
              const ledger = yield* LedgerStore
              yield* buyIn(aBuy("o1"), [transfer("t1", "o1"), transfer("t1b", "o1", { units: 1 })], "k1")
              yield* ledger.append([transfer("t2", "o-other", { to: member(ann, "owned"), units: 4 })])
              yield* buyIn(aBuy("o3"), [transfer("t3", "o3", { units: 2 })], "k3")
              yield* ledger.append([transfer("t4", "o-other2", { units: 1 })])
              return {
                verified: yield* verifyTransferChains({ pageSize: 2 }),
                rows: yield* ledger.chainAfter(0, 10),
              }
            }),
          )
          expect(result.verified.transfers).toBe(5)
          expect(result.verified.heads.get("LAND_EUR")?.length).toBe(5)
          expect(
            result.rows.map((r) => [
              r.transferId,
              r.encoding,
              r.fromKey.startsWith("member:") === (r.fromBlind !== null),
              r.toKey.startsWith("member:") === (r.toBlind !== null),
            ]),
          ).toEqual(["t1", "t1b", "t2", "t3", "t4"].map((id) => [id, TRANSFER_ENCODING_V2, true, true]))
        }),
    )
  })
