/**
 * The per-unit-type locks on the PostgreSQL server (docs/ledger.md §8), with real concurrency: one app
 * process, a pool of 16 connections, every command started at once.
 *
 * Server only (PGlite is one backend: nothing runs concurrently there); without DATABASE_URL the run is
 * reported as not run, by name.
 */

import { ISSUANCE, member } from "@landunits/core/ledger/LedgerModel.ts"
import { LedgerStore } from "@landunits/core/ledger/ports/LedgerStore.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { BuyJournal } from "@landunits/core/orders/ports/BuyJournal.ts"
import { IdempotencyStore } from "@landunits/core/orders/ports/IdempotencyStore.ts"
import { UnitOfWork } from "@landunits/core/orders/ports/UnitOfWork.ts"
import { IdempotencyKey, OrderId, TransferId } from "@landunits/core/shared/Ids.ts"
import { checkDoubleEntry } from "@landunits/core/test-support/EngineInvariants.ts"
import { ADMIN } from "@landunits/core/test-support/OrderHarness.ts"
import { scopedServerDatabase } from "@landunits/test-support/DatabaseTemplates.ts"
import { Deferred, Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { BuyJournalPg } from "../../src/postgres/BuyJournalPg.ts"
import { layerServer } from "../../src/postgres/Database.ts"
import { IdempotencyStorePg } from "../../src/postgres/IdempotencyStorePg.ts"
import { LedgerStorePg } from "../../src/postgres/LedgerStorePg.ts"
import { layerMigrated } from "../../src/postgres/Migrations.ts"
import { UnitOfWorkPg } from "../../src/postgres/UnitOfWorkPg.ts"
import { serverUrl } from "../support/Databases.ts"
import { readDatabaseState } from "./load/LoadRun.ts"
import { loadEngineOn, loadMembers, loadPriceBook } from "./load/LoadSetup.ts"

const url = serverUrl()
if (url === undefined)
  console.warn("[not run] order locking on the PostgreSQL server (DATABASE_URL is not set)")

/**
 * Runs `body` with the order engine over a fresh, migrated server database (a pool of 16), then reads the
 * database back with a fresh connection (as after a restart).
 */
const withEngine = <A>(body: Effect.Effect<A, unknown, OrderService>) =>
  Effect.runPromise(
    Effect.scoped(
      Effect.gen(function* () {
        const database = yield* scopedServerDatabase(url!)
        const engine = loadEngineOn(
          Layer.provideMerge(layerMigrated, layerServer(database, 16)),
          loadPriceBook(1_000_000),
        )
        const result = yield* Effect.provide(body, Layer.fresh(engine))
        return { result, state: yield* Effect.promise(() => readDatabaseState(database)) }
      }),
    ),
  )

const members = loadMembers().slice(0, 6)

describe.runIf(url !== undefined)("order locking on the PostgreSQL server", () => {
  it("converts A → B and B → A run at once all finish (the two locks are taken in one order) and the Units add up", async () => {
    const { result: exits, state } = await withEngine(
      Effect.gen(function* () {
        const orders = yield* OrderService
        // Each member owns 100 LAND_USD and 100 LAND_EUR.
        for (const memberId of members) {
          for (const unitType of ["LAND_USD", "LAND_EUR"] as const) {
            const buy = yield* orders.createBuy({
              confirmsBusinessPurpose: true,
              memberId,
              idempotencyKey: IdempotencyKey.make(`seed-${memberId}-${unitType}`),
              unitType,
              numberOfUnits: 100,
              paymentMethod: "bank",
              isDoubleLand: false,
            })
            yield* orders.confirmPayment({
              actor: ADMIN,
              idempotencyKey: IdempotencyKey.make(`seed-confirm-${buy.orderId}`),
              orderId: buy.orderId,
            })
          }
        }
        // 5 converts of 10 Units each way per member, all started together.
        const converts = members.flatMap((memberId) =>
          Array.from({ length: 10 }, (_, i) =>
            orders.createConvert({
              memberId,
              idempotencyKey: IdempotencyKey.make(`convert-${memberId}-${i}`),
              fromUnitType: i % 2 === 0 ? "LAND_USD" : "LAND_EUR",
              toUnitType: i % 2 === 0 ? "LAND_EUR" : "LAND_USD",
              numberOfUnits: 10,
            }),
          ),
        )
        return yield* Effect.all(converts.map(Effect.exit), { concurrency: "unbounded" })
      }),
    )
    expect(exits.filter(Exit.isFailure).map(String)).toEqual([])
    checkDoubleEntry(state)
    for (const memberId of members) {
      const balances = state.memberBalances[memberId]!
      // 100 − 5 × 10 converted away each way; what came in is locked for 30 days.
      expect(balances["LAND_USD|owned"]).toBe(50)
      expect(balances["LAND_EUR|owned"]).toBe(50)
      // USD → EUR at 0.9: 9 a convert; EUR → USD at 1.111111: 11 a convert.
      expect(balances["LAND_EUR|convertLocked"]).toBe(45)
      expect(balances["LAND_USD|convertLocked"]).toBe(55)
    }
  })

  it("two commands racing with one key: the same request answers the first result, another request is refused, and one order is kept", async () => {
    const {
      result: { same, different },
      state,
    } = await withEngine(
      Effect.gen(function* () {
        const orders = yield* OrderService
        const buy = (memberId: (typeof members)[number], key: string, unitType: "LAND_USD" | "LAND_AUD") =>
          orders.createBuy({
            confirmsBusinessPurpose: true,
            memberId,
            idempotencyKey: IdempotencyKey.make(key),
            unitType,
            numberOfUnits: 1,
            paymentMethod: "bank",
            isDoubleLand: false,
          })
        const same = yield* Effect.all(
          members.map((m) =>
            Effect.all([buy(m, "same", "LAND_USD"), buy(m, "same", "LAND_USD")], { concurrency: 2 }),
          ),
          { concurrency: "unbounded" },
        )
        // Different unit types: different locks, so both really run at once until the key's primary key.
        const different = yield* Effect.all(
          members.map((m) =>
            Effect.all([Effect.exit(buy(m, "diff", "LAND_USD")), Effect.exit(buy(m, "diff", "LAND_AUD"))], {
              concurrency: 2,
            }),
          ),
          { concurrency: "unbounded" },
        )
        return { same, different }
      }),
    )
    for (const [first, second] of same) expect(second).toEqual(first)
    for (const pair of different) {
      const outcomes = pair.map((exit) =>
        Exit.isSuccess(exit) ? "accepted" : String(Exit.isFailure(exit) && exit.cause),
      )
      expect(outcomes.filter((o) => o === "accepted")).toHaveLength(1)
      expect(outcomes.find((o) => o !== "accepted")).toContain("IdempotencyKeyReused")
    }
    checkDoubleEntry(state)
    // One order per member and key: 6 from "same", 6 from "diff".
    expect(state.orders).toHaveLength(members.length * 2)
    expect(new Set(same.map(([first]) => first.orderId)).size).toBe(members.length)
  })
  it("a batch's reads wait for the lock's holder and see what it committed: totals and keys (their snapshots follow the lock)", async () => {
    const { fresh, totals, repeat } = await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const database = yield* scopedServerDatabase(url!)
          const stores = Layer.mergeAll(UnitOfWorkPg, LedgerStorePg, BuyJournalPg, IdempotencyStorePg).pipe(
            Layer.provideMerge(Layer.provideMerge(layerMigrated, layerServer(database, 4))),
          )
          return yield* Effect.gen(function* () {
            const uow = yield* UnitOfWork
            const ledger = yield* LedgerStore
            const buys = yield* BuyJournal
            const keys = yield* IdempotencyStore
            const key = { scope: "member:held", idempotencyKey: IdempotencyKey.make("held-key") }
            const holding = yield* Deferred.make<void>()
            // The holder takes the lock, lets the buys start, and only then appends and commits.
            const holder = uow.transaction(
              Effect.gen(function* () {
                yield* uow.lockUnitTypes(["LAND_USD"])
                yield* Deferred.succeed(holding, undefined)
                yield* Effect.sleep("200 millis")
                yield* ledger.append([
                  {
                    transferId: TransferId.make("trf_held"),
                    unitType: "LAND_USD",
                    from: ISSUANCE,
                    to: member(members[0]!, "pendingBuy"),
                    units: 5,
                    orderId: OrderId.make("ord_held"),
                    at: 0,
                  },
                ])
                yield* keys.save({ ...key, requestHash: "held-hash", response: { orderId: "ord_held" } })
              }),
            )
            const open = (idempotencyKey: IdempotencyKey) =>
              Effect.andThen(
                Deferred.await(holding),
                uow.transaction(buys.openBatch("LAND_USD", [{ scope: key.scope, idempotencyKey }])),
              )
            const [, fresh, repeat] = yield* Effect.all(
              [holder, open(IdempotencyKey.make("fresh-key")), open(key.idempotencyKey)],
              { concurrency: 3 },
            )
            const seen = [fresh, repeat].map((b) => ({
              pendingBuy: b.totals.pendingBuy,
              issuance: b.totals.issuance,
            }))
            return { fresh, totals: seen, repeat }
          }).pipe(Effect.provide(stores))
        }),
      ),
    )
    // Both batches waited for the holder and saw what it committed: its 5 Units, and its key.
    expect(totals).toEqual([
      { pendingBuy: 5, issuance: -5 },
      { pendingBuy: 5, issuance: -5 },
    ])
    expect(fresh.saved).toEqual([])
    expect(repeat.saved).toMatchObject([{ requestHash: "held-hash", response: { orderId: "ord_held" } }])
  })
})
