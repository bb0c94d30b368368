import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import type { ChainedTransfer } from "../../src/ledger/ChainVerifier.ts"
import { ISSUANCE, member, type Transfer } from "../../src/ledger/LedgerModel.ts"
import { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
import type { ChainHead } from "../../src/ledger/TransferChain.ts"
import { verifyTransferChains } from "../../src/ledger/TransferChainWalk.ts"
import type { UnitType } from "../../src/shared/Enums.ts"
import { MemberId, OrderId, TransferId } from "../../src/shared/Ids.ts"

const holder = MemberId.make("mem_walk")

const transfer = (i: number, unitType: UnitType): Transfer => ({
  transferId: TransferId.make(`trf_walk_${i}`),
  unitType,
  from: ISSUANCE,
  to: member(holder, "owned"),
  units: i,
  orderId: OrderId.make(`ord_walk_${i}`),
  at: 1_700_000_000_000 + i,
})

/** Seven transfers in two unit types, appended to the in-memory store; its chained rows and heads. */
const ledger = Effect.gen(function* () {
  const store = yield* LedgerStore
  for (let i = 1; i <= 7; i++) yield* store.append([transfer(i, i % 3 === 0 ? "LAND_EUR" : "LAND_USD")])
  return { store, rows: yield* store.chainAfter(0, 100) }
}).pipe(Effect.provide(LedgerStore.layerMemory), Effect.runSync)

/** The store with its rows replaced (as a superuser could edit the table); its recorded heads unchanged. */
const tampered = (rows: ReadonlyArray<ChainedTransfer>) =>
  Layer.succeed(LedgerStore)({
    ...ledger.store,
    chainAfter: (after, limit) => Effect.succeed(rows.filter((r) => r.position > after).slice(0, limit)),
  })

const walk = (layer: Layer.Layer<LedgerStore>, pageSize = 3) => {
  const seen: Array<[string, number]> = []
  const pages: Array<number> = []
  const result = verifyTransferChains({
    pageSize,
    onRow: (row, position) => void seen.push([row.name, position]),
    onPage: (rows) => Effect.sync(() => void pages.push(rows)),
  }).pipe(Effect.provide(layer), Effect.result, Effect.runSync)
  return { result, seen, pages }
}

/** Each chain's head after the first `n` rows, as the walk recomputes it. */
const headsAfter = (n: number): ReadonlyMap<string, ChainHead> => {
  let heads: ReadonlyMap<string, ChainHead> = new Map()
  verifyTransferChains({
    pageSize: 3,
    onRow: (_row, position, now) => {
      if (position === n - 1) heads = now()
      return undefined
    },
  }).pipe(Effect.provide(tampered(ledger.rows)), Effect.orDie, Effect.runSync)
  return heads
}

describe("the walk over the transfers' hash chains", () => {
  it("reads every row a page at a time, in append order, and gives each chain's recomputed head", () => {
    const { result, seen, pages } = walk(tampered(ledger.rows))
    expect(result._tag).toBe("Success")
    if (result._tag !== "Success") return
    expect(result.success.transfers).toBe(7)
    expect(seen).toEqual(ledger.rows.map((r, i) => [r.name, i]))
    expect(pages).toEqual([3, 3, 1])
    const recorded = Effect.runSync(ledger.store.chainHeads)
    expect(result.success.heads).toEqual(recorded)
  })

  it("an edited row is named, and the walk stops there", () => {
    const rows = ledger.rows.map((r, i) =>
      i === 3 ? { ...r, canonical: r.canonical.replace(/\|4\|/, "|40|") } : r,
    )
    const { result, seen } = walk(tampered(rows))
    expect(result._tag).toBe("Failure")
    if (result._tag !== "Failure") return
    expect(result.failure.kind).toBe("edited")
    expect(result.failure.name).toBe("transfer trf_walk_4")
    expect(seen).toHaveLength(3)
  })

  it("rows missing at a chain's end are found against its recorded head", () => {
    const { result } = walk(tampered(ledger.rows.slice(0, -1)))
    expect(result._tag).toBe("Failure")
    if (result._tag !== "Failure") return
    expect(result.failure.kind).toBe("missing")
    expect(result.failure.message).toMatch(
      /^the LAND_USD chain's rows end at place 4, but its recorded head is place 5/,
    )
  })

  it("goes on from an earlier walk: only the rows after it are read, and the heads are the whole walk's", () => {
    const { resumed, seen, recorded } = Effect.gen(function* () {
      const store = yield* LedgerStore
      for (let i = 1; i <= 4; i++) yield* store.append([transfer(i, i % 3 === 0 ? "LAND_EUR" : "LAND_USD")])
      const earlier = yield* verifyTransferChains({ pageSize: 3 })
      for (let i = 5; i <= 7; i++) yield* store.append([transfer(i, i % 3 === 0 ? "LAND_EUR" : "LAND_USD")])
      const seen: Array<string> = []
      const resumed = yield* verifyTransferChains({
        pageSize: 3,
        from: earlier,
        onRow: (row) => void seen.push(row.name),
      })
      return { resumed, seen, recorded: yield* store.chainHeads }
    }).pipe(Effect.provide(LedgerStore.layerMemory), Effect.orDie, Effect.runSync)
    expect(seen).toEqual(["transfer trf_walk_5", "transfer trf_walk_6", "transfer trf_walk_7"])
    expect(resumed.transfers).toBe(7)
    expect(resumed.heads).toEqual(recorded)
    expect(recorded).toEqual(Effect.runSync(ledger.store.chainHeads))
  })

  it("going on from an earlier walk, a row edited after it is still named", () => {
    const earlier = { transfers: 4, after: ledger.rows[3]!.position, heads: headsAfter(4) }
    const rows = ledger.rows.map((r, i) =>
      i === 5 ? { ...r, canonical: r.canonical.replace(/\|6\|/, "|60|") } : r,
    )
    const resumed = verifyTransferChains({ pageSize: 3, from: earlier }).pipe(
      Effect.provide(tampered(rows)),
      Effect.result,
      Effect.runSync,
    )
    expect(resumed._tag).toBe("Failure")
    if (resumed._tag !== "Failure") return
    expect(resumed.failure.kind).toBe("edited")
    expect(resumed.failure.name).toBe("transfer trf_walk_6")
  })
})
