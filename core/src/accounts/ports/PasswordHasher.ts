import { Context, Effect, Layer } from "effect"

/**
 * Port: a memory-hard password hash (scrypt in the adapters). `hash` encodes its parameters and salt in
 * the answer; `verify` compares in constant time.
 */
export class PasswordHasher extends Context.Service<
  PasswordHasher,
  {
    readonly hash: (password: string) => Effect.Effect<string>
    readonly verify: (password: string, encoded: string) => Effect.Effect<boolean>
  }
>()("@landunits/core/accounts/ports/PasswordHasher") {
  /**
   * FOR TESTS ONLY: reversible and fast, so core's tests run in milliseconds. It is named so it cannot be
   * mistaken for a real hasher; the app uses adapters/src/security/PasswordHasherScrypt.ts.
   */
  static readonly layerInsecureForTests = Layer.succeed(PasswordHasher)({
    hash: (password) => Effect.succeed(`plain-for-tests$${password}`),
    verify: (password, encoded) => Effect.succeed(encoded === `plain-for-tests$${password}`),
  })
}
