/**
 * fast-check's asynchronous property inside an `it.effect` test: every generated case runs as an Effect in the
 * test's own context (its TestClock and any services provided to the test), so a property needs no runner of
 * its own. The arbitraries, the number of runs and the shrinking stay fast-check's.
 */
import { Effect } from "effect"
import fc from "fast-check"

export const checkProperty = <Ts extends [unknown, ...Array<unknown>], E, R>(
  arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
  predicate: (...values: Ts) => Effect.Effect<unknown, E, R>,
  parameters?: fc.Parameters<Ts>,
): Effect.Effect<void, never, R> =>
  Effect.flatMap(Effect.context<R>(), (context) =>
    Effect.promise(() =>
      fc.assert(
        fc.asyncProperty<Ts>(...arbitraries, async (...values: Ts) => {
          await Effect.runPromiseWith(context)(predicate(...values))
        }),
        parameters,
      ),
    ),
  )
