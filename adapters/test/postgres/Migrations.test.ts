import * as fs from "node:fs"
import { OrderRepository } from "@landunits/core/orders/ports/OrderRepository.ts"
import { OrderId } from "@landunits/core/shared/Ids.ts"
import { aBuy } from "@landunits/core/test-support/OrderStoresContract.ts"
import { scopedServerDatabase } from "@landunits/test-support/DatabaseTemplates.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { layerServer } from "../../src/postgres/Database.ts"
import { MIGRATIONS_DIRECTORY, migrate } from "../../src/postgres/Migrations.ts"
import demoPicturesWebp from "../../src/postgres/migrations/1001_demo_pictures_webp.ts"
import orderTimeline from "../../src/postgres/migrations/2710_order_timeline.ts"
import { OrderRepositoryPg } from "../../src/postgres/OrderRepositoryPg.ts"
import { databaseTargets, serverUrl } from "../support/Databases.ts"

const files = fs
  .readdirSync(MIGRATIONS_DIRECTORY)
  .filter((f) => /^\d+_[^.]+\.ts$/.test(f))
  .sort()
const expected = files.map((f) => [Number(f.split("_")[0]), f.slice(f.indexOf("_") + 1, -3)])

describe("schema migrations", () => {
  it("have unique ids", () => {
    expect(new Set(expected.map(([id]) => id)).size).toBe(expected.length)
    expect(expected.length).toBeGreaterThan(0)
  })

  for (const target of databaseTargets({ empty: true }).run) {
    it(`${target.name}: run every migration once, in id order, and nothing the second time`, async () => {
      const result = await Effect.runPromise(
        Effect.gen(function* () {
          const first = yield* migrate
          const second = yield* migrate
          const sql = yield* SqlClient.SqlClient
          const recorded = yield* sql<{ migration_id: number }>`
            SELECT migration_id FROM landunits_migrations ORDER BY migration_id`
          return { first, second, recorded: recorded.map((r) => r.migration_id) }
        }).pipe(Effect.provide(target.layer)),
      )
      expect(result.first).toEqual(expected)
      expect(result.second).toEqual([])
      expect(result.recorded).toEqual(expected.map(([id]) => id))
    })
  }

  for (const target of databaseTargets({ empty: true }).run) {
    it(`${target.name}: 1001 points an installation's demo JPEGs at their WebP and leaves an admin's pictures`, async () => {
      const items = await Effect.runPromise(
        Effect.gen(function* () {
          yield* migrate
          const sql = yield* SqlClient.SqlClient
          const rows = [
            ["news", 0, { title: "a", image: "/images/news/orchard.jpg" }],
            ["news", 1, { title: "b", image: "https://media.example/orchard.jpg" }],
            ["news", 2, { title: "c", image: "/images/news/vote.jpg" }],
            ["team", 0, { name: "Luc", img: "/images/team/luc.jpg" }],
            ["team", 1, { name: "Ada", img: "/images/team/ada.jpg" }],
          ] as const
          for (const [kind, position, item] of rows)
            yield* sql`INSERT INTO site_content (kind, position, item) VALUES (${kind}, ${position}, ${JSON.stringify(item)}::jsonb)`
          yield* demoPicturesWebp
          return yield* sql<{ item: { image?: string; img?: string } }>`
            SELECT item FROM site_content ORDER BY kind, position`
        }).pipe(Effect.provide(target.layer)),
      )
      expect(items.map(({ item }) => item.image ?? item.img)).toEqual([
        "/images/news/orchard.webp",
        "https://media.example/orchard.jpg",
        "/images/news/vote.webp",
        "/images/team/luc.webp",
        "/images/team/ada.jpg",
      ])
    })
  }

  for (const target of databaseTargets({ empty: true }).run) {
    it(`${target.name}: 2710 gives the orders and first results stored before timelines the timeline their status history tells, with an unknown actor`, async () => {
      // An order as it was stored before migration 2710: statusHistory, no timeline.
      const { timeline: _, ...current } = aBuy("ord_before")
      const before = {
        ...current,
        orderStatus: "Approved",
        statusHistory: [
          { status: "Initiated", at: 1 },
          { status: "InProcess", at: 2 },
          { status: "Approved", at: 3 },
        ],
      }
      const payout = {
        payoutId: "pay_1",
        status: "Completed",
        statusHistory: [{ status: "Initiated", at: 3 }],
      }
      const unknown = { _tag: "Unknown" }
      const timeline = [
        { at: 1, to: "Initiated", actor: unknown },
        { at: 2, from: "Initiated", to: "InProcess", actor: unknown },
        { at: 3, from: "InProcess", to: "Approved", actor: unknown },
      ]
      const result = await Effect.runPromise(
        Effect.gen(function* () {
          yield* migrate
          const sql = yield* SqlClient.SqlClient
          yield* sql`
            INSERT INTO orders (order_id, member_id, order_type, unit_type, order_status, is_double_land, created_at, record)
            VALUES ('ord_before', ${before.memberId}, 'BUY', 'LAND_EUR', 'Approved', false, ${before.createdAt},
                    ${JSON.stringify(before)}::jsonb)`
          const responses = {
            confirm: { order: { ...before, sequence: 7 }, payouts: [payout] },
            expire: [{ ...before, sequence: 7 }],
            payout,
          }
          for (const [key, response] of Object.entries(responses))
            yield* sql`
              INSERT INTO idempotency_keys (scope, idempotency_key, request_hash, response)
              VALUES ('admin', ${key}, 'h', ${JSON.stringify(response)}::jsonb)`
          yield* orderTimeline
          yield* orderTimeline
          const order = yield* Effect.flatMap(OrderRepository, (repo) => repo.get(OrderId.make("ord_before")))
          const rows = yield* sql<{ idempotency_key: string; response: unknown }>`
            SELECT idempotency_key, response FROM idempotency_keys WHERE scope = 'admin' ORDER BY idempotency_key`
          return { order, responses: Object.fromEntries(rows.map((r) => [r.idempotency_key, r.response])) }
        }).pipe(Effect.provide(Layer.provideMerge(OrderRepositoryPg, target.layer))),
      )
      const { statusHistory: _history, ...migrated } = before
      expect(result.order).toEqual({ ...migrated, timeline, sequence: result.order.sequence })
      expect(result.responses).toEqual({
        confirm: { order: { ...migrated, sequence: 7, timeline }, payouts: [payout] },
        expire: [{ ...migrated, sequence: 7, timeline }],
        payout,
      })
    })
  }

  const url = serverUrl()
  it.runIf(url !== undefined)(
    "PostgreSQL: app processes starting together migrate exactly once",
    async () => {
      const ran = await Effect.runPromise(
        Effect.scoped(
          Effect.gen(function* () {
            const database = yield* scopedServerDatabase(url!, { empty: true })
            const one = (n: number) =>
              migrate.pipe(
                Effect.provide(Layer.fresh(layerServer(database, 2))),
                Effect.map((r) => [n, r] as const),
              )
            return yield* Effect.all([one(1), one(2), one(3)], { concurrency: "unbounded" })
          }),
        ),
      )
      const counts = ran.map(([, r]) => r.length).sort((a, b) => a - b)
      expect(counts).toEqual([0, 0, expected.length])
    },
  )
})
