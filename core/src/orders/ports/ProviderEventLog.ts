import { Context, Effect, Layer, Option, Schema } from "effect"
import type { PaymentProvider } from "../PaymentProviders.ts"
import { ProviderEventOutcome, ProviderPaymentEvent } from "../ProviderPaymentEvents.ts"

/** One provider event as it was received and what came of it. Times are epoch milliseconds. */
export const ProviderEventEntry = Schema.Struct({
  ...ProviderPaymentEvent.fields,
  receivedAt: Schema.Int,
  outcome: ProviderEventOutcome,
  detail: Schema.optionalKey(Schema.String),
  processedAt: Schema.optionalKey(Schema.Int),
})
export type ProviderEventEntry = typeof ProviderEventEntry.Type

/** Which entries to find; every given field must match. */
export interface ProviderEventFilter {
  readonly provider?: PaymentProvider
  readonly orderId?: string
  readonly outcomes?: ReadonlyArray<ProviderEventOutcome>
}

const matches = (entry: ProviderEventEntry, filter: ProviderEventFilter) =>
  (filter.provider === undefined || entry.provider === filter.provider) &&
  (filter.orderId === undefined || entry.orderId === filter.orderId) &&
  (filter.outcomes === undefined || filter.outcomes.includes(entry.outcome))

const entryKey = (provider: string, eventId: string) => `${provider}\u0000${eventId}`

/**
 * Port: every verified card-provider event, recorded under (provider, eventId) before it is acted on, so a
 * redelivered event is recognised and changes nothing. The reconcile use case reads it (provider payments
 * without an order, flagged payments, amounts).
 */
export class ProviderEventLog extends Context.Service<
  ProviderEventLog,
  {
    /** Records a new event as `received`; false when (provider, eventId) was already recorded. */
    readonly record: (event: ProviderPaymentEvent, receivedAt: number) => Effect.Effect<boolean>
    readonly get: (
      provider: PaymentProvider,
      eventId: string,
    ) => Effect.Effect<Option.Option<ProviderEventEntry>>
    /** Writes what came of a recorded event. */
    readonly finish: (
      provider: PaymentProvider,
      eventId: string,
      outcome: Exclude<ProviderEventOutcome, "received">,
      detail: string | undefined,
      processedAt: number,
    ) => Effect.Effect<void>
    /** Entries in the order they were received. */
    readonly find: (filter: ProviderEventFilter) => Effect.Effect<ReadonlyArray<ProviderEventEntry>>
  }
>()("@landunits/core/orders/ports/ProviderEventLog") {
  static readonly layerMemory = Layer.sync(ProviderEventLog)(() => {
    const entries = new Map<string, ProviderEventEntry>()
    return ProviderEventLog.of({
      record: (event, receivedAt) =>
        Effect.sync(() => {
          const key = entryKey(event.provider, event.eventId)
          if (entries.has(key)) return false
          entries.set(key, { ...event, receivedAt, outcome: "received" })
          return true
        }),
      get: (provider, eventId) =>
        Effect.sync(() => Option.fromNullishOr(entries.get(entryKey(provider, eventId)))),
      finish: (provider, eventId, outcome, detail, processedAt) =>
        Effect.sync(() => {
          const key = entryKey(provider, eventId)
          const entry = entries.get(key)
          if (entry === undefined) return
          // The outcome replaces the previous one whole: no detail of an earlier outcome is kept.
          const { detail: _previous, ...rest } = entry
          entries.set(key, { ...rest, outcome, processedAt, ...(detail === undefined ? {} : { detail }) })
        }),
      find: (filter) => Effect.sync(() => [...entries.values()].filter((e) => matches(e, filter))),
    })
  })
}
