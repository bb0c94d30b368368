/**
 * A clock the test moves by hand, usable with Effect.runSync (TestClock's adjust is asynchronous).
 * Core reads time only through Effect's Clock, so providing this one controls every timestamp.
 */
import { Clock, Duration, Effect } from "effect"

export interface ManualClock extends Clock.Clock {
  readonly now: () => number
  readonly set: (millis: number) => void
  readonly advance: (millis: number) => void
}

export const ManualClock = {
  make: (start: number): ManualClock => {
    let now = start
    const clock: ManualClock = {
      now: () => now,
      set: (millis) => {
        now = millis
      },
      advance: (millis) => {
        now += millis
      },
      currentTimeMillisUnsafe: () => now,
      currentTimeMillis: Effect.sync(() => now),
      currentTimeNanosUnsafe: () => BigInt(now) * 1_000_000n,
      currentTimeNanos: Effect.sync(() => BigInt(now) * 1_000_000n),
      monotonicTimeNanosUnsafe: () => BigInt(now) * 1_000_000n,
      monotonicTimeNanos: Effect.sync(() => BigInt(now) * 1_000_000n),
      sleep: (duration) =>
        Effect.sync(() => {
          now += Duration.toMillis(duration)
        }),
    }
    return clock
  },
  provide:
    (clock: ManualClock) =>
    <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
      Effect.provideService(effect, Clock.Clock, clock),
}
