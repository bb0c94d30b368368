/** Steps of a card buy over the HTTP API, shared by the payment tests. */
import type { UnitType } from "@landunits/core/shared/Enums.ts"
import { expect } from "vitest"
import { json, type makeClient } from "../support/TestServer.ts"

type Client = ReturnType<typeof makeClient>

let keys = 0
const key = (label: string) => ({ "idempotency-key": `${label}-${Date.now()}-${++keys}` })

export interface StartedCardBuy {
  readonly orderId: string
  readonly paymentId: string
  readonly clientSecret: string
  readonly paymentAmount: number
  readonly currency: string
}

/** Creates a buy of `units` paid by `method` and starts its payment. */
export const startCardBuy = async (
  client: Client,
  method: "card-stripe" | "card-square",
  unitType: UnitType = "LAND_EUR",
  units = 2,
): Promise<StartedCardBuy> => {
  const created = await client.post(
    "/api/order/create_order",
    {
      orderType: "BUY",
      confirmsBusinessPurpose: true,
      currencyUnit: { unitType, numberOfUnits: units },
      paymentDetails: { paymentMethod: method },
    },
    { headers: key("create") },
  )
  expect(created.status).toBe(200)
  const { orderId } = (await json(created)).orderCreatedData
  const started = await client.post("/api/order/start_payment", { orderId }, { headers: key("start") })
  expect(started.status).toBe(200)
  const { paymentInstructions } = await json(started)
  expect(paymentInstructions._tag).toBe("CardPayment")
  return {
    orderId,
    paymentId: paymentInstructions.paymentId,
    clientSecret: paymentInstructions.clientSecret,
    paymentAmount: paymentInstructions.paymentAmount,
    currency: paymentInstructions.currency,
  }
}

/** Creates a buy of `units` paid by bank transfer and starts its payment (the member is shown where to pay). */
export const startBankBuy = async (client: Client, unitType: UnitType = "LAND_EUR", units = 2) => {
  const created = await client.post(
    "/api/order/create_order",
    {
      orderType: "BUY",
      confirmsBusinessPurpose: true,
      currencyUnit: { unitType, numberOfUnits: units },
      paymentDetails: { paymentMethod: "bank" },
    },
    { headers: key("create") },
  )
  expect(created.status).toBe(200)
  const { orderId } = (await json(created)).orderCreatedData
  const started = await client.post("/api/order/start_payment", { orderId }, { headers: key("start") })
  expect(started.status).toBe(200)
  expect((await json(started)).paymentInstructions._tag).toBe("BankPayment")
  return orderId as string
}

export const orderStatus = async (client: Client, orderId: string): Promise<string> =>
  (await json(await client.get(`/api/order/get_order_details/${orderId}`))).orderData.orderStatus

export const cancelOrder = async (client: Client, orderId: string) =>
  client.post("/api/order/cancel_order", { orderId }, { headers: key("cancel") })

/** The member's Units of a type: owned and still pending. */
export const unitsOf = async (client: Client, unitType: UnitType) => {
  const { holdings } = await json(await client.get("/api/user/holdings"))
  const holding = holdings.find((h: { unitType: string }) => h.unitType === unitType)
  return { owned: holding?.owned ?? 0, pendingBuy: holding?.pendingBuy ?? 0 }
}

export const SETTLED = ["Approved", "Completed"]
