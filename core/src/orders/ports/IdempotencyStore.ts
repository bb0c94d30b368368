import { Clock, Context, Effect, Layer, Option, Schema } from "effect"
import { IdempotencyKey } from "../../shared/Ids.ts"

/**
 * A command's first result under its key. `scope` separates callers ("member:<id>", "admin", "system"),
 * so two members choosing the same key never meet. `response` is plain JSON data.
 */
export const IdempotencyRecord = Schema.Struct({
  scope: Schema.String,
  idempotencyKey: IdempotencyKey,
  /** SHA-256 (hex) of the command name and its request, canonical JSON. */
  requestHash: Schema.String,
  response: Schema.Unknown,
})
export type IdempotencyRecord = typeof IdempotencyRecord.Type

const recordKey = (scope: string, key: string) => `${scope}\u0000${key}`

/**
 * `save` found the key already taken: a concurrent command with the same scope and key saved first (the
 * locks of two commands may differ, so both can have found the key unused). The engine runs the command
 * again, which then answers the first result (or IdempotencyKeyReused). Never reaches a caller.
 */
export class IdempotencyKeyTaken extends Schema.TaggedError<IdempotencyKeyTaken>()("IdempotencyKeyTaken", {
  scope: Schema.String,
  idempotencyKey: IdempotencyKey,
}) {}

/**
 * Port: the idempotency keys already used, each with the hash of its request and its first result.
 * The adapter keeps (scope, idempotencyKey) unique and writes in the command's transaction; `save` of a
 * key already saved changes nothing and fails with IdempotencyKeyTaken.
 *
 * Each record is kept from the moment it was saved (the adapter's clock) until `deleteOlderThan` removes it
 * (the idempotency-retention job, IDEMPOTENCY_RETENTION_DAYS): `deleteOlderThan(cutoff, limit)` deletes at most
 * `limit` records saved before `cutoff` (epoch ms), the oldest first, and answers how many it deleted. One call is
 * one short statement (its own transaction when called outside one); a caller deletes everything due by calling it
 * again while it answers `limit`. A record saved at or after `cutoff` is never deleted.
 */
export class IdempotencyStore extends Context.Service<
  IdempotencyStore,
  {
    readonly find: (scope: string, key: IdempotencyKey) => Effect.Effect<Option.Option<IdempotencyRecord>>
    readonly save: (record: IdempotencyRecord) => Effect.Effect<void, IdempotencyKeyTaken>
    readonly deleteOlderThan: (cutoff: number, limit: number) => Effect.Effect<number>
  }
>()("@landunits/core/orders/ports/IdempotencyStore") {
  /** In memory, each record with the instant of Effect's Clock when it was saved (tests move it with TestClock). */
  static readonly layerMemory = Layer.effect(IdempotencyStore)(
    Effect.sync(() => {
      const records = new Map<string, { readonly record: IdempotencyRecord; readonly savedAt: number }>()
      return IdempotencyStore.of({
        find: (scope, key) =>
          Effect.sync(() => Option.fromNullishOr(records.get(recordKey(scope, key))?.record)),
        save: (record) =>
          Effect.gen(function* () {
            const key = recordKey(record.scope, record.idempotencyKey)
            if (records.has(key)) {
              return yield* new IdempotencyKeyTaken({
                scope: record.scope,
                idempotencyKey: record.idempotencyKey,
              })
            }
            records.set(key, { record, savedAt: yield* Clock.currentTimeMillis })
          }),
        deleteOlderThan: (cutoff, limit) =>
          Effect.sync(() => {
            const due = [...records]
              .filter(([, kept]) => kept.savedAt < cutoff)
              .toSorted(([, a], [, b]) => a.savedAt - b.savedAt)
              .slice(0, Math.max(0, limit))
            for (const [key] of due) records.delete(key)
            return due.length
          }),
      })
    }),
  )
}
