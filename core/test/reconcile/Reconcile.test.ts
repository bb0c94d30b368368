import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { adminActor, memberActor } from "../../src/access/AccessModel.ts"
import type { OrderRecord } from "../../src/orders/OrderModel.ts"
import type { ProviderPaymentEvent } from "../../src/orders/ProviderPaymentEvents.ts"
import { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import { ProviderEventLog } from "../../src/orders/ports/ProviderEventLog.ts"
import { providerPaymentsOf, reconcile } from "../../src/reconcile/Reconcile.ts"
import type { ProviderPayment } from "../../src/reconcile/ReconcileModel.ts"
import { ReconcileService } from "../../src/reconcile/ReconcileService.ts"
import { MemberId, OrderId } from "../../src/shared/Ids.ts"
import { aBuy } from "../support/OrderStoresContract.ts"

const aProviderPayment = (id: string, over: Partial<ProviderPayment> = {}): ProviderPayment => ({
  provider: "card-stripe",
  providerPaymentId: id,
  orderId: OrderId.make("ord_1"),
  amountCents: 12_345,
  currency: "EUR",
  status: "succeeded",
  receivedAt: 1_000,
  ...over,
})

const anEvent = (eventId: string, over: Partial<ProviderPaymentEvent> = {}): ProviderPaymentEvent => ({
  provider: "stripe",
  eventId,
  eventType: "payment_intent.succeeded",
  kind: "succeeded",
  testMode: false,
  paymentId: "pi_1",
  orderId: "ord_1",
  amountCents: 12_345,
  currency: "EUR",
  ...over,
})

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
        yield* (yield* ProviderEventLog).record(anEvent("evt_1", { amountCents: 1 }), 1_000)
        const service = yield* ReconcileService
        return {
          report: yield* service.report(adminActor(MemberId.make("mem_admin"))),
          refused: yield* Effect.flip(service.report(memberActor(MemberId.make("mem_ann")))),
        }
      }).pipe(
        Effect.provide(
          ReconcileService.layer.pipe(
            Layer.provideMerge(Layer.mergeAll(OrderRepository.layerMemory, ProviderEventLog.layerMemory)),
          ),
        ),
      ),
    )
    expect(result.report.payments).toBe(1)
    expect(result.report.orders).toBe(1)
    expect(result.report.mismatches.map((m) => m.kind)).toEqual(["AmountMismatch"])
    expect(result.refused._tag).toBe("Forbidden")
  })
  it("money taken for an order the platform does not hold as paid (Cancelled, Expired, Failed, unpaid) is the admin's to confirm or refund", () => {
    const found = reconcile(
      [aProviderPayment("pi_c", { orderId: OrderId.make("ord_c") })],
      [order("ord_c", { orderStatus: "Cancelled" })],
    )
    expect(found).toEqual([
      {
        kind: "PaymentForUnpaidOrder",
        orderId: "ord_c",
        provider: "card-stripe",
        providerPaymentId: "pi_c",
        message:
          "card-stripe payment pi_c of 12345 EUR cents was taken for order ord_c, which is Cancelled: confirm the order or refund the payment",
      },
    ])
  })

  it("a provider payment is read from its webhook events: one per payment, succeeded if any event said so, whatever came after", () => {
    const entry = (event: ProviderPaymentEvent, receivedAt: number) => ({
      ...event,
      receivedAt,
      outcome: "settled" as const,
    })
    const payments = providerPaymentsOf([
      entry(anEvent("evt_fail_late", { kind: "failed", eventType: "payment_intent.payment_failed" }), 3),
      entry(anEvent("evt_ok"), 2),
      entry(anEvent("evt_ok_again"), 4),
      entry(anEvent("sq_1", { provider: "square", paymentId: "sq_pay", kind: "other", orderId: "ord_2" }), 1),
    ])
    expect(payments).toEqual([
      {
        ...aProviderPayment("sq_pay", {
          provider: "card-square",
          orderId: OrderId.make("ord_2"),
          status: "pending",
        }),
        receivedAt: 1,
      },
      { ...aProviderPayment("pi_1"), receivedAt: 2 },
    ])
  })
})
