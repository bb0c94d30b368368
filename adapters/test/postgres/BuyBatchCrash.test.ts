/**
 * A crash between a batch's statement and its COMMIT (issue 41): an app process (load/BatchCrashWorker.ts) commits
 * three acknowledged buys, then has a batch of buys written (`record_buy_batch`) and is killed with SIGKILL before the
 * batch commits. Read back by a fresh process: every acknowledged buy is there with its key, nothing of the killed
 * batch is (no order, transfer, key or balance), the ledger balances and the chain verifies. On the embedded database
 * (its data directory opened again after the kill) and on the PostgreSQL server when DATABASE_URL names one.
 */
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import { fileURLToPath } from "node:url"
import { LedgerStore } from "@landunits/core/ledger/ports/LedgerStore.ts"
import { verifyTransferChains } from "@landunits/core/ledger/TransferChainWalk.ts"
import { checkDoubleEntry, readStateEffect } from "@landunits/core/test-support/EngineInvariants.ts"
import { migratedDataDir, scopedServerDatabase } from "@landunits/test-support/DatabaseTemplates.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { layerEmbedded, layerServer } from "../../src/postgres/Database.ts"
import { layerMigrated } from "../../src/postgres/Migrations.ts"
import { serverUrl } from "../support/Databases.ts"
import { LOAD_UNIT_TYPE, loadEngineOn, loadMembers } from "./load/LoadSetup.ts"

const WORKER = fileURLToPath(new URL("./load/BatchCrashWorker.ts", import.meta.url))
const url = serverUrl()

/** Runs the worker until its batch is written, kills it, and answers what it acknowledged and had written. */
const crashMidBatch = (kind: "server" | "embedded", target: string) =>
  new Promise<{ acked: Array<{ orderId: string; units: number }>; written: number; parts: number }>(
    (resolve, reject) => {
      const child = spawn(process.execPath, [WORKER, kind, target], { stdio: ["ignore", "pipe", "pipe"] })
      const acked: Array<{ orderId: string; units: number }> = []
      let written = 0
      let parts = 0
      let out = ""
      let err = ""
      child.stderr.on("data", (chunk) => {
        err += String(chunk)
      })
      child.stdout.on("data", (chunk) => {
        out += String(chunk)
        const lines = out.split("\n")
        out = lines.pop() ?? ""
        for (const line of lines) {
          const [word, a, b] = line.split(" ")
          if (word === "ACK") acked.push({ orderId: a!, units: Number(b) })
          if (word === "WRITTEN") {
            written = Number(a)
            parts = Number(b)
            child.kill("SIGKILL")
          }
        }
      })
      child.on("close", (_code, signal) =>
        signal === "SIGKILL"
          ? resolve({ acked, written, parts })
          : reject(new Error(`the worker ended by itself: ${err}`)),
      )
    },
  )

/** What a fresh process reads back: the engine's state, the keys saved, and the chains verified. */
const readBack = <E>(database: Layer.Layer<SqlClient.SqlClient, E>) =>
  Effect.runPromise(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const state = yield* readStateEffect(loadMembers())
      const keys = yield* sql<{ idempotency_key: string }>`SELECT idempotency_key FROM idempotency_keys`
      const chains = yield* verifyTransferChains({ pageSize: 100 })
      const ledger = yield* LedgerStore
      return {
        state,
        keys: keys.map((k) => k.idempotency_key).sort(),
        chains,
        totals: yield* ledger.totals(LOAD_UNIT_TYPE),
        // The batch's other unit type (BatchCrashWorker.ts): none of its buys was acknowledged.
        secondTotals: yield* ledger.totals("LAND_EUR"),
      }
    }).pipe(Effect.provide(Layer.fresh(loadEngineOn(Layer.provideMerge(layerMigrated, database as never))))),
  )

const holdsAfterTheCrash = async <E>(
  run: { acked: Array<{ orderId: string; units: number }>; written: number; parts: number },
  database: Layer.Layer<SqlClient.SqlClient, E>,
) => {
  // The three buys before the batch were answered; the batch's buys (of two unit types) were written but never
  // committed, never answered.
  expect(run.acked.map((a) => a.units)).toEqual([1, 2, 3])
  expect([run.written, run.parts]).toEqual([5, 2])
  const back = await readBack(database)
  expect(back.state.orders.map((o) => o.orderId).sort()).toEqual(run.acked.map((a) => a.orderId).sort())
  expect(back.keys).toEqual(["crash-1", "crash-2", "crash-3"])
  expect([back.totals.pendingBuy, back.totals.issuance]).toEqual([6, -6])
  expect(back.chains.heads.get(LOAD_UNIT_TYPE)?.length).toBe(3)
  expect([back.secondTotals.pendingBuy, back.secondTotals.issuance]).toEqual([0, 0])
  expect(back.chains.heads.get("LAND_EUR")?.length ?? 0).toBe(0)
  checkDoubleEntry(back.state)
}

describe("a crash between a batch's statement and its COMMIT", () => {
  it("on the embedded database: nothing acknowledged is lost, nothing of the batch is left", async () => {
    const dir = migratedDataDir("landunits-batch-crash-")
    try {
      const run = await crashMidBatch("embedded", dir)
      await holdsAfterTheCrash(run, layerEmbedded(dir))
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it.runIf(url !== undefined)(
    "on the PostgreSQL server: nothing acknowledged is lost, nothing of the batch is left",
    async () => {
      await Effect.runPromise(
        Effect.scoped(
          Effect.gen(function* () {
            const database = yield* scopedServerDatabase(url!)
            const run = yield* Effect.promise(() => crashMidBatch("server", database))
            yield* Effect.promise(() => holdsAfterTheCrash(run, layerServer(database, 2)))
          }),
        ),
      )
    },
  )
})
