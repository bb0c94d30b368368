import * as fs from "node:fs"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { layerServer } from "../../src/postgres/Database.ts"
import { MIGRATIONS_DIRECTORY, migrate } from "../../src/postgres/Migrations.ts"
import demoPicturesWebp from "../../src/postgres/migrations/1001_demo_pictures_webp.ts"
import { databaseTargets, freshServerDatabase, serverUrl } from "../support/Databases.ts"

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

  for (const target of databaseTargets().run) {
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

  for (const target of databaseTargets().run) {
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

  const url = serverUrl()
  it.runIf(url !== undefined)(
    "PostgreSQL: app processes starting together migrate exactly once",
    async () => {
      const ran = await Effect.runPromise(
        Effect.scoped(
          Effect.gen(function* () {
            const database = yield* freshServerDatabase(url!)
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
