/**
 * One app process of the batch crash test (BuyBatchCrash.test.ts): on the database given (a PostgreSQL server's URL,
 * or an embedded database's DATA_DIR), it places three buys one at a time, each acknowledged on stdout once answered
 * ("ACK <orderId> <units>"); then five buys at once, of two unit types (CRASH_SECOND_UNIT_TYPE for the odd ones),
 * whose batch's write (`record_buy_batches`) runs and is followed by "WRITTEN <buys> <unit types>" instead of its COMMIT: the process
 * then waits, with its batch's transaction open, to be killed.
 *
 *   node BatchCrashWorker.ts server <url>
 *   node BatchCrashWorker.ts embedded <dataDir>
 */
import * as fs from "node:fs"
import { BuyBatchSettings } from "@landunits/core/orders/BuyBatchSettings.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { BuyJournal } from "@landunits/core/orders/ports/BuyJournal.ts"
import { IdempotencyKey } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer } from "effect"
import { BuyJournalPg } from "../../../src/postgres/BuyJournalPg.ts"
import { layerEmbedded, layerServer } from "../../../src/postgres/Database.ts"
import { IdempotencyStorePg } from "../../../src/postgres/IdempotencyStorePg.ts"
import { LedgerStorePg } from "../../../src/postgres/LedgerStorePg.ts"
import { layerMigrated } from "../../../src/postgres/Migrations.ts"
import { OrderRepositoryPg } from "../../../src/postgres/OrderRepositoryPg.ts"
import { PayoutRepositoryPg } from "../../../src/postgres/PayoutRepositoryPg.ts"
import { UnitOfWorkPg } from "../../../src/postgres/UnitOfWorkPg.ts"
import { LOAD_CAPACITY_UNITS, LOAD_UNIT_TYPE, loadEngineOn, loadMembers, loadPriceBook } from "./LoadSetup.ts"

/** The batch's other unit type. */
const CRASH_SECOND_UNIT_TYPE = "LAND_EUR" as const

const [kind, target] = process.argv.slice(2)
if (target === undefined || (kind !== "server" && kind !== "embedded")) {
  throw new Error("usage: BatchCrashWorker.ts server <url> | embedded <dataDir>")
}

const say = (line: string) => fs.writeSync(1, `${line}\n`)

/** Set once the acknowledged buys are done: from then on a batch's write is never committed. */
let pausing = false

/** BuyJournalPg, whose writes once `pausing` run their statement, say so, and never return (no COMMIT). */
const PausingJournal = Layer.effect(BuyJournal)(
  Effect.gen(function* () {
    const real = yield* BuyJournal
    return BuyJournal.of({
      ...real,
      recordBuys: (unitType, entries) =>
        pausing
          ? real.recordBuys(unitType, entries).pipe(
              Effect.tap(() => Effect.sync(() => say(`WRITTEN ${entries.length}`))),
              Effect.andThen(Effect.never),
            )
          : real.recordBuys(unitType, entries),
      recordBatch: (parts) =>
        pausing
          ? real.recordBatch(parts).pipe(
              Effect.tap((stored) =>
                Effect.sync(() => say(`WRITTEN ${stored.flat().length} ${stored.length}`)),
              ),
              Effect.andThen(Effect.never),
            )
          : real.recordBatch(parts),
    })
  }),
).pipe(Layer.provide(BuyJournalPg))

const stores = Layer.mergeAll(
  LedgerStorePg,
  OrderRepositoryPg,
  PayoutRepositoryPg,
  IdempotencyStorePg,
  UnitOfWorkPg,
  PausingJournal,
)
const database = kind === "server" ? layerServer(target, 8) : layerEmbedded(target)
const members = loadMembers()

const buy = (n: number, units: number, unitType: typeof LOAD_UNIT_TYPE | typeof CRASH_SECOND_UNIT_TYPE) =>
  Effect.gen(function* () {
    const orders = yield* OrderService
    return yield* orders.createBuy({
      confirmsBusinessPurpose: true,
      memberId: members[n % members.length]!,
      idempotencyKey: IdempotencyKey.make(`crash-${n}`),
      unitType,
      numberOfUnits: units,
      paymentMethod: "bank",
      isDoubleLand: false,
    })
  }).pipe(Effect.tap((order) => Effect.sync(() => say(`ACK ${order.orderId} ${units}`))))

await Effect.runPromise(
  Effect.gen(function* () {
    for (const n of [1, 2, 3]) yield* buy(n, n, LOAD_UNIT_TYPE)
    pausing = true
    yield* Effect.forEach(
      [4, 5, 6, 7, 8],
      (n) => buy(n, n, n % 2 === 1 ? CRASH_SECOND_UNIT_TYPE : LOAD_UNIT_TYPE),
      { concurrency: "unbounded", discard: true },
    )
  }).pipe(
    Effect.provide(
      loadEngineOn(
        Layer.provideMerge(layerMigrated, database),
        loadPriceBook(LOAD_CAPACITY_UNITS, [LOAD_UNIT_TYPE, CRASH_SECOND_UNIT_TYPE]),
        stores,
      ),
    ),
    Effect.scoped,
    // A first buy waits for the others to join its batch, which takes every unit type's buys: the five placed at
    // once are one batch of two unit types.
    Effect.provideService(BuyBatchSettings, {
      maxBuys: 64,
      maxWaitMs: 200,
      acrossUnitTypes: true,
      inFlight: 1,
      splitAt: 64,
    }),
  ),
)
