/** The contract of the attempt log (limits/ports/AttemptLog): run on memory here, on PostgreSQL by the adapters' tests. */

import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import { AttemptLog } from "../../src/limits/ports/AttemptLog.ts"

export const attemptLogContract = (name: string, makeLayer: () => Layer.Layer<AttemptLog>) =>
  describe(`AttemptLog contract (${name})`, () => {
    const fresh = <A>(effect: Effect.Effect<A, never, AttemptLog>) => Effect.provide(effect, makeLayer())

    it.live("answers what the window held before each attempt, per key, and forgets a cleared key", () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const log = yield* AttemptLog
            const hit = (key: string, now: number) => log.hit({ key, now, windowMs: 100 })
            const answers = [
              yield* hit("a", 0),
              yield* hit("a", 50),
              yield* hit("b", 60),
              yield* hit("a", 120),
            ]
            yield* log.clear("a")
            answers.push(yield* hit("a", 130))
            return answers
          }),
        )
        expect(result).toEqual([
          { count: 0, oldest: undefined, latest: undefined },
          { count: 1, oldest: 0, latest: 0 },
          { count: 0, oldest: undefined, latest: undefined },
          // At 120 the attempt at 0 has left the 100 ms window: only 50 remains before this one.
          { count: 1, oldest: 50, latest: 50 },
          { count: 0, oldest: undefined, latest: undefined },
        ])
      }),
    )

    it.live("records an attempt only below `recordBelow`, and `recent` only reads", () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const log = yield* AttemptLog
            const hit = (now: number) => log.hit({ key: "q", now, windowMs: 1_000, recordBelow: 2 })
            const counts = [
              (yield* hit(1)).count,
              (yield* hit(2)).count,
              (yield* hit(3)).count,
              (yield* hit(4)).count,
            ]
            const read = yield* log.recent({ key: "q", now: 5, windowMs: 1_000 })
            const readAgain = yield* log.recent({ key: "q", now: 6, windowMs: 1_000 })
            return { counts, read, readAgain }
          }),
        )
        expect(result.counts).toEqual([0, 1, 2, 2])
        expect(result.read).toEqual({ count: 2, oldest: 1, latest: 2 })
        expect(result.readAgain).toEqual(result.read)
      }),
    )
  })
