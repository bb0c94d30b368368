/**
 * The contract every LedgerStore adapter passes: run on the in-memory store here, and on PostgreSQL by the
 * adapters' tests (`ledgerStoreContract("pg", layer)`).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import { makeChainVerifier } from "../../src/ledger/ChainVerifier.ts"
import { FEES, ISSUANCE, member, type Transfer } from "../../src/ledger/LedgerModel.ts"
import { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
import {
  CHAIN_GENESIS,
  canonicalTransfer,
  chainHash,
  memberPseudonym,
  TRANSFER_ENCODING_V2,
} from "../../src/ledger/TransferChain.ts"
import { MemberId, OrderId, TransferId } from "../../src/shared/Ids.ts"

const alice = MemberId.make("mem_alice")
const bob = MemberId.make("mem_bob")
const order1 = OrderId.make("ord_1")
const order2 = OrderId.make("ord_2")

let seq = 0
const transfer = (
  fields: Omit<Transfer, "transferId" | "at" | "orderId"> & { orderId?: OrderId },
): Transfer => {
  seq += 1
  return {
    transferId: TransferId.make(`trf_contract_${seq}`),
    at: 1_700_000_000_000 + seq,
    orderId: order1,
    ...fields,
  }
}

export const ledgerStoreContract = (name: string, makeLayer: () => Layer.Layer<LedgerStore>) =>
  describe(`LedgerStore contract (${name})`, () => {
    const fresh = <A, E>(effect: Effect.Effect<A, E, LedgerStore>) => Effect.provide(effect, makeLayer())

    it.live(
      "chains each unit type's transfers with core's encoding and SHA-256, whoever computes it (issue 21)",
      () =>
        Effect.gen(function* () {
          const appended = [
            transfer({ unitType: "LAND_POUND", from: ISSUANCE, to: member(alice, "owned"), units: 7 }),
            transfer({ unitType: "LAND_AUD", from: ISSUANCE, to: member(bob, "owned"), units: 3 }),
            transfer({
              unitType: "LAND_POUND",
              from: member(alice, "owned"),
              to: member(bob, "owned"),
              units: 2,
            }),
          ]
          const result = yield* fresh(
            Effect.gen(function* () {
              const store = yield* LedgerStore
              yield* store.append([appended[0]!, appended[1]!])
              yield* store.append([appended[2]!])
              const rows = (yield* store.chainAfter(0, 1_000)).filter(
                (r) => r.chain !== "LAND_USD" && r.chain !== "LAND_EUR",
              )
              return { rows, heads: yield* store.chainHeads }
            }),
          )
          // Each is chained in v2: a fresh blind (32 bytes, hex) for each member account, none for the platform's.
          expect(result.rows.map((r) => [r.encoding, r.fromBlind === null, r.toBlind === null])).toEqual([
            [TRANSFER_ENCODING_V2, true, false],
            [TRANSFER_ENCODING_V2, true, false],
            [TRANSFER_ENCODING_V2, false, false],
          ])
          const blinds = result.rows.flatMap((r) => [r.fromBlind, r.toBlind]).filter((b) => b !== null)
          expect(blinds.every((b) => /^[0-9a-f]{64}$/.test(b))).toBe(true)
          expect(new Set(blinds).size).toBe(blinds.length)
          // Recomputed here from the transfers alone and each row's blinds, as an outsider would (docs/ledger.md §9):
          // the hash commits to the members' ids behind the pseudonyms.
          const key = (a: Transfer["from"], blind: string | null) =>
            a._tag === "MemberAccount"
              ? `member:${memberPseudonym(a.memberId, blind!)}:${a.bucket}`
              : `platform:${a.name}`
          const blindsOf = new Map(result.rows.map((r) => [r.transferId, r]))
          const expected = (unitType: string) =>
            appended
              .filter((t) => t.unitType === unitType)
              .reduce((head, t) => {
                const row = blindsOf.get(t.transferId)!
                return chainHash(
                  head,
                  canonicalTransfer(TRANSFER_ENCODING_V2, {
                    ...t,
                    fromKey: key(t.from, row.fromBlind),
                    toKey: key(t.to, row.toBlind),
                  }),
                )
              }, CHAIN_GENESIS)
          expect(result.heads.get("LAND_POUND")).toEqual({ length: 2, head: expected("LAND_POUND") })
          expect(result.heads.get("LAND_AUD")).toEqual({ length: 1, head: expected("LAND_AUD") })
          expect(result.rows.map((r) => [r.chain, r.chainIndex])).toEqual([
            ["LAND_POUND", 1],
            ["LAND_AUD", 1],
            ["LAND_POUND", 2],
          ])
          const verifier = makeChainVerifier()
          for (const row of result.rows) expect(verifier.next(row)).toBeUndefined()
          expect(result.rows[2]?.prevHash).toBe(result.rows[0]?.hash)
        }),
    )

    it.live("gives an order's transfers as their chains hold them, in the order appended", () =>
      Effect.gen(function* () {
        const mine = [
          transfer({
            unitType: "LAND_EUR",
            from: ISSUANCE,
            to: member(alice, "pendingBuy"),
            units: 4,
            orderId: order2,
          }),
          transfer({ unitType: "LAND_EUR", from: ISSUANCE, to: member(bob, "owned"), units: 1 }),
          transfer({
            unitType: "LAND_EUR",
            from: member(alice, "pendingBuy"),
            to: member(alice, "owned"),
            units: 4,
            orderId: order2,
          }),
        ]
        const result = yield* fresh(
          Effect.gen(function* () {
            const store = yield* LedgerStore
            yield* store.append([mine[0]!])
            yield* store.append([mine[1]!, mine[2]!])
            return { rows: yield* store.chainOfOrder(order2), all: yield* store.chainAfter(0, 1_000) }
          }),
        )
        const inChain = result.all.filter((r) => r.orderId === order2)
        expect(result.rows).toEqual(inChain)
        expect(result.rows.map((r) => [r.transferId, r.units, r.at, r.fromKey, r.toKey])).toEqual([
          [mine[0]!.transferId, 4, mine[0]!.at, "platform:issuance", "member:mem_alice:pendingBuy"],
          [mine[2]!.transferId, 4, mine[2]!.at, "member:mem_alice:pendingBuy", "member:mem_alice:owned"],
        ])
        expect(result.rows[1]!.position).toBeGreaterThan(result.rows[0]!.position)
      }),
    )

    it.live("balances are the sums of appended transfers", () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const store = yield* LedgerStore
            yield* store.append([
              transfer({ unitType: "LAND_USD", from: ISSUANCE, to: member(alice, "pendingBuy"), units: 30 }),
            ])
            yield* store.append([
              transfer({
                unitType: "LAND_USD",
                from: member(alice, "pendingBuy"),
                to: member(alice, "owned"),
                units: 30,
              }),
              transfer({ unitType: "LAND_USD", from: member(alice, "owned"), to: FEES, units: 10 }),
            ])
            return {
              owned: yield* store.balance("LAND_USD", member(alice, "owned")),
              pending: yield* store.balance("LAND_USD", member(alice, "pendingBuy")),
              issuance: yield* store.balance("LAND_USD", ISSUANCE),
              otherType: yield* store.balance("LAND_EUR", member(alice, "owned")),
              totals: yield* store.totals("LAND_USD"),
            }
          }),
        )
        expect(result.owned).toBe(20)
        expect(result.pending).toBe(0)
        expect(result.issuance).toBe(-30)
        expect(result.otherType).toBe(0)
        expect(result.totals).toEqual({
          owned: 20,
          owned_DOUBLE_LAND: 0,
          pendingBuy: 0,
          pendingSell: 0,
          convertLocked: 0,
          issuance: -30,
          fees: 10,
        })
      }),
    )

    it.live("a batch that would take a member account below zero is refused whole", () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const store = yield* LedgerStore
            yield* store.append([
              transfer({ unitType: "LAND_EUR", from: ISSUANCE, to: member(alice, "owned"), units: 5 }),
            ])
            const refused = yield* Effect.flip(
              store.append([
                transfer({ unitType: "LAND_EUR", from: ISSUANCE, to: member(bob, "owned"), units: 7 }),
                transfer({
                  unitType: "LAND_EUR",
                  from: member(alice, "owned"),
                  to: member(bob, "owned"),
                  units: 6,
                }),
              ]),
            )
            return {
              refused,
              alice: yield* store.balance("LAND_EUR", member(alice, "owned")),
              bob: yield* store.balance("LAND_EUR", member(bob, "owned")),
              transfers: (yield* store.transfersByMember(bob)).length,
            }
          }),
        )
        expect(result.refused._tag).toBe("InsufficientUnits")
        expect(result.refused.message).toBe("Not enough Unit (€) in owned: the balance is 5, 6 needed")
        expect(result.alice).toBe(5)
        expect(result.bob).toBe(0)
        expect(result.transfers).toBe(0)
      }),
    )

    it.live("a batch is checked on its net effect, so Units may pass through an account within it", () =>
      Effect.gen(function* () {
        const owned = yield* fresh(
          Effect.gen(function* () {
            const store = yield* LedgerStore
            yield* store.append([
              transfer({
                unitType: "LAND_AUD",
                from: member(alice, "pendingBuy"),
                to: member(alice, "owned"),
                units: 4,
              }),
              transfer({ unitType: "LAND_AUD", from: ISSUANCE, to: member(alice, "pendingBuy"), units: 4 }),
            ])
            return yield* store.balance("LAND_AUD", member(alice, "owned"))
          }),
        )
        expect(owned).toBe(4)
      }),
    )

    it.live("a transfer id is appended once", () =>
      Effect.gen(function* () {
        const refused = yield* fresh(
          Effect.gen(function* () {
            const store = yield* LedgerStore
            const t = transfer({ unitType: "LAND_USD", from: ISSUANCE, to: member(alice, "owned"), units: 1 })
            yield* store.append([t])
            return yield* Effect.flip(store.append([t]))
          }),
        )
        expect(refused._tag).toBe("InvalidTransfer")
      }),
    )

    it.live("lists transfers by order and by member in the order they were appended", () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const store = yield* LedgerStore
            yield* store.append([
              transfer({ unitType: "LAND_POUND", from: ISSUANCE, to: member(alice, "owned"), units: 3 }),
              transfer({
                unitType: "LAND_POUND",
                from: ISSUANCE,
                to: member(bob, "owned"),
                units: 2,
                orderId: order2,
              }),
            ])
            yield* store.append([
              transfer({
                unitType: "LAND_POUND",
                from: member(alice, "owned"),
                to: member(bob, "owned"),
                units: 1,
                orderId: order2,
              }),
            ])
            return {
              byOrder: (yield* store.transfersByOrder(order2)).map((t) => t.units),
              byAlice: (yield* store.transfersByMember(alice)).map((t) => t.units),
              balances: (yield* store.memberBalances(bob)).map((b) => [b.unitType, b.account, b.units]),
            }
          }),
        )
        expect(result.byOrder).toEqual([2, 1])
        expect(result.byAlice).toEqual([3, 1])
        expect(result.balances).toEqual([
          ["LAND_POUND", { _tag: "MemberAccount", memberId: bob, bucket: "owned" }, 3],
        ])
      }),
    )
  })
