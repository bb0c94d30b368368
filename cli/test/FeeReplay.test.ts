/**
 * `landunits audit fees` (issue 42) on a database as the product starts it: the demo data with its year of history
 * (every order made through core's use cases at its own past instant), then generated orders of every type priced
 * as the app prices them at their instants (test-support GeneratedOrders.ts), then a fee changed behind the app by
 * a SQL UPDATE. On the PostgreSQL server when DATABASE_URL names one (CI's run), else on the embedded database.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { DEMO_ADMIN_EMAIL } from "@landunits/adapters/demo/DemoHistory.ts"
import { seedDemoWithHistory } from "@landunits/adapters/demo/FirstStartSeed.ts"
import { layerEmbedded, layerServer } from "@landunits/adapters/postgres/Database.ts"
import { insertGeneratedOrders } from "@landunits/test-support/GeneratedOrders.ts"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppRuntime, makeRuntime } from "../src/Admin.ts"
import { buildProgram } from "../src/Program.ts"
import { freshServerDatabase } from "./support/ServerAndCli.ts"

const serverUrl = process.env.DATABASE_URL?.trim()
const GENERATED = 3_000

const open = async (): Promise<{ runtime: AppRuntime; close: () => Promise<void>; name: string }> => {
  if (serverUrl !== undefined && serverUrl !== "") {
    const database = await freshServerDatabase(serverUrl)
    const runtime = makeRuntime(layerServer(database.url))
    return {
      name: "PostgreSQL server",
      runtime,
      close: async () => {
        await runtime.dispose()
        await database.drop()
      },
    }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-fee-replay-"))
  const runtime = makeRuntime(layerEmbedded(dir))
  return {
    name: "embedded",
    runtime,
    close: async () => {
      await runtime.dispose()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

describe("audit fees: every stored order's fees replayed from the terms in force when it was made", () => {
  let runtime: AppRuntime
  let close: () => Promise<void> = async () => {}

  beforeAll(async () => {
    ;({ runtime, close } = await open())
    const seeded = await runtime.runPromise(seedDemoWithHistory)
    expect(seeded.history).toBe("seeded")
  }, 240_000)

  afterAll(() => close())

  /** One command line in this process: what it printed and its exit code. */
  const landunits = async (...args: ReadonlyArray<string>) => {
    const out: Array<string> = []
    const err: Array<string> = []
    let code = 0
    const io = {
      out: (t: string) => void out.push(t),
      err: (t: string) => void err.push(t),
      exitCode: (c: number) => {
        code = c
      },
    }
    await buildProgram(async () => runtime, { io }).parseAsync(args, { from: "user" })
    return { out: out.join("\n"), err: err.join("\n"), code }
  }
  const fees = (...args: ReadonlyArray<string>) =>
    landunits("--as", DEMO_ADMIN_EMAIL, "audit", "fees", ...args)

  const sql = (statement: string) =>
    runtime.runPromise(
      Effect.gen(function* () {
        const client = yield* SqlClient.SqlClient
        return yield* client.unsafe<Record<string, unknown>>(statement)
      }),
    )

  it("the demo history replays clean: every order of every type, exit 0", async () => {
    const result = await fees()
    expect(result.err).toBe("")
    expect(result.code).toBe(0)
    expect(result.out).toMatch(
      /^Every fee replays: \d+ order\(s\) \(\d+ BUY, \d+ SELL, \d+ TRANSFER, \d+ CONVERT\)/,
    )
    const json = JSON.parse((await fees("--format", "json")).out)
    expect(json.differences).toEqual([])
    // The demo's story has each kind of order.
    for (const type of ["BUY", "SELL", "TRANSFER", "CONVERT"]) expect(json.byType[type]).toBeGreaterThan(0)
    expect(json.orders).toBe(Object.values(json.byType as Record<string, number>).reduce((a, b) => a + b, 0))
  })

  it(`${GENERATED} generated orders priced as the app prices them replay clean, beside the demo's`, async () => {
    const before = JSON.parse((await fees("--format", "json")).out).orders as number
    await runtime.runPromise(insertGeneratedOrders(GENERATED, { seed: 7 }))
    const result = await fees("--format", "json")
    expect(result.code).toBe(0)
    const json = JSON.parse(result.out)
    expect(json.orders).toBe(before + GENERATED)
    expect(json.differences).toEqual([])
    expect(json.unchecked).toEqual({ price: 0, exchangeRate: 0 })
  }, 120_000)

  it("a transaction fee changed in the database behind the app is found and named: order, field, stored, recomputed; exit 1", async () => {
    const [row] = await sql(
      `SELECT order_id, record->'paymentDetails'->>'transactionFee' AS fee FROM orders
       WHERE order_type = 'BUY' AND order_id LIKE 'ord_gen_%' ORDER BY sequence LIMIT 1`,
    )
    const orderId = String(row!.order_id)
    const fee = Number(row!.fee)
    await sql(
      `UPDATE orders SET record = jsonb_set(record, '{paymentDetails,transactionFee}', '${fee + 1}')
       WHERE order_id = '${orderId}'`,
    )
    try {
      const text = await fees()
      expect(text.code).toBe(1)
      expect(text.out).toMatch(/^1 difference\(s\) in 1 of \d+ order\(s\)/)
      const line = text.out.split("\n").find((l) => l.includes(orderId))
      expect(line).toMatch(
        new RegExp(`${orderId}\\s+BUY\\s+\\S+\\s+paymentDetails\\.transactionFee\\s+${fee + 1}\\s+${fee}`),
      )
      const json = await fees("--format", "json")
      expect(json.code).toBe(1)
      expect(JSON.parse(json.out).differences).toEqual([
        expect.objectContaining({
          orderId,
          orderType: "BUY",
          field: "paymentDetails.transactionFee",
          stored: String(fee + 1),
          recomputed: String(fee),
        }),
      ])
    } finally {
      await sql(
        `UPDATE orders SET record = jsonb_set(record, '{paymentDetails,transactionFee}', '${fee}')
         WHERE order_id = '${orderId}'`,
      )
    }
    expect((await fees()).code).toBe(0)
  }, 120_000)

  it("a price, a sell's fee and a convert's received Units changed behind the app are each named", async () => {
    const pick = async (type: string) =>
      String(
        (
          await sql(
            `SELECT order_id FROM orders WHERE order_type = '${type}' AND order_id LIKE 'ord_gen_%' ORDER BY sequence LIMIT 1`,
          )
        )[0]!.order_id,
      )
    const buy = await pick("BUY")
    const sell = await pick("SELL")
    const convert = await pick("CONVERT")
    const edits: ReadonlyArray<readonly [string, string]> = [
      [buy, "{currencyUnit,pricePerUnit}"],
      [sell, "{sell,feeUnits}"],
      [convert, "{convert,numberOfUnits}"],
    ]
    const shift = (delta: number) =>
      Promise.all(
        edits.map(([id, field]) =>
          sql(
            `UPDATE orders SET record = jsonb_set(record, '${field}', to_jsonb((record #>> '${field}')::bigint + ${delta}))
             WHERE order_id = '${id}'`,
          ),
        ),
      )
    await shift(1)
    try {
      const result = await fees("--format", "json")
      expect(result.code).toBe(1)
      const named = (JSON.parse(result.out).differences as Array<{ orderId: string; field: string }>)
        .map((d) => `${d.orderId} ${d.field}`)
        .toSorted()
      expect(named).toEqual(
        [
          `${buy} currencyUnit.pricePerUnit`,
          `${sell} sell.feeUnits`,
          `${convert} convert.numberOfUnits`,
        ].toSorted(),
      )
    } finally {
      await shift(-1)
    }
    expect((await fees()).code).toBe(0)
  }, 120_000)

  it("after admins change fees through the audited operations, orders before and after the change each replay at their own terms", async () => {
    const admin = (...args: ReadonlyArray<string>) => landunits("--as", DEMO_ADMIN_EMAIL, "--yes", ...args)
    for (const unitType of ["LAND_EUR", "LAND_USD", "LAND_AUD", "LAND_POUND"]) {
      const set = await admin(
        "pricing",
        "set-fees",
        unitType,
        "--buy-cents",
        "175",
        "--sell-units",
        "12",
        "--convert-units",
        "1",
      )
      expect(set.err).toBe("")
      expect(set.code).toBe(0)
    }
    expect(
      (await admin("pricing", "set-external-fee", "card-stripe", "--fixed-cents", "40", "--percent", "2.5"))
        .code,
    ).toBe(0)
    const now = Date.now()
    // Orders placed after the change, at the new fees (the app's PriceBook answers them now).
    await runtime.runPromise(
      insertGeneratedOrders(600, { seed: 11, start: now + 60_000, end: now + 2 * 86_400_000 }),
    )
    const json = JSON.parse((await fees("--format", "json")).out)
    expect(json.differences).toEqual([])
    const [newer] = await sql(
      `SELECT count(*)::int AS n FROM orders WHERE order_id LIKE 'ord_gen_11_%' AND order_type = 'BUY'
       AND (record->'currencyUnit'->>'buyOrderTransactionFeeInCents')::int = 175`,
    )
    expect(Number(newer!.n)).toBeGreaterThan(0)
    // An earlier order carrying the new fee is priced at a fee that was not yet in force: named.
    const [early] = await sql(
      `SELECT order_id FROM orders WHERE order_id LIKE 'ord_gen_7_%' AND order_type = 'BUY' ORDER BY sequence LIMIT 1`,
    )
    const earlyId = String(early!.order_id)
    const field = "{currencyUnit,buyOrderTransactionFeeInCents}"
    const [was] = await sql(`SELECT record #>> '${field}' AS fee FROM orders WHERE order_id = '${earlyId}'`)
    await sql(`UPDATE orders SET record = jsonb_set(record, '${field}', '175') WHERE order_id = '${earlyId}'`)
    try {
      const named = JSON.parse((await fees("--format", "json")).out).differences
      expect(named).toEqual([
        expect.objectContaining({
          orderId: earlyId,
          field: "currencyUnit.buyOrderTransactionFeeInCents",
          stored: "175",
          recomputed: String(was!.fee),
        }),
      ])
    } finally {
      await sql(
        `UPDATE orders SET record = jsonb_set(record, '${field}', '${Number(was!.fee)}') WHERE order_id = '${earlyId}'`,
      )
    }
  }, 120_000)

  it("--from and --to keep to the orders created on those days; a day that is not one is refused", async () => {
    const all = JSON.parse((await fees("--format", "json")).out)
    const [row] = await sql(
      `SELECT to_char(min(created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM orders`,
    )
    const first = String(row!.day)
    const [counted] = await sql(
      `SELECT count(*)::int AS n FROM orders WHERE created_at < ('${first}'::date + 1)::timestamp AT TIME ZONE 'UTC'`,
    )
    const oneDay = JSON.parse((await fees("--from", first, "--to", first, "--format", "json")).out)
    expect(oneDay.orders).toBe(Number(counted!.n))
    expect(oneDay.orders).toBeLessThan(all.orders)
    const refused = await fees("--from", "yesterday")
    expect(refused.code).toBe(1)
    expect(refused.err).toMatch(/--from must be a day, yyyy-mm-dd/)
  }, 120_000)
})
