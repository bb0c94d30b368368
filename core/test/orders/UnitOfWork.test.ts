import { Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { ISSUANCE, member } from "../../src/ledger/LedgerModel.ts"
import { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
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

  it("BuyJournal takes the unit type's lock before it reads the batch's totals and keys, and writes only under it", () => {
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
    const entry = {
      unitType: "LAND_AUD" as const,
      order: {
        ...aBuy("ord_2"),
        currencyUnit: { ...aBuy("ord_2").currencyUnit, unitType: "LAND_AUD" as const },
      },
      transfers: [reserve("2", 3)],
      key: { scope: saved.scope, idempotencyKey: IdempotencyKey.make("k2"), requestHash: "h2" },
    }
    const result = Effect.runSync(
      Effect.provide(
        Effect.gen(function* () {
          const journal = yield* BuyJournal
          yield* memory.unitOfWork.transaction(
            Effect.gen(function* () {
              yield* memory.unitOfWork.lockUnitTypes(["LAND_AUD"])
              yield* (yield* LedgerStore).append([reserve("1", 4)])
              yield* (yield* IdempotencyStore).save(saved)
            }),
          )
          const opened = yield* memory.unitOfWork.transaction(
            Effect.gen(function* () {
              const start = yield* journal.openBatch("LAND_AUD", [saved, entry.key])
              return { start, held: new Set(memory.heldLocks()) }
            }),
          )
          // recordBuys alone (no openBatch before it) still takes the lock: the audited store lets it append.
          const stored = yield* memory.unitOfWork.transaction(journal.recordBuys("LAND_AUD", [entry]))
          const totals = yield* (yield* LedgerStore).totals("LAND_AUD")
          return { opened, stored, pendingBuy: totals.pendingBuy }
        }),
        layer,
      ),
    )
    expect(result.opened.held).toEqual(new Set(["LAND_AUD"]))
    expect(result.opened.start.saved).toEqual([saved])
    expect(result.opened.start.totals.pendingBuy).toBe(4)
    expect(result.stored.map((o) => o.orderId)).toEqual(["ord_2"])
    expect(result.pendingBuy).toBe(7)
  })
})
