import { Context, Effect, Layer, Ref } from "effect"

/** Port: unguessable tokens (session ids, email links) and their SHA-256 (what is stored). */
export class SecureRandom extends Context.Service<
  SecureRandom,
  {
    /** A URL-safe token of 256 random bits. */
    readonly token: Effect.Effect<string>
    /** Hex SHA-256 of a token. */
    readonly digest: (token: string) => Effect.Effect<string>
  }
>()("@landunits/core/accounts/ports/SecureRandom") {
  /** FOR TESTS ONLY: predictable tokens tok_1, tok_2, … and a marked (not cryptographic) digest. */
  static readonly layerPredictableForTests = Layer.effect(SecureRandom)(
    Effect.gen(function* () {
      const counter = yield* Ref.make(0)
      return SecureRandom.of({
        token: Ref.updateAndGet(counter, (n) => n + 1).pipe(Effect.map((n) => `tok_${n}`)),
        digest: (token) => Effect.succeed(`digest-for-tests(${token})`),
      })
    }),
  )
}
