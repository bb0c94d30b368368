import { Context, Effect, Layer, Ref } from "effect"

/**
 * Port: where new identifiers come from. Production uses random UUIDs (adapters); tests use the
 * sequential layer so that ids are predictable.
 *
 * Time is not a port of ours: core reads Effect's own `Clock` (`Clock.currentTimeMillis`), and tests
 * drive it with `TestClock`.
 */
export class IdGenerator extends Context.Service<
  IdGenerator,
  {
    /** A new unique id, with an optional readable prefix ("ord", "pay", …). */
    readonly next: (prefix: string) => Effect.Effect<string>
  }
>()("@landunits/core/shared/ports/IdGenerator") {
  /** Random UUIDs from the platform's crypto (available in Node and browsers; no I/O). */
  static readonly layerRandom = Layer.succeed(IdGenerator)({
    next: (prefix) => Effect.sync(() => `${prefix}_${globalThis.crypto.randomUUID().replaceAll("-", "")}`),
  })

  /** Deterministic ids `prefix_000001`, `prefix_000002`, … for tests. */
  static readonly layerSequential = Layer.effect(IdGenerator)(
    Effect.gen(function* () {
      const counter = yield* Ref.make(0)
      return IdGenerator.of({
        next: (prefix) =>
          Ref.updateAndGet(counter, (n) => n + 1).pipe(
            Effect.map((n) => `${prefix}_${String(n).padStart(6, "0")}`),
          ),
      })
    }),
  )
}
