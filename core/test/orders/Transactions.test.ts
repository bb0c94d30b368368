import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { OrderRecord } from "../../src/orders/OrderModel.ts"
import { transactionPage } from "../../src/orders/Transactions.ts"
import { OrderId } from "../../src/shared/Ids.ts"
import { aBuy } from "../support/OrderStoresContract.ts"

const order = (id: string, sequence: number, over: Partial<OrderRecord> = {}): OrderRecord => ({
  ...aBuy(id),
  sequence,
  ...over,
})

const orders = [
  order("o1", 1, { createdAt: "2026-03-01T10:00:00.000Z" }),
  order("o2", 2, { createdAt: "2026-03-02T10:00:00.000Z", orderType: "SELL", orderStatus: "InProcess" }),
  order("o3", 3, {
    createdAt: "2026-03-03T23:59:59.999Z",
    currencyUnit: { ...aBuy("x").currencyUnit, unitType: "LAND_USD" },
  }),
  order("o4", 4, { createdAt: "2026-03-04T00:00:00.000Z" }),
]

describe("the transaction list", () => {
  it("is newest first by default, 10 a page, with the total for paging", () => {
    const page = transactionPage(orders, {})
    expect(page.transactions.map((o) => o.orderId)).toEqual(["o4", "o3", "o2", "o1"])
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 10 })
  })

  it("filters by dates (both days included), type, status, unit type and LAND_ALL", () => {
    const ids = (f: Parameters<typeof transactionPage>[1]) =>
      transactionPage(orders, f).transactions.map((o) => o.orderId)
    expect(ids({ fromDate: "2026-03-02", toDate: "2026-03-03" })).toEqual(["o3", "o2"])
    expect(ids({ orderType: "SELL" })).toEqual(["o2"])
    expect(ids({ orderStatus: "InProcess" })).toEqual(["o2"])
    expect(ids({ unitType: "LAND_USD" })).toEqual(["o3"])
    expect(ids({ unitType: "LAND_ALL" })).toHaveLength(4)
    expect(ids({ paymentMethod: "bank" })).toEqual([])
    expect(ids({ sortBy: "createdAt", sortDirection: "asc", page: 2, pageSize: 3 })).toEqual(["o4"])
  })

  it("pages cover every kept order exactly once, in order (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 7 }), (count, pageSize) => {
        const many = Array.from({ length: count }, (_, i) =>
          order(`o${i}`, i, {
            orderId: OrderId.make(`o${i}`),
            createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
          }),
        )
        const pages = Math.max(1, Math.ceil(count / pageSize))
        const seen = Array.from({ length: pages }, (_, p) =>
          transactionPage(many, { page: p + 1, pageSize, sortDirection: "asc" }).transactions.map(
            (o) => o.orderId,
          ),
        ).flat()
        expect(seen).toEqual(many.map((o) => o.orderId))
      }),
    )
  })
})
