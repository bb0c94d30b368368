/**
 * The contract of BuyJournal (a batch of buys under its unit type's lock: its totals and keys read, then its orders,
 * transfers and keys written all or nothing): run on memory here, on PGlite and the PostgreSQL server by the
 * adapters' tests. The layer gives the journal, the unit of work and the three stores it writes to, sharing one
 * state. Each batch runs in a transaction of its own, as BuyBatches' does.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { ISSUANCE, member, type Transfer } from "../../src/ledger/LedgerModel.ts"
import { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
import { TRANSFER_ENCODING_V2 } from "../../src/ledger/TransferChain.ts"
import { verifyTransferChains } from "../../src/ledger/TransferChainWalk.ts"
import type { NewOrderRecord } from "../../src/orders/OrderModel.ts"
import { type BuyBatchJudge, BuyJournal, type NewBuyEntry } from "../../src/orders/ports/BuyJournal.ts"
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

/** A batch of buys (order, transfers, key) of LAND_EUR written in a transaction of its own. */
const batchIn = (buys: ReadonlyArray<readonly [NewOrderRecord, ReadonlyArray<Transfer>, string]>) =>
  Effect.gen(function* () {
    const uow = yield* UnitOfWork
    const journal = yield* BuyJournal
    return yield* uow.transaction(
      journal.recordBuys(
        "LAND_EUR",
        buys.map(([order, transfers, key]) => ({ unitType: "LAND_EUR", order, transfers, key: keyOf(key) })),
      ),
    )
  })

/** A buy of `orderId` in a batch of its own. */
const buyIn = (order: NewOrderRecord, transfers: ReadonlyArray<Transfer>, key: string) =>
  batchIn([[order, transfers, key]])

/** What a batch of LAND_EUR buys asking for `keys` starts from, in a transaction of its own. */
const openIn = (keys: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const uow = yield* UnitOfWork
    const journal = yield* BuyJournal
    return yield* uow.transaction(journal.openBatch("LAND_EUR", keys.map(keyOf)))
  })

export const buyJournalContract = (name: string, makeLayer: () => Layer.Layer<Stores>) =>
  describe(`BuyJournal contract (${name})`, () => {
    const fresh = <A, E>(effect: Effect.Effect<A, E, Stores>) => Effect.provide(effect, makeLayer())

    it.live(
      "records a batch's orders in order with their sequences, their transfers and their keys (whose first result is the stored order) together",
      () =>
        Effect.gen(function* () {
          const result = yield* fresh(
            Effect.gen(function* () {
              const stored = yield* batchIn([
                [aBuy("o1"), [transfer("t1", "o1")], "k1"],
                [aBuy("o2"), [transfer("t2", "o2", { units: 3 })], "k2"],
              ])
              return {
                stored,
                o1: yield* (yield* OrderRepository).get(OrderId.make("o1")),
                transfers: yield* (yield* LedgerStore).transfersByOrder(OrderId.make("o1")),
                reserved: yield* (yield* LedgerStore).balance("LAND_EUR", member(ann, "pendingBuy")),
                key: yield* (yield* IdempotencyStore).find(`member:${ann}`, IdempotencyKey.make("k2")),
              }
            }),
          )
          const [first, second] = result.stored
          expect(first).toEqual({ ...aBuy("o1"), sequence: first!.sequence })
          expect(second).toEqual({ ...aBuy("o2"), sequence: second!.sequence })
          expect(second!.sequence).toBeGreaterThan(first!.sequence)
          expect(result.o1).toEqual(first)
          expect(result.transfers).toEqual([transfer("t1", "o1")])
          expect(result.reserved).toBe(15)
          expect(Option.getOrThrow(result.key)).toEqual({ ...keyOf("k2"), response: second })
        }),
    )

    it.live(
      "opens a batch with the unit type's totals and the saved records of the keys asked for, none other",
      () =>
        Effect.gen(function* () {
          const result = yield* fresh(
            Effect.gen(function* () {
              const before = yield* openIn(["k1"])
              const [stored] = yield* buyIn(aBuy("o1"), [transfer("t1", "o1")], "k1")
              yield* buyIn(aBuy("o2"), [transfer("t2", "o2", { units: 3 })], "k2")
              return { before, after: yield* openIn(["k1", "k3"]), stored }
            }),
          )
          expect(result.before.saved).toEqual([])
          expect([result.before.totals.pendingBuy, result.before.totals.issuance]).toEqual([0, 0])
          expect(result.after.saved).toEqual([{ ...keyOf("k1"), response: result.stored }])
          expect([result.after.totals.pendingBuy, result.after.totals.issuance]).toEqual([15, -15])
        }),
    )

    it.live(
      "writes nothing of a batch whose transfers would take a member account below zero (InsufficientUnits)",
      () =>
        Effect.gen(function* () {
          const result = yield* fresh(
            Effect.gen(function* () {
              const refused = yield* Effect.flip(
                batchIn([
                  [aBuy("o0"), [transfer("t0", "o0")], "k0"],
                  [
                    aBuy("o1"),
                    [transfer("t1", "o1", { from: member(ann, "owned"), to: ISSUANCE, units: 5 })],
                    "k1",
                  ],
                ]),
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

    /** Entries of LAND_EUR buys (order, transfers, key) as `recordBatch` takes them. */
    const entriesOf = (buys: ReadonlyArray<readonly [NewOrderRecord, ReadonlyArray<Transfer>, string]>) =>
      buys.map(
        ([order, transfers, key]): NewBuyEntry => ({
          unitType: "LAND_EUR",
          order,
          transfers,
          key: keyOf(key),
        }),
      )

    /** `recordBatch` of `entries` asking for `keys`, in a transaction of its own; its judge sees what it saw. */
    const batchGuessing = <E>(
      entries: ReadonlyArray<NewBuyEntry>,
      keys: ReadonlyArray<string>,
      judge: BuyBatchJudge<E>,
    ) =>
      Effect.gen(function* () {
        const uow = yield* UnitOfWork
        const journal = yield* BuyJournal
        const [stored] = yield* uow.transaction(
          journal.recordBatch([{ unitType: "LAND_EUR", entries, keys: keys.map(keyOf), judge }]),
        )
        return stored!
      })

    it.live(
      "recordBatch: the judge sees the totals before the batch and the saved keys; every buy it keeps is written",
      () =>
        Effect.gen(function* () {
          const seen: Array<readonly [number, number]> = []
          const entries = entriesOf([
            [aBuy("o1"), [transfer("t1", "o1")], "k1"],
            [aBuy("o2"), [transfer("t2", "o2", { units: 3 })], "k2"],
          ])
          const result = yield* fresh(
            Effect.gen(function* () {
              yield* buyIn(aBuy("o0"), [transfer("t0", "o0", { units: 2 })], "k0")
              const stored = yield* batchGuessing(entries, ["k1", "k2"], (start) =>
                Effect.sync(() => {
                  seen.push([start.totals.pendingBuy, start.saved.length])
                  return entries
                }),
              )
              return {
                stored,
                reserved: yield* (yield* LedgerStore).balance("LAND_EUR", member(ann, "pendingBuy")),
                key: yield* (yield* IdempotencyStore).find(`member:${ann}`, IdempotencyKey.make("k2")),
              }
            }),
          )
          expect(seen).toEqual([[2, 0]])
          expect(result.stored.map((o) => o.orderId)).toEqual(["o1", "o2"])
          expect(result.reserved).toBe(17)
          expect(Option.getOrThrow(result.key)).toEqual({ ...keyOf("k2"), response: result.stored[1] })
        }),
    )

    it.live(
      "recordBatch: a key already saved is shown to the judge, and only the buys it keeps are written",
      () =>
        Effect.gen(function* () {
          const entries = entriesOf([
            [aBuy("o1"), [transfer("t1", "o1")], "k1"],
            [aBuy("o2"), [transfer("t2", "o2", { units: 3 })], "k2"],
          ])
          const result = yield* fresh(
            Effect.gen(function* () {
              const [first] = yield* buyIn(aBuy("o0"), [transfer("t0", "o0", { units: 2 })], "k1")
              const saved: Array<unknown> = []
              const stored = yield* batchGuessing(entries, ["k1", "k2"], (start) =>
                Effect.sync(() => {
                  saved.push(...start.saved.map((r) => r.response))
                  return entries.slice(1)
                }),
              )
              return {
                first,
                saved,
                stored,
                orders: (yield* (yield* OrderRepository).find({})).map((o) => o.orderId),
              }
            }),
          )
          expect(result.saved).toEqual([result.first])
          expect(result.stored.map((o) => o.orderId)).toEqual(["o2"])
          expect(result.orders).toEqual(["o0", "o2"])
        }),
    )

    it.live(
      "recordBatch: the judge keeping fewer than all, the kept ones alone are written, or (a wrong guess) none and BatchGuessedWrong",
      () =>
        Effect.gen(function* () {
          const entries = entriesOf([
            [aBuy("o1"), [transfer("t1", "o1")], "k1"],
            [aBuy("o2"), [transfer("t2", "o2", { units: 3 })], "k2"],
          ])
          const result = yield* fresh(
            Effect.gen(function* () {
              const written: Array<ReadonlySet<string>> = []
              const outcome = yield* Effect.exit(
                batchGuessing(entries, ["k1", "k2"], (_start, already) =>
                  Effect.sync(() => {
                    written.push(already)
                    return entries.slice(0, 1)
                  }),
                ),
              )
              return {
                outcome,
                written,
                orders: (yield* (yield* OrderRepository).find({})).map((o) => o.orderId),
                key: yield* (yield* IdempotencyStore).find(`member:${ann}`, IdempotencyKey.make("k2")),
                heads: yield* (yield* LedgerStore).chainHeads,
              }
            }),
          )
          expect(Option.isNone(result.key)).toBe(true)
          if (result.outcome._tag === "Success") {
            // Judged before anything was written (in memory).
            expect(result.written.map((w) => w.size)).toEqual([0])
            expect(result.orders).toEqual(["o1"])
          } else {
            // Written first (PostgreSQL), told so, then taken back whole.
            expect(String(result.outcome.cause)).toContain("BatchGuessedWrong")
            expect(result.written.map((w) => [...w].sort())).toEqual([["o1", "o2"]])
            expect(result.orders).toEqual([])
            expect(result.heads.get("LAND_EUR")?.length ?? 0).toBe(0)
          }
        }),
    )

    /** A LAND_USD buy: its order and transfer. */
    const usdBuy = (
      id: string,
      units: number,
    ): readonly [NewOrderRecord, ReadonlyArray<Transfer>, string] => {
      const order = aBuy(id)
      return [
        { ...order, currencyUnit: { ...order.currencyUnit, unitType: "LAND_USD", numberOfUnits: units } },
        [transfer(`t-${id}`, id, { unitType: "LAND_USD", units })],
        `k-${id}`,
      ]
    }
    const usdEntriesOf = (buys: ReadonlyArray<readonly [NewOrderRecord, ReadonlyArray<Transfer>, string]>) =>
      entriesOf(buys).map((entry): NewBuyEntry => ({ ...entry, unitType: "LAND_USD" }))

    it.live(
      "recordBatch of two unit types (given against the locks' order): each judge sees its own unit type's start, each part's kept buys written, answered in the order given, one chain each",
      () =>
        Effect.gen(function* () {
          const eur = entriesOf([[aBuy("o1"), [transfer("t1", "o1")], "k1"]])
          const usd = usdEntriesOf([usdBuy("u1", 4), usdBuy("u2", 6)])
          const seen: Array<readonly [string, number, number]> = []
          const result = yield* fresh(
            Effect.gen(function* () {
              yield* buyIn(aBuy("o0"), [transfer("t0", "o0", { units: 2 })], "k0")
              const uow = yield* UnitOfWork
              const journal = yield* BuyJournal
              const judge =
                (name: string, entries: ReadonlyArray<NewBuyEntry>): BuyBatchJudge<never> =>
                (start) =>
                  Effect.sync(() => {
                    seen.push([name, start.totals.pendingBuy, start.saved.length])
                    return entries
                  })
              // UnitTypes lists LAND_EUR first: the parts are given the other way round.
              const stored = yield* uow.transaction(
                journal.recordBatch([
                  {
                    unitType: "LAND_USD",
                    entries: usd,
                    keys: [keyOf("k-u1"), keyOf("k-u2")],
                    judge: judge("usd", usd),
                  },
                  { unitType: "LAND_EUR", entries: eur, keys: [keyOf("k1")], judge: judge("eur", eur) },
                ]),
              )
              const ledger = yield* LedgerStore
              return {
                stored,
                eur: yield* ledger.balance("LAND_EUR", member(ann, "pendingBuy")),
                usd: yield* ledger.balance("LAND_USD", member(ann, "pendingBuy")),
                verified: yield* verifyTransferChains({ pageSize: 2 }),
              }
            }),
          )
          // Judged in the locks' order, answered in the order given.
          expect(seen).toEqual([
            ["eur", 2, 0],
            ["usd", 0, 0],
          ])
          expect(result.stored.map((part) => part.map((o) => o.orderId))).toEqual([["u1", "u2"], ["o1"]])
          expect([result.eur, result.usd]).toEqual([14, 10])
          expect(result.verified.heads.get("LAND_EUR")?.length).toBe(2)
          expect(result.verified.heads.get("LAND_USD")?.length).toBe(2)
        }),
    )

    it.live(
      "recordBatch of two unit types where one part's judge keeps fewer: nothing of either part stays, or (in memory) only what was kept",
      () =>
        Effect.gen(function* () {
          const eur = entriesOf([[aBuy("o1"), [transfer("t1", "o1")], "k1"]])
          const usd = usdEntriesOf([usdBuy("u1", 4), usdBuy("u2", 6)])
          const result = yield* fresh(
            Effect.gen(function* () {
              const uow = yield* UnitOfWork
              const journal = yield* BuyJournal
              const outcome = yield* Effect.exit(
                uow.transaction(
                  journal.recordBatch([
                    {
                      unitType: "LAND_EUR",
                      entries: eur,
                      keys: [keyOf("k1")],
                      judge: () => Effect.succeed(eur),
                    },
                    {
                      unitType: "LAND_USD",
                      entries: usd,
                      keys: [keyOf("k-u1"), keyOf("k-u2")],
                      judge: () => Effect.succeed(usd.slice(1)),
                    },
                  ]),
                ),
              )
              return {
                outcome,
                orders: (yield* (yield* OrderRepository).find({})).map((o) => o.orderId).sort(),
              }
            }),
          )
          if (result.outcome._tag === "Success") expect(result.orders).toEqual(["o1", "u2"])
          else {
            expect(String(result.outcome.cause)).toContain("BatchGuessedWrong")
            expect(result.orders).toEqual([])
          }
        }),
    )
  })
