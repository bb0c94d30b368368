/**
 * Invalid input answers 400 `{ message, errors: [{ path, message }] }` with messages in words, on every route
 * and in every part of a request (body, query, path parameters, multipart form): a null byte or half of a
 * surrogate pair in any text, a number past the safe integer range, an order over the most Units one order
 * may hold, and a value of the wrong type or outside its choices. No message is the schema's own wording.
 */

import { Layer } from "effect"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { DEMO_EMAIL, seedDemo } from "../../src/demo/DemoSeed.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { apiMembers } from "../support/ApiMembers.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { json, useTestServer } from "../support/TestServer.ts"

const server = useTestServer(
  Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
    Layer.provideMerge(layerApp(pgliteTarget().layer)),
  ),
)
const { anonymous, signedIn } = apiMembers(server)

/** The wording of effect's own schema messages, which no person should read. */
const SCHEMA_WORDING = /Expected|Missing key|Invalid data|<filter>|excess property/

/** A 400 in the invalid-input shape, every message in words; answers its errors. */
const invalidInput = async (response: Response) => {
  expect(response.status).toBe(400)
  const body = await json(response)
  expect(body.message).toBe(body.errors[0].message)
  for (const error of body.errors) expect(error.message).not.toMatch(SCHEMA_WORDING)
  return body.errors as Array<{ path: string; message: string }>
}

let keys = 0
const key = () => ({ "idempotency-key": `invalid-input-${++keys}-${Date.now()}` })

describe("text no field may hold", () => {
  it("a null byte in the sign-in email answers 400 naming the field, not 500", async () => {
    const client = await anonymous()
    const response = await client.post("/api/auth/login", { email: `${DEMO_EMAIL}\u0000`, password: "x" })
    expect(await invalidInput(response)).toEqual([
      { path: "email", message: "Email must not contain control characters" },
    ])
  })

  it("a DEL, which JSON carries unescaped, is a control character too", async () => {
    const client = await anonymous()
    const response = await client.post("/api/auth/login", { email: `ann\u007f@example.com`, password: "x" })
    expect(await invalidInput(response)).toEqual([
      { path: "email", message: "Email must not contain control characters" },
    ])
  })

  it("half of a surrogate pair in a registration answers 400 naming the field", async () => {
    const client = await anonymous()
    const response = await client.post("/api/user/register", {
      email: "lone@example.com",
      firstName: "Ann\ud800",
      password: "secret9",
      userType: "USER",
      termsAccepted: true,
    })
    expect(await invalidInput(response)).toEqual([
      { path: "firstName", message: "First Name must not contain broken characters" },
    ])
  })

  it("in a query or a path parameter too, on public and member routes", async () => {
    const visitor = await anonymous()
    expect(await invalidInput(await visitor.get("/api/content/projects/%00"))).toEqual([
      { path: "id", message: "The id must not contain control characters" },
    ])
    expect(await invalidInput(await visitor.get("/api/content/news?category=gre%00en"))).toEqual([
      { path: "category", message: "Category must not contain control characters" },
    ])
    const member = await signedIn()
    expect(
      await invalidInput(await member.get("/api/user/getUserNameByEmail?email=a%00@example.com")),
    ).toEqual([{ path: "email", message: "Email must not contain control characters" }])
  })

  it("in a field of the multipart profile form, inside its kycInfo JSON", async () => {
    const member = await signedIn()
    const form = new FormData()
    form.append("kycInfo", JSON.stringify({ address: { townCity: "Lon\u0000don" } }))
    expect(await invalidInput(await member.post("/api/user/update_profile", form))).toEqual([
      { path: "kycInfo.address.townCity", message: "Town/City must not contain control characters" },
    ])
  })
})

describe("how many Units one order may hold", () => {
  const buyOf = (numberOfUnits: number) => ({
    orderType: "BUY",
    confirmsBusinessPurpose: true,
    currencyUnit: { unitType: "LAND_EUR", numberOfUnits },
    paymentDetails: { paymentMethod: "bank" },
  })

  it("a buy of 10^15 Units answers 400 with the maximum, and no order is made", async () => {
    const member = await signedIn()
    const before = (await json(await member.get("/api/order/getTransactions"))).total
    const response = await member.post("/api/order/create_order", buyOf(10 ** 15), { headers: key() })
    expect(await invalidInput(response)).toEqual([
      { path: "currencyUnit.numberOfUnits", message: "You can buy at most 1,000,000 Units in one order" },
    ])
    expect((await json(await member.get("/api/order/getTransactions"))).total).toBe(before)
  })

  it("a sell over the maximum says sell; a number past the safe range says it is too large", async () => {
    const member = await signedIn()
    const sell = { ...buyOf(1_000_001), orderType: "SELL" }
    expect(
      await invalidInput(await member.post("/api/order/create_order", sell, { headers: key() })),
    ).toEqual([
      { path: "currencyUnit.numberOfUnits", message: "You can sell at most 1,000,000 Units in one order" },
    ])
    const huge = await member.post("/api/order/create_order", buyOf(1e20), { headers: key() })
    expect(await invalidInput(huge)).toEqual([
      { path: "currencyUnit.numberOfUnits", message: "Number of Units is too large a number" },
    ])
  })

  it("changing a buy's amount past the maximum answers 400 too", async () => {
    const member = await signedIn()
    const created = await member.post("/api/order/create_order", buyOf(2), { headers: key() })
    const { orderId } = (await json(created)).orderCreatedData
    const response = await member.post(
      "/api/order/update_order_amount",
      { orderId, numberOfUnits: 5_000_000 },
      { headers: key() },
    )
    expect(await invalidInput(response)).toEqual([
      { path: "numberOfUnits", message: "You can buy at most 1,000,000 Units in one order" },
    ])
  })
})

describe("messages in words", () => {
  it("getTransactions?page=abc and a bad unitType name the field and what it must be", async () => {
    const member = await signedIn()
    expect(await invalidInput(await member.get("/api/order/getTransactions?page=abc"))).toEqual([
      { path: "page", message: "Page must be a number" },
    ])
    expect(await invalidInput(await member.get("/api/order/getTransactions?page=0"))).toEqual([
      { path: "page", message: "Page must be at least 1" },
    ])
    expect(await invalidInput(await member.get("/api/order/getTransactions?unitType=LAND_XYZ"))).toEqual([
      {
        path: "unitType",
        message: "Unit type must be one of LAND_EUR, LAND_USD, LAND_AUD, LAND_POUND or LAND_ALL",
      },
    ])
  })

  it("a missing field is '<Field> is required', a wrong type says what the field must be", async () => {
    const member = await signedIn()
    // One broken rule each (EveryError.test.ts sends several at once).
    const order = {
      orderType: "BUY",
      confirmsBusinessPurpose: true,
      currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 3 },
    }
    const post = (body: unknown) => member.post("/api/order/create_order", body, { headers: key() })
    expect(await invalidInput(await post({ currencyUnit: order.currencyUnit }))).toEqual([
      { path: "orderType", message: "Order type is required" },
    ])
    expect(await invalidInput(await post({ orderType: "BUY" }))).toEqual([
      { path: "currencyUnit", message: "Currency unit is required" },
    ])
    expect(await invalidInput(await post({ ...order, orderType: "GIFT" }))).toEqual([
      { path: "orderType", message: "Order type must be one of BUY, SELL, TRANSFER or CONVERT" },
    ])
    expect(
      await invalidInput(
        await post({ ...order, currencyUnit: { unitType: "LAND_EUR", numberOfUnits: "3" } }),
      ),
    ).toEqual([{ path: "currencyUnit.numberOfUnits", message: "Number of Units must be a number" }])
    expect(await invalidInput(await post({ ...order, isDoubleLand: "no" }))).toEqual([
      { path: "isDoubleLand", message: "LU2X offer must be true or false" },
    ])
    const noKey = await member.post("/api/order/create_order", {})
    expect(await invalidInput(noKey)).toContainEqual({
      path: "idempotency-key",
      message: "The Idempotency-Key header is required",
    })
  })

  it("a body of a type the route does not take answers 415 in JSON, naming the type it takes", async () => {
    const member = await signedIn()
    const response = await member.post("/api/user/update_profile", { firstName: "Ann" })
    expect(response.status).toBe(415)
    expect(await json(response)).toMatchObject({
      message: "This request must be sent as multipart/form-data.",
    })
  })

  it("a body that is not an object, and a vote filter outside its choices, are worded too", async () => {
    const visitor = await anonymous()
    expect(await invalidInput(await visitor.post("/api/user/register", [1, 2]))).toEqual([
      { path: "", message: "The input must be an object" },
    ])
    const member = await signedIn()
    expect(await invalidInput(await member.get("/api/governance/votes?which=all"))).toEqual([
      { path: "which", message: "Which votes must be one of open or closed" },
    ])
  })
})
