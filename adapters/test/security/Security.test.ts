import { PasswordHasher } from "@landunits/core/accounts/ports/PasswordHasher.ts"
import { SecureRandom } from "@landunits/core/accounts/ports/SecureRandom.ts"
import { Effect } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { layerScrypt, PasswordHasherScrypt } from "../../src/security/PasswordHasherScrypt.ts"
import { SecureRandomNode } from "../../src/security/SecureRandomNode.ts"

// Cheap parameters for the property (the format and the comparison are what is tested); the default
// parameters are tested once below.
const fast = layerScrypt({ logN: 10, r: 8, p: 1 })

describe("scrypt password hashing", () => {
  it("verifies the password it hashed and no other, with a fresh salt each time", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.string({ maxLength: 40 }),
        async (password, other) => {
          const result = await Effect.runPromise(
            Effect.gen(function* () {
              const hasher = yield* PasswordHasher
              const one = yield* hasher.hash(password)
              const two = yield* hasher.hash(password)
              return {
                distinct: one !== two,
                right: yield* hasher.verify(password, one),
                wrong: other === password ? false : yield* hasher.verify(other, one),
                plain: one.includes(password) && password.length > 6,
              }
            }).pipe(Effect.provide(fast)),
          )
          expect(result).toEqual({ distinct: true, right: true, wrong: false, plain: false })
        },
      ),
      { numRuns: 20 },
    )
  })

  it("uses the memory-hard defaults and rejects a malformed hash", async () => {
    const result = await Effect.runPromise(
      Effect.gen(function* () {
        const hasher = yield* PasswordHasher
        const encoded = yield* hasher.hash("secret1")
        return {
          encoded,
          ok: yield* hasher.verify("secret1", encoded),
          malformed: yield* hasher.verify("secret1", "md5$abc"),
        }
      }).pipe(Effect.provide(PasswordHasherScrypt)),
    )
    expect(result.encoded).toMatch(/^scrypt\$15\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(result.ok).toBe(true)
    expect(result.malformed).toBe(false)
  })
})

describe("secure random tokens", () => {
  it("are 256-bit URL-safe strings, distinct, stored as SHA-256 hex", async () => {
    const result = await Effect.runPromise(
      Effect.gen(function* () {
        const random = yield* SecureRandom
        const tokens = new Set<string>()
        for (let i = 0; i < 200; i++) tokens.add(yield* random.token)
        const one = [...tokens][0]!
        return { tokens, one, digest: yield* random.digest(one) }
      }).pipe(Effect.provide(SecureRandomNode)),
    )
    expect(result.tokens.size).toBe(200)
    expect(result.one).toMatch(/^[\w-]{43}$/)
    expect(result.digest).toMatch(/^[0-9a-f]{64}$/)
  })
})
