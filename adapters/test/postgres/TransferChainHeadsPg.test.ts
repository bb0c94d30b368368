/**
 * The transfer chains as the app extends them (migration 2713, TransferChainHeadsPg), on the PostgreSQL server
 * (PGlite runs one transaction at a time, so nothing there can interleave):
 * - appends made outside any order command, at the same moment, wait for each other on the chain's head row and
 *   chain in turn;
 * - an append that starts from a head that moved after it was read (an append outside the unit type's lock
 *   slipped in between) writes nothing and fails, so the chain cannot fork;
 * - so does a new buy's one statement (`record_buy`, migration 2870), whose links the database computes.
 */

import { BuyJournalPg } from "@landunits/adapters/postgres/BuyJournalPg.ts"
import { layerServer } from "@landunits/adapters/postgres/Database.ts"
import { LedgerStorePg } from "@landunits/adapters/postgres/LedgerStorePg.ts"
import { layerMigrated } from "@landunits/adapters/postgres/Migrations.ts"
import { rememberHeads } from "@landunits/adapters/postgres/TransferChainHeadsPg.ts"
import { member, platform, type Transfer } from "@landunits/core/ledger/LedgerModel.ts"
import { LedgerStore } from "@landunits/core/ledger/ports/LedgerStore.ts"
import { verifyTransferChains } from "@landunits/core/ledger/TransferChainWalk.ts"
import { BuyJournal } from "@landunits/core/orders/ports/BuyJournal.ts"
import { IdempotencyKey, MemberId, OrderId, TransferId } from "@landunits/core/shared/Ids.ts"
import { aBuy } from "@landunits/core/test-support/OrderStoresContract.ts"
import { scopedServerDatabase } from "@landunits/test-support/DatabaseTemplates.ts"
import { Cause, Context, Deferred, Effect, Exit, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { serverUrl } from "../support/Databases.ts"

const issue = (id: string): Transfer => ({
  transferId: TransferId.make(id),
  orderId: OrderId.make(`ord_${id}`),
  unitType: "LAND_EUR",
  from: platform("issuance"),
  to: member(MemberId.make("mem_holder"), "owned"),
  units: 3,
  at: 1_700_000_000_000,
})

const onServer = <A, E>(
  url: string,
  body: (services: {
    sql: SqlClient.SqlClient
    ledger: LedgerStore["Service"]
    buys: BuyJournal["Service"]
  }) => Effect.Effect<A, E>,
) =>
  Effect.runPromise(
    Effect.scoped(
      Effect.gen(function* () {
        const database = yield* scopedServerDatabase(url)
        const context = yield* Layer.build(
          Layer.mergeAll(LedgerStorePg, BuyJournalPg).pipe(
            Layer.provideMerge(Layer.provideMerge(layerMigrated, layerServer(database, 8))),
          ),
        )
        return yield* body({
          sql: Context.get(context, SqlClient.SqlClient),
          ledger: Context.get(context, LedgerStore),
          buys: Context.get(context, BuyJournal),
        })
      }),
    ),
  )

const url = serverUrl()
if (url === undefined)
  console.warn("[not run] the transfer chains' heads under concurrency (DATABASE_URL is not set)")

describe.runIf(url !== undefined)("the transfer chains' heads on the PostgreSQL server", () => {
  it("appends outside an order command, all at once, chain one after another and verify", async () => {
    const verified = await onServer(url!, ({ ledger }) =>
      Effect.gen(function* () {
        yield* Effect.forEach(
          Array.from({ length: 24 }, (_, i) => issue(`t${i}`)),
          (t) => ledger.append([t]),
          { concurrency: "unbounded", discard: true },
        )
        return yield* verifyTransferChains({ pageSize: 10 }).pipe(Effect.provideService(LedgerStore, ledger))
      }),
    )
    expect(verified.transfers).toBe(24)
    expect(verified.heads.get("LAND_EUR")?.length).toBe(24)
  }, 60_000)

  it("an append from a head that moved since it was read writes nothing and fails", async () => {
    const result = await onServer(url!, ({ sql, ledger }) =>
      Effect.gen(function* () {
        yield* ledger.append([issue("first")])
        const stale = yield* sql
          .withTransaction(
            Effect.gen(function* () {
              // The head (place 1), read without its row's lock and remembered, as an append's own would be …
              const [head] = yield* sql<{ length: string; head: string }>`
                SELECT length, head FROM ledger_chain_heads WHERE chain = 'LAND_EUR'`
              yield* rememberHeads(
                sql,
                new Map([["LAND_EUR", { length: Number(head!.length), head: head!.head }]]),
              )
              // … then an append outside the lock commits place 2 on another connection …
              yield* ledger
                .append([issue("around")])
                .pipe(
                  Effect.updateContext((context: Context.Context<never>) =>
                    Context.omit(sql.transactionService)(context),
                  ),
                )
              // … and this append, from place 1, must not take place 2 again.
              yield* ledger.append([issue("stale")])
            }),
          )
          .pipe(Effect.exit)
        const rows = yield* sql<{ transfer_id: string; chain_index: string }>`
          SELECT transfer_id, chain_index FROM ledger_transfers ORDER BY seq`
        const chains = yield* verifyTransferChains({ pageSize: 10 }).pipe(
          Effect.provideService(LedgerStore, ledger),
        )
        return { stale, rows: rows.map((r) => [r.transfer_id, Number(r.chain_index)]), chains }
      }),
    )
    expect(Exit.isFailure(result.stale)).toBe(true)
    if (Exit.isFailure(result.stale)) {
      expect(Cause.pretty(result.stale.cause)).toContain(
        "A ledger append did not start from its chains' heads (0 of 1 moved: LAND_EUR at 1)",
      )
    }
    expect(result.rows).toEqual([
      ["first", 1],
      ["around", 2],
    ])
    expect(result.chains.heads.get("LAND_EUR")?.length).toBe(2)
  }, 60_000)

  it("a buy whose chain head moved under it (an append outside the unit type's lock) writes nothing and fails", async () => {
    const result = await onServer(url!, ({ sql, ledger, buys }) =>
      Effect.gen(function* () {
        yield* ledger.append([issue("first")])
        const appending = yield* Deferred.make<void>()
        // An append outside any order command takes the head's row (place 2) and commits a moment later …
        const around = sql.withTransaction(
          Effect.gen(function* () {
            yield* ledger.append([issue("around")])
            yield* Deferred.succeed(appending, undefined)
            yield* Effect.sleep("300 millis")
          }),
        )
        // … while a buy, under the unit type's lock, reads the committed head (place 1) and links from it.
        const buy = Effect.andThen(
          Deferred.await(appending),
          sql.withTransaction(
            buys.recordBuys("LAND_EUR", [
              {
                unitType: "LAND_EUR",
                order: aBuy("ord_buy"),
                transfers: [{ ...issue("buy"), orderId: OrderId.make("ord_buy") }],
                key: { scope: "member:holder", idempotencyKey: IdempotencyKey.make("k1"), requestHash: "h1" },
              },
            ]),
          ),
        ).pipe(Effect.exit)
        const [, bought] = yield* Effect.all([around, buy], { concurrency: 2 })
        const rows = yield* sql<{ transfer_id: string; chain_index: string }>`
          SELECT transfer_id, chain_index FROM ledger_transfers ORDER BY seq`
        const orders = yield* sql<{ order_id: string }>`SELECT order_id FROM orders`
        const chains = yield* verifyTransferChains({ pageSize: 10 }).pipe(
          Effect.provideService(LedgerStore, ledger),
        )
        return { bought, rows: rows.map((r) => [r.transfer_id, Number(r.chain_index)]), orders, chains }
      }),
    )
    expect(Exit.isFailure(result.bought)).toBe(true)
    if (Exit.isFailure(result.bought)) {
      expect(Cause.pretty(result.bought.cause)).toContain(
        "A ledger append did not start from its chains' heads (0 of 1 moved: LAND_EUR at 1)",
      )
    }
    expect(result.rows).toEqual([
      ["first", 1],
      ["around", 2],
    ])
    expect(result.orders).toEqual([])
    expect(result.chains.heads.get("LAND_EUR")?.length).toBe(2)
  }, 60_000)
})
