/** The contract of ProviderPayments: run on memory here, on PostgreSQL by the adapters' tests. */
import { Effect, type Layer } from "effect"
import { describe, expect, it } from "vitest"
import { ProviderPayments } from "../../src/reconcile/ports/ProviderPayments.ts"
import type { ProviderPayment } from "../../src/reconcile/ReconcileModel.ts"
import { OrderId } from "../../src/shared/Ids.ts"

export const aProviderPayment = (id: string, over: Partial<ProviderPayment> = {}): ProviderPayment => ({
  provider: "card-stripe",
  providerPaymentId: id,
  orderId: OrderId.make("ord_1"),
  amountCents: 12_345,
  currency: "EUR",
  status: "succeeded",
  receivedAt: 1_000,
  ...over,
})

export const providerPaymentsContract = (name: string, makeLayer: () => Layer.Layer<ProviderPayments>) =>
  describe(`ProviderPayments contract (${name})`, () => {
    it("keeps one row per provider payment (a later report replaces it), by receipt, with or without an order", async () => {
      const listed = await Effect.runPromise(
        Effect.gen(function* () {
          const payments = yield* ProviderPayments
          yield* payments.record(aProviderPayment("pi_2", { receivedAt: 2_000, status: "pending" }))
          yield* payments.record(aProviderPayment("pi_1"))
          const { orderId: _, ...orphan } = aProviderPayment("sq_1", {
            provider: "card-square",
            receivedAt: 3_000,
          })
          yield* payments.record(orphan)
          yield* payments.record(
            aProviderPayment("pi_2", { receivedAt: 2_000, status: "succeeded", amountCents: 99 }),
          )
          return yield* payments.list
        }).pipe(Effect.provide(makeLayer())),
      )
      const { orderId: _, ...orphan } = aProviderPayment("sq_1", {
        provider: "card-square",
        receivedAt: 3_000,
      })
      expect(listed).toEqual([
        aProviderPayment("pi_1"),
        aProviderPayment("pi_2", { receivedAt: 2_000, status: "succeeded", amountCents: 99 }),
        orphan,
      ])
    })
  })
