import { Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { ISSUANCE, member } from "../../src/ledger/LedgerModel.ts"
import { LedgerStore, type LedgerTotals } from "../../src/ledger/ports/LedgerStore.ts"
import { BuyJournal } from "../../src/orders/ports/BuyJournal.ts"
import { IdempotencyStore } from "../../src/orders/ports/IdempotencyStore.ts"
import { lockOrder, UnitOfWork } from "../../src/orders/ports/UnitOfWork.ts"
import { type UnitType, UnitTypes } from "../../src/shared/Enums.ts"
import { IdempotencyKey, MemberId, OrderId, TransferId } from "../../src/shared/Ids.ts"
import { lockAuditedStores } from "../support/LockAudit.ts"
import { aBuy } from "../support/OrderStoresContract.ts"

describe("the unit of work's locks", () => {
  it("unit types are locked in one fixed order whatever order a command names them, each once", () => {
    expect(lockOrder(["LAND_POUND", "LAND_EUR"])).toEqual(["LAND_EUR", "LAND_POUND"])
    expect(lockOrder(["LAND_EUR", "LAND_POUND"])).toEqual(["LAND_EUR", "LAND_POUND"])
    expect(lockOrder(["LAND_USD", "LAND_USD"])).toEqual(["LAND_USD"])
    expect(lockOrder([...UnitTypes].reverse())).toEqual(UnitTypes)
  })

  it("a lock is held from lockUnitTypes to the end of its transaction, and taking one outside a transaction is a defect", () => {
    const memory = Effect.runSync(UnitOfWork.makeMemory)
    const uow = memory.unitOfWork
    const inside = Effect.runSync(
      uow.transaction(
        Effect.gen(function* () {
          const before = new Set(memory.heldLocks())
          yield* uow.lockUnitTypes(["LAND_AUD"])
          yield* uow.lockUnitTypes(["LAND_EUR", "LAND_AUD"])
          return { before, after: new Set(memory.heldLocks()) }
        }),
      ),
    )
    expect(inside.before).toEqual(new Set())
    expect(inside.after).toEqual(new Set(["LAND_AUD", "LAND_EUR"]))
    expect(memory.heldLocks()).toBeUndefined()
    const outside = Effect.runSyncExit(uow.lockUnitTypes(["LAND_AUD"]))
    expect(Exit.isFailure(outside) && Exit.hasDies(outside)).toBe(true)
  })

  it("the test harness refuses a ledger write of a unit type the running transaction has not locked", () => {
    const memory = Effect.runSync(UnitOfWork.makeMemory)
    const uow = memory.unitOfWork
    const transfer = (unitType: UnitType) => ({
      transferId: TransferId.make(`trf_${unitType}`),
      unitType,
      from: ISSUANCE,
      to: member(MemberId.make("ann"), "pendingBuy"),
      units: 1,
      orderId: OrderId.make("ord_1"),
      at: 0,
    })
    const appendUnder = (locked: UnitType, written: UnitType) =>
      Effect.runSyncExit(
        Effect.provide(
          uow.transaction(
            Effect.gen(function* () {
              yield* uow.lockUnitTypes([locked])
              yield* (yield* Effect.service(LedgerStore)).append([transfer(written)])
            }),
          ),
          lockAuditedStores(memory.heldLocks),
        ),
      )
    const unlocked = appendUnder("LAND_EUR", "LAND_USD")
    expect(Exit.isFailure(unlocked) && Exit.hasDies(unlocked)).toBe(true)
    expect(String(Exit.isFailure(unlocked) ? unlocked.cause : "")).toContain(
      "a ledger append of LAND_USD without its lock",
    )
    expect(Exit.isSuccess(appendUnder("LAND_USD", "LAND_USD"))).toBe(true)
  })

  it("BuyJournal takes the unit type's lock, then answers the key's record, or runs the check on the totals before it writes", () => {
    const memory = Effect.runSync(UnitOfWork.makeMemory)
    const layer = BuyJournal.layerMemory.pipe(
      Layer.provideMerge(
        Layer.mergeAll(
          lockAuditedStores(memory.heldLocks),
          IdempotencyStore.layerMemory,
          Layer.succeed(UnitOfWork)(memory.unitOfWork),
        ),
      ),
    )
    const saved = {
      scope: "member:ann",
      idempotencyKey: IdempotencyKey.make("k1"),
      requestHash: "h1",
      response: { orderId: "ord_1" },
    }
    const reserve = (id: string, units: number) => ({
      transferId: TransferId.make(`trf_${id}`),
      unitType: "LAND_AUD" as const,
      from: ISSUANCE,
      to: member(MemberId.make("ann"), "pendingBuy"),
      units,
      orderId: OrderId.make(`ord_${id}`),
      at: 0,
    })
    const result = Effect.runSync(
      Effect.provide(
        Effect.gen(function* () {
          const journal = yield* BuyJournal
          const { scope, idempotencyKey } = saved
          yield* memory.unitOfWork.transaction(
            Effect.gen(function* () {
              yield* memory.unitOfWork.lockUnitTypes(["LAND_AUD"])
              yield* (yield* LedgerStore).append([reserve("1", 4)])
              yield* (yield* IdempotencyStore).save(saved)
            }),
          )
          return yield* memory.unitOfWork.transaction(
            Effect.gen(function* () {
              const checked: Array<{ pendingBuy: number; held: ReadonlySet<UnitType> }> = []
              const check = (totals: LedgerTotals) =>
                Effect.sync(
                  () =>
                    void checked.push({ pendingBuy: totals.pendingBuy, held: new Set(memory.heldLocks()) }),
                )
              const entry = (key: IdempotencyKey) => ({
                unitType: "LAND_AUD" as const,
                order: {
                  ...aBuy("ord_2"),
                  currencyUnit: { ...aBuy("ord_2").currencyUnit, unitType: "LAND_AUD" as const },
                },
                transfers: [reserve("2", 3)],
                key: { scope, idempotencyKey: key, requestHash: "h2" },
              })
              const known = yield* journal.recordBuy(entry(idempotencyKey), check)
              const fresh = yield* journal.recordBuy(entry(IdempotencyKey.make("k2")), check)
              const refused = yield* Effect.flip(
                journal.recordBuy({ ...entry(IdempotencyKey.make("k3")), transfers: [reserve("3", 1)] }, () =>
                  Effect.fail("refused" as const),
                ),
              )
              const totals = yield* (yield* LedgerStore).totals("LAND_AUD")
              return { known, fresh, refused, checked, pendingBuy: totals.pendingBuy }
            }),
          )
        }),
        layer,
      ),
    )
    expect(result.known).toEqual({ _tag: "Repeated", existing: saved })
    expect(result.fresh._tag).toBe("Recorded")
    // Checked once, holding the lock, on the totals before the buy's own write; a refusal writes nothing.
    expect(result.checked).toEqual([{ pendingBuy: 4, held: new Set(["LAND_AUD"]) }])
    expect(result.refused).toBe("refused")
    expect(result.pendingBuy).toBe(7)
  })
})
