/**
 * PasswordHasher with scrypt (memory-hard, in node:crypto): N = 2^15, r = 8, p = 1 (32 MiB), a random
 * 16-byte salt per password, a 32-byte key. The encoded hash carries its parameters
 * (`scrypt$15$8$1$<salt>$<key>`, base64url), so they can be raised later without breaking old hashes.
 * Verification compares in constant time.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto"
import { PasswordHasher } from "@landunits/core/accounts/ports/PasswordHasher.ts"
import { Effect, Layer } from "effect"

export interface ScryptParameters {
  readonly logN: number
  readonly r: number
  readonly p: number
}

export const DEFAULT_SCRYPT: ScryptParameters = { logN: 15, r: 8, p: 1 }
const KEY_BYTES = 32

const derive = (password: string, salt: Buffer, { logN, r, p }: ScryptParameters) =>
  Effect.callback<Buffer, Error>((resume) => {
    scrypt(
      password.normalize("NFC"),
      salt,
      KEY_BYTES,
      { N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r },
      (error, key) => resume(error === null ? Effect.succeed(key) : Effect.fail(error)),
    )
  })

export const layerScrypt = (parameters: ScryptParameters = DEFAULT_SCRYPT) =>
  Layer.succeed(PasswordHasher)({
    hash: (password) =>
      Effect.gen(function* () {
        const salt = randomBytes(16)
        const key = yield* derive(password, salt, parameters)
        const { logN, r, p } = parameters
        return `scrypt$${logN}$${r}$${p}$${salt.toString("base64url")}$${key.toString("base64url")}`
      }).pipe(Effect.orDie),
    verify: (password, encoded) =>
      Effect.gen(function* () {
        const [scheme, logN, r, p, salt, key] = encoded.split("$")
        if (scheme !== "scrypt" || key === undefined || salt === undefined) return false
        const expected = Buffer.from(key, "base64url")
        const actual = yield* derive(password, Buffer.from(salt, "base64url"), {
          logN: Number(logN),
          r: Number(r),
          p: Number(p),
        })
        return actual.length === expected.length && timingSafeEqual(actual, expected)
      }).pipe(Effect.orDie),
  })

export const PasswordHasherScrypt = layerScrypt()
