import { Context, Effect, Layer } from "effect"
import type { ProviderPayment } from "../ReconcileModel.ts"

/**
 * Port: the payments providers reported, one per (provider, providerPaymentId). `record` keeps the latest
 * report of a payment (a redelivered or updated event replaces it); `list` answers them by receipt, oldest first.
 * The payments issue's webhooks write here; reconciliation reads.
 */
export class ProviderPayments extends Context.Service<
  ProviderPayments,
  {
    readonly record: (payment: ProviderPayment) => Effect.Effect<void>
    readonly list: Effect.Effect<ReadonlyArray<ProviderPayment>>
  }
>()("@landunits/core/reconcile/ports/ProviderPayments") {
  static readonly layerMemory = Layer.sync(ProviderPayments)(() => {
    const payments = new Map<string, ProviderPayment>()
    return {
      record: (payment) =>
        Effect.sync(() => {
          payments.set(`${payment.provider}\u0000${payment.providerPaymentId}`, { ...payment })
        }),
      list: Effect.sync(() =>
        [...payments.values()].sort(
          (a, b) => a.receivedAt - b.receivedAt || a.providerPaymentId.localeCompare(b.providerPaymentId),
        ),
      ),
    }
  })
}
