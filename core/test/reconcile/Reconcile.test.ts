import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { adminActor, memberActor } from "../../src/access/AccessModel.ts"
import type { OrderRecord } from "../../src/orders/OrderModel.ts"
import { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import { ProviderPayments } from "../../src/reconcile/ports/ProviderPayments.ts"
import { reconcile } from "../../src/reconcile/Reconcile.ts"
import { ReconcileService } from "../../src/reconcile/ReconcileService.ts"
import { MemberId, OrderId } from "../../src/shared/Ids.ts"
import { aBuy } from "../support/OrderStoresContract.ts"
import { aProviderPayment, providerPaymentsContract } from "../support/ProviderPaymentsContract.ts"

providerPaymentsContract("memory", () => ProviderPayments.layerMemory)

const order = (id: string, over: Partial<OrderRecord> = {}): OrderRecord => ({
  ...aBuy(id),
  sequence: 1,
  ...over,
})
const paid = (id: string, over: Partial<OrderRecord> = {}) => order(id, { orderStatus: "Approved", ...over })

describe("reconciling providers' payments with orders", () => {
  it("finds nothing when every paid card order has its succeeded payment for the same amount and currency", () => {
    expect(
      reconcile([aProviderPayment("pi_1", { orderId: OrderId.make("ord_1") })], [paid("ord_1")]),
    ).toEqual([])
  })

  it("a succeeded payment that names no order, or an order that does not exist, is a payment without order", () => {
    const { orderId: _, ...noOrder } = aProviderPayment("pi_x")
    const found = reconcile([noOrder, aProviderPayment("pi_y", { orderId: OrderId.make("ord_gone") })], [])
    expect(found.map((m) => [m.kind, m.message])).toEqual([
      ["PaymentWithoutOrder", "card-stripe payment pi_x of 12345 EUR cents names no order"],
      [
        "PaymentWithoutOrder",
        "card-stripe payment pi_y of 12345 EUR cents names order ord_gone, which does not exist",
      ],
    ])
  })

  it("a card order held as Approved or Completed without a succeeded provider payment is flagged; bank orders are not", () => {
    const bank = paid("ord_bank", {
      paymentDetails: { ...aBuy("x").paymentDetails!, paymentMethod: "bank" },
    })
    const found = reconcile(
      [aProviderPayment("pi_f", { orderId: OrderId.make("ord_2"), status: "failed" })],
      [paid("ord_2", { orderStatus: "Completed" }), bank, order("ord_unpaid")],
    )
    expect(found).toEqual([
      {
        kind: "PaidOrderWithoutPayment",
        orderId: "ord_2",
        message: "Order ord_2 is Completed (card-stripe) but no provider reported a payment for it",
      },
    ])
  })

  it("a payment for another amount or currency than its order asks is an amount mismatch", () => {
    const found = reconcile(
      [
        aProviderPayment("pi_a", { orderId: OrderId.make("ord_a"), amountCents: 12_344 }),
        aProviderPayment("pi_b", { orderId: OrderId.make("ord_b"), currency: "USD" }),
      ],
      [paid("ord_a"), paid("ord_b")],
    )
    expect(found.map((m) => [m.kind, m.orderId])).toEqual([
      ["AmountMismatch", "ord_a"],
      ["AmountMismatch", "ord_b"],
    ])
    expect(found[0]!.message).toBe(
      "card-stripe payment pi_a is 12344 EUR cents; order ord_a asks 12345 EUR cents",
    )
  })

  it("the report reads every buy and every provider payment, and only admins may ask for it", async () => {
    const result = await Effect.runPromise(
      Effect.gen(function* () {
        yield* (yield* OrderRepository).insert({ ...aBuy("ord_1"), orderStatus: "Approved" })
        yield* (yield* ProviderPayments).record(aProviderPayment("pi_1", { amountCents: 1 }))
        const service = yield* ReconcileService
        return {
          report: yield* service.report(adminActor(MemberId.make("mem_admin"))),
          refused: yield* Effect.flip(service.report(memberActor(MemberId.make("mem_ann")))),
        }
      }).pipe(
        Effect.provide(
          ReconcileService.layer.pipe(
            Layer.provideMerge(Layer.mergeAll(OrderRepository.layerMemory, ProviderPayments.layerMemory)),
          ),
        ),
      ),
    )
    expect(result.report.payments).toBe(1)
    expect(result.report.orders).toBe(1)
    expect(result.report.mismatches.map((m) => m.kind)).toEqual(["AmountMismatch"])
    expect(result.refused._tag).toBe("Forbidden")
  })
})
