/**
 * The contract every LedgerCheckpoints adapter passes: run in memory here (over the in-memory ledger), and on
 * PostgreSQL by the adapters' tests (`ledgerCheckpointsContract("pg", layer)`), each over the same backend's
 * LedgerStore.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import type { StoredCheckpoint } from "../../src/ledger/CheckpointModel.ts"
import { ISSUANCE, member, type Transfer } from "../../src/ledger/LedgerModel.ts"
import { LedgerCheckpoints } from "../../src/ledger/ports/LedgerCheckpoints.ts"
import { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
import type { UnitType } from "../../src/shared/Enums.ts"
import { MemberId, OrderId, TransferId } from "../../src/shared/Ids.ts"

const holder = MemberId.make("mem_checkpoints")

let seq = 0
const issue = (unitType: UnitType, units: number): Transfer => {
  seq += 1
  return {
    transferId: TransferId.make(`trf_checkpoint_${seq}`),
    unitType,
    from: ISSUANCE,
    to: member(holder, "owned"),
    units,
    orderId: OrderId.make(`ord_checkpoint_${seq}`),
    at: 1_700_000_000_000 + seq,
  }
}

const hex = (digit: string, length = 64) => digit.repeat(length)

const checkpoint = (number: number, overrides: Partial<StoredCheckpoint> = {}): StoredCheckpoint => ({
  number,
  at: 1_700_000_000_000 + number,
  treeSize: number * 3,
  merkleRoot: hex(String(number % 10)),
  chains: [
    { chain: "LAND_EUR", length: number, head: hex("e") },
    { chain: "LAND_USD", length: number * 2, head: hex("d") },
  ],
  keyId: "0123456789abcdef",
  signature: hex("f", 128),
  publicKey: hex("a"),
  lastPosition: number * 3 + 1,
  frontier: { size: number * 3, nodes: [hex("b"), hex("c")] },
  ...overrides,
})

export const ledgerCheckpointsContract = (
  name: string,
  makeLayer: () => Layer.Layer<LedgerCheckpoints | LedgerStore>,
) =>
  describe(`LedgerCheckpoints contract (${name})`, () => {
    const fresh = <A, E>(effect: Effect.Effect<A, E, LedgerCheckpoints | LedgerStore>) =>
      Effect.provide(effect, makeLayer())

    it.live(
      "balancesAt sums every account's transfers up to a position, and keeps a stored checkpoint's liabilities and salt key",
      () =>
        Effect.gen(function* () {
          const result = yield* fresh(
            Effect.gen(function* () {
              const ledger = yield* LedgerStore
              const checkpoints = yield* LedgerCheckpoints
              yield* ledger.append([issue("LAND_USD", 5), issue("LAND_EUR", 2)])
              const first = yield* ledger.chainAfter(0, 100)
              yield* ledger.append([issue("LAND_USD", 1)])
              const liabilities = [
                {
                  unitType: "LAND_USD",
                  root: hex("9"),
                  totals: { owned: 6, owned_DOUBLE_LAND: 0, pendingBuy: 0, pendingSell: 0, convertLocked: 0 },
                },
              ]
              yield* checkpoints.append(checkpoint(1, { liabilities, liabilitiesSaltKey: hex("5") }))
              return {
                before: yield* checkpoints.balancesAt(first[first.length - 1]!.position),
                all: yield* checkpoints.balancesAt(Number.MAX_SAFE_INTEGER),
                none: yield* checkpoints.balancesAt(0),
                stored: Option.getOrThrow(yield* checkpoints.latest),
                liabilities,
              }
            }),
          )
          const sorted = (rows: ReadonlyArray<{ unitType: string; key: string; units: number }>) =>
            [...rows].sort((a, b) => (`${a.unitType}${a.key}` < `${b.unitType}${b.key}` ? -1 : 1))
          expect(sorted(result.before)).toEqual([
            { unitType: "LAND_EUR", key: "member:mem_checkpoints:owned", units: 2 },
            { unitType: "LAND_EUR", key: "platform:issuance", units: -2 },
            { unitType: "LAND_USD", key: "member:mem_checkpoints:owned", units: 5 },
            { unitType: "LAND_USD", key: "platform:issuance", units: -5 },
          ])
          expect(
            sorted(result.all)
              .filter((r) => r.unitType === "LAND_USD")
              .map((r) => r.units),
          ).toEqual([6, -6])
          expect(result.none).toEqual([])
          expect(result.stored.liabilities).toEqual(result.liabilities)
          expect(result.stored.liabilitiesSaltKey).toBe(hex("5"))
        }),
    )

    it.live(
      "the cut counts every transfer appended, names the last one's position, and gives each chain's head",
      () =>
        Effect.gen(function* () {
          const result = yield* fresh(
            Effect.gen(function* () {
              const ledger = yield* LedgerStore
              const checkpoints = yield* LedgerCheckpoints
              const empty = yield* checkpoints.cut
              yield* ledger.append([issue("LAND_USD", 5), issue("LAND_EUR", 2)])
              yield* ledger.append([issue("LAND_USD", 1)])
              return {
                empty,
                cut: yield* checkpoints.cut,
                rows: yield* ledger.chainAfter(0, 100),
                heads: yield* ledger.chainHeads,
              }
            }),
          )
          expect(result.empty).toEqual({ treeSize: 0, lastPosition: 0, chains: [] })
          expect(result.cut.treeSize).toBe(3)
          expect(result.cut.lastPosition).toBe(result.rows[2]?.position)
          expect(result.cut.chains).toEqual([
            { chain: "LAND_EUR", ...result.heads.get("LAND_EUR") },
            { chain: "LAND_USD", ...result.heads.get("LAND_USD") },
          ])
        }),
    )

    it.live(
      "appends only the next number: a number taken, or one that skips, is refused and nothing is written",
      () =>
        Effect.gen(function* () {
          const result = yield* fresh(
            Effect.gen(function* () {
              const checkpoints = yield* LedgerCheckpoints
              const skipped = yield* Effect.flip(checkpoints.append(checkpoint(2)))
              yield* checkpoints.append(checkpoint(1))
              const again = yield* Effect.flip(checkpoints.append(checkpoint(1, { merkleRoot: hex("9") })))
              yield* checkpoints.append(checkpoint(2))
              return { skipped, again, all: yield* checkpoints.after(0, 10) }
            }),
          )
          expect(result.skipped._tag).toBe("CheckpointNumberTaken")
          expect(result.skipped.number).toBe(2)
          expect(result.again._tag).toBe("CheckpointNumberTaken")
          expect(result.all.map((c) => [c.number, c.merkleRoot])).toEqual([
            [1, hex("1")],
            [2, hex("2")],
          ])
        }),
    )

    it.live(
      "reads back every field: the latest, the newest first a page at a time, and all oldest first",
      () =>
        Effect.gen(function* () {
          const result = yield* fresh(
            Effect.gen(function* () {
              const checkpoints = yield* LedgerCheckpoints
              const none = yield* checkpoints.latest
              for (let n = 1; n <= 5; n++) yield* checkpoints.append(checkpoint(n))
              return {
                none,
                latest: yield* checkpoints.latest,
                newest: yield* checkpoints.newest({ limit: 2 }),
                before: yield* checkpoints.newest({ before: 3, limit: 10 }),
                after: yield* checkpoints.after(2, 2),
              }
            }),
          )
          expect(Option.isNone(result.none)).toBe(true)
          expect(result.latest).toEqual(Option.some(checkpoint(5)))
          expect(result.newest.map((c) => c.number)).toEqual([5, 4])
          expect(result.before).toEqual([checkpoint(2), checkpoint(1)])
          expect(result.after).toEqual([checkpoint(3), checkpoint(4)])
        }),
    )
  })
