/**
 * How many statements a member's holdings cost, counted from the spans the SQL client opens for each
 * statement (support/StatementRecorder.ts): the orders behind the member's ledger are read in one
 * statement, so GET /api/user/holdings and GET /api/user send as many statements for a member with three
 * orders as for a member with eleven. (Prices are read only for the unit types the member holds, so both
 * rounds hold the same two.)
 */

import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { IdempotencyKey, MemberId } from "@landunits/core/shared/Ids.ts"
import { ADMIN } from "@landunits/core/test-support/OrderHarness.ts"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { useRecordedServer } from "../support/StatementRecorder.ts"
import { json, makeClient } from "../support/TestServer.ts"

const { server, statements } = useRecordedServer()

const demo = MemberId.make("mem_demo")
let keys = 0
const key = () => IdempotencyKey.make(`holdings-queries-${++keys}`)

/** `count` bank buys by the demo member; every other one is confirmed, so it is owned and costed. */
const buy = (count: number) =>
  server.run(
    Effect.gen(function* () {
      const orders = yield* OrderService
      for (let i = 0; i < count; i++) {
        const order = yield* orders.createBuy({
          confirmsBusinessPurpose: true,
          memberId: demo,
          idempotencyKey: key(),
          unitType: i % 3 === 2 ? "LAND_USD" : "LAND_EUR",
          numberOfUnits: 10 + i,
          paymentMethod: "bank",
          isDoubleLand: false,
        })
        if (i % 2 === 0)
          yield* orders.confirmPayment({ actor: ADMIN, idempotencyKey: key(), orderId: order.orderId })
      }
    }),
  )

/** The statements one GET sends, after a first call warmed the reference snapshot. */
const statementsOf = async (client: ReturnType<typeof makeClient>, path: string) => {
  expect((await client.get(path)).status).toBe(200)
  statements.length = 0
  const response = await client.get(path)
  expect(response.status).toBe(200)
  return { statements: [...statements], body: await json(response) }
}

const ordersRead = (list: ReadonlyArray<string>) => list.filter((s) => /FROM orders/.test(s))

describe("a member's holdings' database reads", () => {
  it("do not grow with the number of orders: the orders behind the ledger are one statement (GET /api/user/holdings, GET /api/user)", async () => {
    const client = makeClient(server)
    await client.get("/api/health")
    await client.post("/api/auth/login", { email: "demo@landunits.example", password: "LandDemo2026" })

    await buy(3)
    const few = await statementsOf(client, "/api/user/holdings")
    const fewBundle = await statementsOf(client, "/api/user")
    await buy(8)
    const many = await statementsOf(client, "/api/user/holdings")
    const manyBundle = await statementsOf(client, "/api/user")

    // The answers did read the new orders: more Units are owned and pending, at a cost basis.
    const eur = (body: {
      holdings: ReadonlyArray<{ unitType: string; owned: number; pendingBuy: number }>
    }) => body.holdings.find((h) => h.unitType === "LAND_EUR")!
    expect(eur(few.body)).toMatchObject({ owned: 10, pendingBuy: 11 })
    expect(eur(many.body).owned).toBeGreaterThan(10)
    expect(eur(many.body).pendingBuy).toBeGreaterThan(11)
    expect(manyBundle.body.userDashBoardDetails.holdings).toEqual(many.body.holdings)

    expect(many.statements).toHaveLength(few.statements.length)
    expect(manyBundle.statements).toHaveLength(fewBundle.statements.length)
    for (const list of [few, many, fewBundle, manyBundle].map((r) => r.statements)) {
      expect(ordersRead(list)).toHaveLength(1)
      expect(list.filter((s) => /FROM ledger_transfers/.test(s))).toHaveLength(1)
    }
  })
})
