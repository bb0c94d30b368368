/** The code an authenticator app shows for `secret` (base32) at `at`, as the tests' members type it: 6 digits, 30 s. */
import * as OTPAuth from "otpauth"

export const totpCode = (secret: string, at = Date.now()): string =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  })
