import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { accountKey, checkBatch, invalidTransfer, reversal, sumBalances } from "../../src/ledger/Ledger.ts"
import { FEES, ISSUANCE, member, type TransferDraft } from "../../src/ledger/LedgerModel.ts"
import { LedgerService } from "../../src/ledger/LedgerService.ts"
import { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
import { UnitTypes } from "../../src/shared/Enums.ts"
import { MemberId, OrderId } from "../../src/shared/Ids.ts"
import { IdGenerator } from "../../src/shared/ports/IdGenerator.ts"

const alice = MemberId.make("mem_alice")
const bob = MemberId.make("mem_bob")

describe("Ledger rules", () => {
  it("names each account by a stable key", () => {
    expect(accountKey(member(alice, "pendingSell"))).toBe("member:mem_alice:pendingSell")
    expect(accountKey(ISSUANCE)).toBe("platform:issuance")
  })

  it("a transfer moves a positive whole number of Units between two different accounts", () => {
    const base = { unitType: "LAND_USD" as const, from: ISSUANCE, to: member(alice, "owned") }
    expect(invalidTransfer({ ...base, units: 0 })?.message).toBe(
      "A transfer moves a positive whole number of Units, not 0",
    )
    expect(invalidTransfer({ ...base, units: 1.5 })?._tag).toBe("InvalidTransfer")
    expect(invalidTransfer({ ...base, to: ISSUANCE, units: 1 })?.message).toBe(
      "A transfer cannot move Units from platform:issuance to itself",
    )
    expect(invalidTransfer({ ...base, units: 1 })).toBeUndefined()
    expect(checkBatch([{ ...base, units: -2 }], () => 0)?._tag).toBe("InvalidTransfer")
  })

  it("no member account may go negative, while issuance may", () => {
    const batch: Array<TransferDraft> = [
      { unitType: "LAND_AUD", from: member(alice, "owned"), to: FEES, units: 3 },
    ]
    expect(checkBatch(batch, () => 3)).toBeUndefined()
    const refused = checkBatch(batch, () => 2)
    expect(refused?._tag).toBe("InsufficientUnits")
    expect(refused?.message).toBe("Not enough Unit (A$) in owned: the balance is 2, 3 needed")
    expect(
      checkBatch([{ unitType: "LAND_AUD", from: ISSUANCE, to: FEES, units: 9 }], () => 0),
    ).toBeUndefined()
  })

  it("a correction is the reversing transfer, and both sum to nothing", () => {
    const draft: TransferDraft = {
      unitType: "LAND_EUR",
      from: member(alice, "owned"),
      to: member(bob, "owned"),
      units: 4,
    }
    const balances = sumBalances([draft, reversal(draft)])
    expect([...balances.values()].map((b) => b.units)).toEqual([0, 0])
  })

  it("per unit type the balances of all accounts sum to zero, whatever was appended", () => {
    const account = fc.oneof(
      fc.constantFrom(ISSUANCE, FEES),
      fc
        .record({
          memberId: fc.constantFrom(alice, bob),
          bucket: fc.constantFrom(
            "owned",
            "owned_DOUBLE_LAND",
            "pendingBuy",
            "pendingSell",
            "convertLocked" as const,
          ),
        })
        .map(({ memberId, bucket }) => member(memberId, bucket)),
    )
    const draft = fc
      .record({
        unitType: fc.constantFrom(...UnitTypes),
        from: account,
        to: account,
        units: fc.integer({ min: 1, max: 1000 }),
      })
      .filter((d) => accountKey(d.from) !== accountKey(d.to))
    fc.assert(
      fc.property(fc.array(draft, { maxLength: 40 }), (drafts) => {
        const sums = new Map<string, number>()
        for (const b of sumBalances(drafts).values())
          sums.set(b.unitType, (sums.get(b.unitType) ?? 0) + b.units)
        for (const total of sums.values()) expect(total).toBe(0)
      }),
    )
  })
})

describe("LedgerService", () => {
  const layer = LedgerService.layer.pipe(
    Layer.provideMerge(LedgerStore.layerMemory),
    Layer.provide(IdGenerator.layerSequential),
  )
  /** Runs `effect` over a fresh in-memory ledger, the test clock set to 1 000 ms. */
  const fresh = <A, E>(effect: Effect.Effect<A, E, LedgerService | LedgerStore>) =>
    TestClock.setTime(1_000).pipe(Effect.andThen(effect), Effect.provide(layer))

  it.effect("posts a batch with ids, the order and the time of posting", () =>
    Effect.gen(function* () {
      const transfers = yield* fresh(
        Effect.gen(function* () {
          const ledger = yield* LedgerService
          return yield* ledger.post(OrderId.make("ord_1"), [
            { unitType: "LAND_USD", from: ISSUANCE, to: member(alice, "pendingBuy"), units: 5 },
          ])
        }),
      )
      expect(transfers).toEqual([
        {
          transferId: "trf_000001",
          unitType: "LAND_USD",
          from: ISSUANCE,
          to: member(alice, "pendingBuy"),
          units: 5,
          orderId: "ord_1",
          at: 1_000,
        },
      ])
    }),
  )

  it.effect("an empty batch appends nothing", () =>
    Effect.gen(function* () {
      expect(yield* fresh(Effect.flatMap(LedgerService, (l) => l.post(OrderId.make("ord_1"), [])))).toEqual(
        [],
      )
    }),
  )

  it.effect("corrects with reversing transfers, never edits", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const ledger = yield* LedgerService
          const store = yield* LedgerStore
          const order = OrderId.make("ord_1")
          const posted = yield* ledger.post(order, [
            { unitType: "LAND_POUND", from: ISSUANCE, to: member(alice, "owned"), units: 7 },
          ])
          yield* ledger.reverse(OrderId.make("ord_fix"), posted)
          return {
            owned: yield* ledger.balance(alice, "LAND_POUND", "owned"),
            lines: (yield* store.transfersByMember(alice)).map((t) => [
              t.orderId,
              accountKey(t.from),
              t.units,
            ]),
          }
        }),
      )
      expect(result.owned).toBe(0)
      expect(result.lines).toEqual([
        ["ord_1", "platform:issuance", 7],
        ["ord_fix", "member:mem_alice:owned", 7],
      ])
    }),
  )
})
