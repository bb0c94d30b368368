import { Effect, Exit, Layer, Option } from "effect"
import { describe, expect, it } from "vitest"
import { ISSUANCE, member } from "../../src/ledger/LedgerModel.ts"
import { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
import { IdempotencyStore } from "../../src/orders/ports/IdempotencyStore.ts"
import { LockedReads } from "../../src/orders/ports/LockedReads.ts"
import { lockOrder, UnitOfWork } from "../../src/orders/ports/UnitOfWork.ts"
import { type UnitType, UnitTypes } from "../../src/shared/Enums.ts"
import { IdempotencyKey, MemberId, OrderId, TransferId } from "../../src/shared/Ids.ts"
import { lockAuditedStores } from "../support/LockAudit.ts"

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

  it("LockedReads takes the unit type's lock, then answers the ledger's totals and the key's record", () => {
    const memory = Effect.runSync(UnitOfWork.makeMemory)
    const layer = LockedReads.layerMemory.pipe(
      Layer.provideMerge(
        Layer.mergeAll(
          LedgerStore.layerMemory,
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
    const result = Effect.runSync(
      Effect.provide(
        Effect.gen(function* () {
          const ledger = yield* LedgerStore
          yield* ledger.append([
            {
              transferId: TransferId.make("trf_1"),
              unitType: "LAND_AUD",
              from: ISSUANCE,
              to: member(MemberId.make("ann"), "pendingBuy"),
              units: 4,
              orderId: OrderId.make("ord_1"),
              at: 0,
            },
          ])
          yield* (yield* IdempotencyStore).save(saved)
          const reads = yield* LockedReads
          const { scope, idempotencyKey } = saved
          return yield* memory.unitOfWork.transaction(
            Effect.gen(function* () {
              const known = yield* reads.lockThenRead("LAND_AUD", { scope, idempotencyKey })
              const unknown = yield* reads.lockThenRead("LAND_AUD", {
                scope,
                idempotencyKey: IdempotencyKey.make("k2"),
              })
              return { ...known, unknown: unknown.existing, held: new Set(memory.heldLocks()) }
            }),
          )
        }),
        layer,
      ),
    )
    expect(result.held).toEqual(new Set(["LAND_AUD"]))
    expect(result.totals).toMatchObject({ pendingBuy: 4, issuance: -4, owned: 0 })
    expect(result.existing).toEqual(Option.some(saved))
    expect(Option.isNone(result.unknown)).toBe(true)
  })
})
