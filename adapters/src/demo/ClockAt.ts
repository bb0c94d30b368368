/**
 * Running an effect at another time: core reads the time from Effect's Clock only (docs/architecture.md), so
 * an effect given a Clock set to a past instant does its work as of that instant: its orders, ledger
 * transfers, ballots and status history carry that time. The demo history (DemoHistory.ts) runs each step so.
 *
 * The clock starts at `at` and runs on with the real clock from there, so several writes of one step keep
 * their order. Sleeping and monotonic time stay the real clock's: only the wall-clock reading moves.
 */
import { Clock, Effect } from "effect"

/** A Clock that reads `at` now and advances with the real clock. */
export const clockAt = (at: number): Effect.Effect<Clock.Clock> =>
  Clock.clockWith((real) => {
    const origin = real.currentTimeMillisUnsafe()
    const millis = () => at + (real.currentTimeMillisUnsafe() - origin)
    const nanos = () => BigInt(millis()) * 1_000_000n
    return Effect.succeed<Clock.Clock>({
      currentTimeMillisUnsafe: millis,
      currentTimeMillis: Effect.sync(millis),
      currentTimeNanosUnsafe: nanos,
      currentTimeNanos: Effect.sync(nanos),
      monotonicTimeNanosUnsafe: () => real.monotonicTimeNanosUnsafe(),
      monotonicTimeNanos: real.monotonicTimeNanos,
      sleep: (duration) => real.sleep(duration),
    })
  })

/** Runs `effect` as of the instant `at` (epoch milliseconds). */
export const runAt =
  (at: number) =>
  <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.flatMap(clockAt(at), (clock) => Effect.provideService(effect, Clock.Clock, clock))
