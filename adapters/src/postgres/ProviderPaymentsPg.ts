/** The providers' reported payments on PostgreSQL: one row per (provider, provider payment id); a later report replaces it. */
import { ProviderPayments } from "@landunits/core/reconcile/ports/ProviderPayments.ts"
import type { ProviderPayment, ProviderPaymentStatus } from "@landunits/core/reconcile/ReconcileModel.ts"
import type { CurrencyType, PayingMethod } from "@landunits/core/shared/Enums.ts"
import { OrderId } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

interface Row {
  readonly provider: PayingMethod
  readonly provider_payment_id: string
  readonly order_id: string | null
  readonly amount_cents: string
  readonly currency: CurrencyType
  readonly status: ProviderPaymentStatus
  readonly received_at: string
}

export const ProviderPaymentsPg = Layer.effect(ProviderPayments)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return ProviderPayments.of({
      record: (p) =>
        sql`
          INSERT INTO provider_payments (provider, provider_payment_id, order_id, amount_cents, currency, status, received_at)
          VALUES (${p.provider}, ${p.providerPaymentId}, ${p.orderId ?? null}, ${p.amountCents}, ${p.currency}, ${p.status}, ${p.receivedAt})
          ON CONFLICT (provider, provider_payment_id) DO UPDATE SET order_id = EXCLUDED.order_id,
            amount_cents = EXCLUDED.amount_cents, currency = EXCLUDED.currency, status = EXCLUDED.status,
            received_at = EXCLUDED.received_at`.pipe(Effect.asVoid, Effect.orDie),
      list: sql<Row>`
        SELECT provider, provider_payment_id, order_id, amount_cents, currency, status, received_at
        FROM provider_payments ORDER BY received_at, provider_payment_id`.pipe(
        Effect.map((rows) =>
          rows.map(
            (r): ProviderPayment => ({
              provider: r.provider,
              providerPaymentId: r.provider_payment_id,
              ...(r.order_id === null ? {} : { orderId: OrderId.make(r.order_id) }),
              amountCents: Number(r.amount_cents),
              currency: r.currency,
              status: r.status,
              receivedAt: Number(r.received_at),
            }),
          ),
        ),
        Effect.orDie,
      ),
    })
  }),
)
