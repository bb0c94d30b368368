/** The contract every RecordingUsage adapter passes: run on memory here, on PostgreSQL by the adapters' tests. */

import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import { RecordingUsage } from "../../src/recording/ports/RecordingUsage.ts"

export const recordingUsageContract = (name: string, makeLayer: () => Layer.Layer<RecordingUsage>) =>
  describe(`RecordingUsage contract (${name})`, () => {
    const fresh = <A, E>(effect: Effect.Effect<A, E, RecordingUsage>) => Effect.provide(effect, makeLayer())

    it.live("a day nobody recorded in reads zero", () =>
      Effect.gen(function* () {
        const usage = yield* fresh(
          Effect.flatMap(RecordingUsage, (u) => u.read({ day: 20_000, address: "10.0.0.1" })),
        )
        expect(usage).toEqual({ addressBytes: 0, addressStarted: 0, installationBytes: 0 })
      }),
    )

    it.live(
      "counts bytes and starts per address and day, and bytes for the installation across addresses",
      () =>
        Effect.gen(function* () {
          const result = yield* fresh(
            Effect.gen(function* () {
              const usage = yield* RecordingUsage
              yield* usage.charge({ day: 1, address: "10.0.0.1", bytes: 100, started: true })
              yield* usage.charge({ day: 1, address: "10.0.0.1", bytes: 50, started: false })
              yield* usage.charge({ day: 1, address: "2001:db8::1", bytes: 7, started: true })
              yield* usage.charge({ day: 2, address: "10.0.0.1", bytes: 3_000_000_000, started: true })
              return {
                one: yield* usage.read({ day: 1, address: "10.0.0.1" }),
                two: yield* usage.read({ day: 1, address: "2001:db8::1" }),
                stranger: yield* usage.read({ day: 1, address: "10.0.0.9" }),
                nextDay: yield* usage.read({ day: 2, address: "10.0.0.1" }),
              }
            }),
          )
          expect(result.one).toEqual({ addressBytes: 150, addressStarted: 1, installationBytes: 157 })
          expect(result.two).toEqual({ addressBytes: 7, addressStarted: 1, installationBytes: 157 })
          expect(result.stranger).toEqual({ addressBytes: 0, addressStarted: 0, installationBytes: 157 })
          // Past 2^31: bytes are counted as 64-bit integers.
          expect(result.nextDay).toEqual({
            addressBytes: 3_000_000_000,
            addressStarted: 1,
            installationBytes: 3_000_000_000,
          })
        }),
    )

    it.live("forgets the days before a day, and only them", () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const usage = yield* RecordingUsage
            yield* usage.charge({ day: 1, address: "a", bytes: 1, started: true })
            yield* usage.charge({ day: 2, address: "a", bytes: 2, started: true })
            const dropped = yield* usage.forgetBefore(2)
            return {
              dropped,
              one: yield* usage.read({ day: 1, address: "a" }),
              two: yield* usage.read({ day: 2, address: "a" }),
            }
          }),
        )
        expect(result.dropped).toBe(2) // the address's count and the installation's, of day 1
        expect(result.one).toEqual({ addressBytes: 0, addressStarted: 0, installationBytes: 0 })
        expect(result.two).toEqual({ addressBytes: 2, addressStarted: 1, installationBytes: 2 })
      }),
    )
  })
