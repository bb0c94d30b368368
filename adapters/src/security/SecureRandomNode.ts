/** SecureRandom from node:crypto: 256-bit URL-safe tokens and their SHA-256 in hex. */
import { createHash, randomBytes } from "node:crypto"
import { SecureRandom } from "@landunits/core/accounts/ports/SecureRandom.ts"
import { Effect, Layer } from "effect"

export const SecureRandomNode = Layer.succeed(SecureRandom)({
  token: Effect.sync(() => randomBytes(32).toString("base64url")),
  digest: (token) => Effect.sync(() => createHash("sha256").update(token, "utf8").digest("hex")),
})
