/**
 * Many app processes on one PostgreSQL server: 3 OS processes with 50 concurrent clients each place buys
 * of 1 to 20 Units against a unit type with 1,000 Units of capacity, mixed with confirmations, cancels,
 * sells, transfers and replayed keys. Then a writer is killed with SIGKILL in the middle of that load.
 * Afterwards the database is read back by a fresh process and held to core's ledger invariants.
 *
 * These run against the PostgreSQL server only (PGlite is one backend: there is no concurrency to test);
 * without DATABASE_URL the run is reported as not run, by name.
 */

import type { OrderRecord } from "@landunits/core/orders/OrderModel.ts"
import {
  checkCompletion,
  checkDoubleEntry,
  checkLandCapacity,
  checkOrdersMatchLedger,
  type EngineState,
} from "@landunits/core/test-support/EngineInvariants.ts"
import { scopedServerDatabase } from "@landunits/test-support/DatabaseTemplates.ts"
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { layerServer } from "../../src/postgres/Database.ts"
import { layerMigrated } from "../../src/postgres/Migrations.ts"
import { serverUrl } from "../support/Databases.ts"
import { readDatabaseState, startWorker } from "./load/LoadRun.ts"
import { LOAD_CAPACITY_UNITS, LOAD_UNIT_TYPE, loadMembers, loadPriceBook } from "./load/LoadSetup.ts"
import type { LoadLine } from "./load/LoadWorker.ts"

const PROCESSES = 3
const CLIENTS = 50
const OPS = 20

const url = serverUrl()
if (url === undefined)
  console.warn("[not run] concurrency and crash tests on the PostgreSQL server (DATABASE_URL is not set)")

/** Runs `body` with a fresh, migrated database on the server, dropped afterwards. */
const withDatabase = (serverUrl: string, body: (url: string) => Promise<void>) =>
  Effect.runPromise(
    Effect.scoped(
      Effect.gen(function* () {
        const database = yield* scopedServerDatabase(serverUrl)
        yield* Effect.provide(Effect.void, layerMigrated.pipe(Layer.provide(layerServer(database, 1))))
        yield* Effect.promise(() => body(database))
      }),
    ),
  )

const holdsTheLedgerInvariants = (state: EngineState) => {
  checkDoubleEntry(state)
  checkLandCapacity(state, loadPriceBook())
  checkOrdersMatchLedger(state, loadMembers())
  checkCompletion(state)
  const totals = state.totals[LOAD_UNIT_TYPE]
  // Units sold (out of issuance, less those offered back in the sales queue) never exceed the capacity.
  expect(-totals.issuance - totals.pendingSell).toBeLessThanOrEqual(LOAD_CAPACITY_UNITS)
  for (const balances of Object.values(state.memberBalances)) {
    for (const units of Object.values(balances)) expect(units).toBeGreaterThanOrEqual(0)
  }
}

const acceptedOrders = (lines: ReadonlyArray<LoadLine>) =>
  new Set(
    lines
      .filter((l) => l.outcome === "accepted" && (l.op === "buy" || l.op === "sell" || l.op === "transfer"))
      .map((l) => l.orderId!),
  )

describe.runIf(url !== undefined)("PostgreSQL server under concurrent app processes", () => {
  it(`${PROCESSES} processes × ${CLIENTS} clients: no oversold capacity, no negative balance, no half-written order`, async () => {
    await withDatabase(url!, async (database) => {
      const workers = Array.from({ length: PROCESSES }, (_, w) => startWorker(database, w, CLIENTS, OPS, 42))
      const codes = await Promise.all(workers.map((w) => w.done))
      expect(codes, workers.map((w) => w.stderr()).join("\n")).toEqual(workers.map(() => 0))
      const lines = workers.flatMap((w) => w.lines)
      expect(lines).toHaveLength(PROCESSES * CLIENTS * OPS)
      expect(lines.filter((l) => l.outcome === "defect")).toEqual([])
      // The load is real: buys were accepted until the capacity ran out, then refused for it.
      expect(lines.some((l) => l.op === "buy" && l.outcome === "accepted")).toBe(true)
      expect(lines.some((l) => l.op === "buy" && l.detail === "UnitsUnavailable")).toBe(true)

      const state = await readDatabaseState(database)
      holdsTheLedgerInvariants(state)
      // Every accepted order is there with its transfers; no refused command left an order behind.
      const stored = new Set<string>(state.orders.map((o) => o.orderId))
      expect(stored).toEqual(acceptedOrders(lines))
      for (const order of state.orders) {
        expect(
          state.transfers.some((t) => t.orderId === order.orderId),
          order.orderId,
        ).toBe(true)
      }
      // Units out of issuance are exactly the accepted buys that still hold Units, less the slices they
      // took from the sales queue (those came back from sellers, not from issuance).
      const holding = state.orders.filter(
        (o) => o.orderType === "BUY" && !["Cancelled", "Failed", "Expired"].includes(o.orderStatus),
      )
      const fromQueue = state.payouts.reduce((sum, p) => sum + p.units, 0)
      const issued = holding.reduce((sum, o) => sum + o.currencyUnit.numberOfUnits, 0) - fromQueue
      expect(-state.totals[LOAD_UNIT_TYPE].issuance).toBe(issued)
    })
  })

  it("a writer killed with SIGKILL mid-load loses no acknowledged order, and the ledger still balances", async () => {
    await withDatabase(url!, async (database) => {
      const victim = startWorker(database, 0, CLIENTS, OPS * 10, 7)
      const others = [1, 2].map((w) => startWorker(database, w, CLIENTS, OPS, 7))
      while (victim.lines.length < 200) await new Promise((r) => setTimeout(r, 10))
      victim.child.kill("SIGKILL")
      expect(await victim.done).toBeNull()
      const codes = await Promise.all(others.map((w) => w.done))
      expect(codes).toEqual([0, 0])
      expect(victim.lines.length).toBeLessThan(CLIENTS * OPS * 10)

      const state = await readDatabaseState(database)
      holdsTheLedgerInvariants(state)
      const stored = new Map<string, OrderRecord>(state.orders.map((o) => [o.orderId, o]))
      const acknowledged = [...victim.lines, ...others.flatMap((w) => w.lines)]
      for (const orderId of acceptedOrders(acknowledged)) expect(stored.has(orderId), orderId).toBe(true)
      for (const line of acknowledged) {
        if (line.op === "confirm" && line.outcome === "accepted") {
          expect(["Approved", "Completed"]).toContain(stored.get(line.orderId!)?.orderStatus)
        }
        if (line.op === "cancel" && line.outcome === "accepted") {
          expect(stored.get(line.orderId!)?.orderStatus).toBe("Cancelled")
        }
      }
    })
  })
})
