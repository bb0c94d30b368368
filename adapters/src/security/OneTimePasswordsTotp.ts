/**
 * OneTimePasswords with `otpauth` (RFC 4226/6238, tested against the RFCs' vectors): SHA-1, 6 digits, 30-second
 * steps, what every authenticator app reads; one step of drift either side is accepted (a phone's clock a
 * little off), and the step found is answered so that core refuses a code used before.
 */
import { OneTimePasswords } from "@landunits/core/secondfactor/ports/OneTimePasswords.ts"
import { Effect, Layer } from "effect"
import * as OTPAuth from "otpauth"

const PERIOD = 30

const totpOf = (secret: string, account = "", issuer = "") =>
  new OTPAuth.TOTP({
    issuer,
    label: account,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  })

export const OneTimePasswordsTotp = Layer.succeed(OneTimePasswords)(
  OneTimePasswords.of({
    newSecret: Effect.sync(() => new OTPAuth.Secret({ size: 20 }).base32),
    verify: ({ secret, code, now }) =>
      Effect.sync(() => {
        const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 })
        return delta === null ? undefined : Math.floor(now / 1000 / PERIOD) + delta
      }),
    uri: ({ secret, account, issuer }) => totpOf(secret, account, issuer).toString(),
  }),
)
