/**
 * Each order command endpoint declares exactly the errors of the engine's commands it runs (issue 40), taken from
 * core's lists (OrderFamilyErrors.ts), and the OpenAPI document carries those: no endpoint repeats one union of every
 * order failure. The errors every route shares (invalid input, not signed in, too large…) come from the API's
 * middleware and are not counted here.
 */

import { OrderNotFound } from "@landunits/core/orders/OrderErrors.ts"
import {
  BuyErrors,
  BuyPaymentErrors,
  ConvertErrors,
  type ErrorClass,
  errorTags,
  SellErrors,
  TransferErrors,
} from "@landunits/core/orders/OrderFamilyErrors.ts"
import { OpenApi } from "effect/http-api"
import { describe, expect, it } from "vitest"
import { Api } from "../../src/http/api/Api.ts"
import { OrdersApi } from "../../src/http/api/OrdersApi.ts"

/** What each endpoint runs: the commands of core's families (and the read of the order, for cancel). */
const RUNS: Record<
  string,
  { readonly path: string; readonly errors: ReadonlyArray<ReadonlyArray<ErrorClass>> }
> = {
  createOrder: {
    path: "/api/order/create_order",
    errors: [
      BuyErrors.createBuy,
      SellErrors.createSell,
      TransferErrors.createTransfer,
      ConvertErrors.createConvert,
    ],
  },
  updateOrderAmount: { path: "/api/order/update_order_amount", errors: [BuyErrors.updateBuyAmount] },
  startPayment: { path: "/api/order/start_payment", errors: [BuyPaymentErrors.startPayment] },
  successOrder: { path: "/api/order/success_order", errors: [BuyPaymentErrors.successOrder] },
  cancelOrder: {
    path: "/api/order/cancel_order",
    errors: [[OrderNotFound], BuyErrors.cancelBuy, SellErrors.cancelSellRest],
  },
}

/** The tag an endpoint's error schema stands for (the class, or the class wrapped with its status). */
// biome-ignore lint/suspicious/noExplicitAny: an endpoint's error schemas, read by key
const tagOf = (schema: any): string => schema.schema?.identifier ?? schema.identifier

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON, read by key
const document: any = OpenApi.fromApi(Api)
// biome-ignore lint/suspicious/noExplicitAny: the group's endpoints, read by name
const endpoints: Record<string, { readonly error: Set<unknown> }> = (OrdersApi as any).endpoints

/** The component names the document's 4xx/5xx answers of an operation refer to, as tags. */
const documentedTags = (path: string): ReadonlyArray<string> => {
  const responses = document.paths[path].post.responses as Record<string, unknown>
  const refs = JSON.stringify(Object.entries(responses).filter(([status]) => Number(status) >= 400)).matchAll(
    /#\/components\/schemas\/(\w+)Encoded/g,
  )
  return [...new Set([...refs].map((m) => m[1]!))].sort()
}

/** The errors the middleware adds to every member route, whatever it runs. */
const SHARED = ["InvalidInput", "NotSignedIn"]

describe("the order endpoints' errors", () => {
  for (const [name, { path, errors }] of Object.entries(RUNS)) {
    it(`${name} declares exactly what its commands can fail with`, () => {
      const expected = errorTags(errors.flat())
      expect([...endpoints[name]!.error].map(tagOf).sort()).toEqual(expected)
      expect(documentedTags(path)).toEqual([...new Set([...expected, ...SHARED])].sort())
    })
  }

  it("no command endpoint answers every order failure", () => {
    const all = new Set(Object.values(RUNS).flatMap((r) => errorTags(r.errors.flat())))
    for (const [name, { errors }] of Object.entries(RUNS)) {
      expect(errorTags(errors.flat()).length, name).toBeLessThan(all.size)
    }
  })
})
