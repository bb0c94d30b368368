/** The ProviderEventLog port on PostgreSQL (table provider_events, migration 0600). */

import type { PaymentProvider } from "@landunits/core/orders/PaymentProviders.ts"
import type { PaymentEventKind, ProviderEventOutcome } from "@landunits/core/orders/ProviderPaymentEvents.ts"
import type { ProviderEventEntry } from "@landunits/core/orders/ports/ProviderEventLog.ts"
import { ProviderEventLog } from "@landunits/core/orders/ports/ProviderEventLog.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

interface Row {
  readonly provider: PaymentProvider
  readonly event_id: string
  readonly event_type: string
  readonly kind: PaymentEventKind
  readonly test_mode: boolean
  readonly payment_id: string
  readonly order_payment_ref: string | null
  readonly order_id: string | null
  readonly amount_cents: string | null
  readonly currency: string | null
  readonly failure_reason: string | null
  readonly received_at: string
  readonly outcome: ProviderEventOutcome
  readonly detail: string | null
  readonly processed_at: string | null
}

const optional = <K extends string, V>(key: K, value: V | null): { [P in K]?: V } =>
  (value === null ? {} : { [key]: value }) as { [P in K]?: V }

const toEntry = (r: Row): ProviderEventEntry => ({
  provider: r.provider,
  eventId: r.event_id,
  eventType: r.event_type,
  kind: r.kind,
  testMode: r.test_mode,
  paymentId: r.payment_id,
  ...optional("orderPaymentRef", r.order_payment_ref),
  ...optional("orderId", r.order_id),
  ...optional("amountCents", r.amount_cents === null ? null : Number(r.amount_cents)),
  ...optional("currency", r.currency),
  ...optional("failureReason", r.failure_reason),
  receivedAt: Number(r.received_at),
  outcome: r.outcome,
  ...optional("detail", r.detail),
  ...optional("processedAt", r.processed_at === null ? null : Number(r.processed_at)),
})

export const ProviderEventLogPg = Layer.effect(ProviderEventLog)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const columns = sql`provider, event_id, event_type, kind, test_mode, payment_id, order_payment_ref, order_id,
      amount_cents, currency, failure_reason, received_at, outcome, detail, processed_at`
    return ProviderEventLog.of({
      record: (event, receivedAt) =>
        sql<{ event_id: string }>`
          INSERT INTO provider_events (provider, event_id, event_type, kind, test_mode, payment_id,
            order_payment_ref, order_id, amount_cents, currency, failure_reason, received_at, outcome)
          VALUES (${event.provider}, ${event.eventId}, ${event.eventType}, ${event.kind}, ${event.testMode},
            ${event.paymentId}, ${event.orderPaymentRef ?? null}, ${event.orderId ?? null},
            ${event.amountCents ?? null}, ${event.currency ?? null}, ${event.failureReason ?? null},
            ${receivedAt}, 'received')
          ON CONFLICT (provider, event_id) DO NOTHING
          RETURNING event_id`.pipe(
          Effect.map((rows) => rows.length === 1),
          Effect.orDie,
        ),
      get: (provider, eventId) =>
        sql<Row>`SELECT ${columns} FROM provider_events WHERE provider = ${provider} AND event_id = ${eventId}`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toEntry)),
          Effect.orDie,
        ),
      finish: (provider, eventId, outcome, detail, processedAt) =>
        sql`
          UPDATE provider_events SET outcome = ${outcome}, detail = ${detail ?? null}, processed_at = ${processedAt}
          WHERE provider = ${provider} AND event_id = ${eventId}`.pipe(Effect.asVoid, Effect.orDie),
      find: (filter) => {
        const conditions = [
          ...(filter.provider === undefined ? [] : [sql`provider = ${filter.provider}`]),
          ...(filter.orderId === undefined ? [] : [sql`order_id = ${filter.orderId}`]),
          ...(filter.outcomes === undefined ? [] : [sql`outcome IN ${sql.in(filter.outcomes)}`]),
        ]
        const where = conditions.length === 0 ? sql`true` : sql.and(conditions)
        return sql<Row>`SELECT ${columns} FROM provider_events WHERE ${where} ORDER BY seq`.pipe(
          Effect.map((rows) => rows.map(toEntry)),
          Effect.orDie,
        )
      },
    })
  }),
)
