/**
 * The contract of StoredOrders (the fee replay's pages of orders): orders written through OrderRepository come back
 * a page at a time by ascending sequence, each once and exactly as stored, within the creation range asked (from
 * included, before excluded). Run on memory here, on PostgreSQL by the adapters' tests.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import { type OrdersPage, StoredOrders } from "../../src/fees/ports/StoredOrders.ts"
import type { OrderRecord } from "../../src/orders/OrderModel.ts"
import { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import { aBuy } from "./OrderStoresContract.ts"

const DAY = 86_400_000
const T0 = Date.parse("2026-03-01T00:00:00.000Z")
/** Seven orders over three days, not written in the order of their instants. */
const AT = [T0 + 5, T0 + DAY - 1, T0 + DAY, T0 + 2 * DAY + 7, T0 + 3, T0 + DAY + 40, T0 + 2 * DAY]

export const storedOrdersContract = (
  name: string,
  makeLayer: () => Layer.Layer<StoredOrders | OrderRepository>,
) =>
  describe(`StoredOrders contract (${name})`, () => {
    const written = Effect.gen(function* () {
      const repo = yield* OrderRepository
      const stored: Array<OrderRecord> = []
      for (const [i, at] of AT.entries()) {
        const createdAt = new Date(at).toISOString()
        stored.push(yield* repo.insert(aBuy(`ord_page_${i}`, { createdAt, updatedAt: createdAt })))
      }
      return stored
    })
    const allPages = (limit: number, range: Omit<OrdersPage, "afterSequence" | "limit"> = {}) =>
      Effect.gen(function* () {
        const stored = yield* StoredOrders
        const pages: Array<ReadonlyArray<OrderRecord>> = []
        for (let after = 0; ; ) {
          const page = yield* stored.page({ afterSequence: after, limit, ...range })
          if (page.length === 0) break
          pages.push(page)
          after = page[page.length - 1]!.sequence
        }
        return pages
      })

    it.live(
      "pages every order by ascending sequence, each once and exactly as stored, at most `limit` a page",
      () =>
        Effect.gen(function* () {
          const stored = yield* written
          const pages = yield* allPages(3)
          expect(pages.map((p) => p.length)).toEqual([3, 3, 1])
          expect(pages.flat()).toEqual(stored)
        }).pipe(Effect.provide(makeLayer())),
    )

    it.live("keeps to the orders created in the range: from included, before excluded", () =>
      Effect.gen(function* () {
        const stored = yield* written
        const day2 = (yield* allPages(2, { createdFrom: T0 + DAY, createdBefore: T0 + 2 * DAY })).flat()
        expect(day2.map((o) => o.orderId)).toEqual(["ord_page_2", "ord_page_5"])
        const fromDay3 = (yield* allPages(10, { createdFrom: T0 + 2 * DAY })).flat()
        expect(fromDay3).toEqual(stored.filter((o) => Date.parse(o.createdAt) >= T0 + 2 * DAY))
        const beforeDay2 = (yield* allPages(10, { createdBefore: T0 + DAY })).flat()
        expect(beforeDay2.map((o) => o.orderId)).toEqual(["ord_page_0", "ord_page_1", "ord_page_4"])
      }).pipe(Effect.provide(makeLayer())),
    )

    it.live("answers no order after the last sequence, and none on an empty store", () =>
      Effect.gen(function* () {
        const stored = yield* StoredOrders
        expect(yield* stored.page({ afterSequence: 0, limit: 5 })).toEqual([])
        const last = (yield* written).at(-1)!.sequence
        expect(yield* stored.page({ afterSequence: last, limit: 5 })).toEqual([])
      }).pipe(Effect.provide(makeLayer())),
    )
  })
