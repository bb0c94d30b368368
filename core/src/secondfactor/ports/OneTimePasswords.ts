import { Context, Effect, Layer } from "effect"

/**
 * Port: TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps), implemented with an RFC-tested library by the
 * adapter. `verify` answers the time step the code belongs to (the current one or one step either side, for a
 * phone's clock a little off), or undefined for a wrong code; the caller refuses a step already used.
 */
export class OneTimePasswords extends Context.Service<
  OneTimePasswords,
  {
    /** A new random secret, base32 (160 bits). */
    readonly newSecret: Effect.Effect<string>
    readonly verify: (input: {
      readonly secret: string
      readonly code: string
      readonly now: number
    }) => Effect.Effect<number | undefined>
    /** The otpauth:// URI an authenticator app reads (from a QR code or a link). */
    readonly uri: (input: {
      readonly secret: string
      readonly account: string
      readonly issuer: string
    }) => string
  }
>()("@landunits/core/secondfactor/ports/OneTimePasswords") {
  /**
   * FOR TESTS ONLY: secret "SECRET<n>", and the code of step s is the last 6 digits of s + the secret's length
   * — predictable, so core's tests can compute a valid code; the real one is adapters/src/security/OneTimePasswordsTotp.ts.
   */
  static readonly layerPredictableForTests = Layer.sync(OneTimePasswords)(() => {
    let n = 0
    const codeAt = (secret: string, step: number) =>
      String((step + secret.length) % 1_000_000).padStart(6, "0")
    return OneTimePasswords.of({
      newSecret: Effect.sync(() => `SECRET${++n}`),
      verify: ({ secret, code, now }) =>
        Effect.sync(() => {
          const step = Math.floor(now / 30_000)
          return [step - 1, step, step + 1].find((s) => codeAt(secret, s) === code)
        }),
      uri: ({ secret, account, issuer }) =>
        `otpauth://totp/${encodeURIComponent(`${issuer}:${account}`)}?secret=${secret}&issuer=${issuer}`,
    })
  })

  /** The code the test layer accepts for `secret` at `now`. */
  static readonly testCode = (secret: string, now: number) =>
    String((Math.floor(now / 30_000) + secret.length) % 1_000_000).padStart(6, "0")
}
