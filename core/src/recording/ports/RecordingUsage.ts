import { Context, Effect, Layer } from "effect"
import type { RecordingDayUsage } from "../../limits/Limits.ts"

export interface RecordingUsageKey {
  /** The day (UTC), as Limits.ts's recordingDayOf counts it. */
  readonly day: number
  /** The client's address, as the HTTP adapter reads it. */
  readonly address: string
}

export interface RecordingUsageCharge extends RecordingUsageKey {
  /** Bytes stored (compressed), added to the address's and to the installation's. */
  readonly bytes: number
  /** Whether the batch started a new recording (counted against the address). */
  readonly started: boolean
}

/**
 * Port: what session recording has stored per day, per client address and for the whole installation (the
 * PostgreSQL adapter keeps it in the database, so every app process counts the same). `read` answers a day's
 * usage for an address; `charge` adds a stored batch to the address's and the installation's counts in one step;
 * `forgetBefore` drops the days before `day` and answers how many counts it dropped.
 */
export class RecordingUsage extends Context.Service<
  RecordingUsage,
  {
    readonly read: (key: RecordingUsageKey) => Effect.Effect<RecordingDayUsage>
    readonly charge: (charge: RecordingUsageCharge) => Effect.Effect<void>
    readonly forgetBefore: (day: number) => Effect.Effect<number>
  }
>()("@landunits/core/recording/ports/RecordingUsage") {
  /** In memory: the reference for the PostgreSQL adapter's contract tests. */
  static readonly layerMemory = Layer.sync(RecordingUsage)(() => {
    interface Count {
      bytes: number
      started: number
    }
    // day → scope ("address:<address>" or "installation") → count
    const days = new Map<number, Map<string, Count>>()
    const count = (day: number, scope: string): Count => {
      const scopes = days.get(day) ?? new Map<string, Count>()
      days.set(day, scopes)
      const found = scopes.get(scope) ?? { bytes: 0, started: 0 }
      scopes.set(scope, found)
      return found
    }
    const peek = (day: number, scope: string): Count => days.get(day)?.get(scope) ?? { bytes: 0, started: 0 }
    return RecordingUsage.of({
      read: ({ day, address }) =>
        Effect.sync(() => ({
          addressBytes: peek(day, `address:${address}`).bytes,
          addressStarted: peek(day, `address:${address}`).started,
          installationBytes: peek(day, "installation").bytes,
        })),
      charge: ({ day, address, bytes, started }) =>
        Effect.sync(() => {
          const own = count(day, `address:${address}`)
          own.bytes += bytes
          own.started += started ? 1 : 0
          const all = count(day, "installation")
          all.bytes += bytes
          all.started += started ? 1 : 0
        }),
      forgetBefore: (day) =>
        Effect.sync(() => {
          let dropped = 0
          for (const [d, scopes] of days) {
            if (d < day) {
              dropped += scopes.size
              days.delete(d)
            }
          }
          return dropped
        }),
    })
  })
}
