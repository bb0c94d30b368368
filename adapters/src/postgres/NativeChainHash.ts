/**
 * Core's `chainHash` (TransferChain.ts) computed with Node's native SHA-256: the same hash for every input, at a
 * fifth of the pure-JavaScript cost, for the one place that hashes on every order command (the PostgreSQL
 * store's append, under the unit type's lock: each link, and each v2 member pseudonym). Core keeps its portable
 * one: the browser checks proofs with it, and `ledger verify` recomputes with it, so what verifies a chain never
 * depends on this module. And the blinds of v2's member pseudonyms: 32 bytes from the operating system's CSPRNG.
 */
import { hash, randomBytes } from "node:crypto"
import type { ChainHasher } from "@landunits/core/ledger/TransferChain.ts"

const HEX = /^[0-9a-f]{64}$/

export const nativeChainHash: ChainHasher = (previous, canonical) => {
  if (!HEX.test(previous)) throw new Error(`Not a chain hash: ${previous}`)
  return hash("sha256", Buffer.concat([Buffer.from(previous, "hex"), Buffer.from(canonical, "utf8")]), "hex")
}

/**
 * Blinds drawn from the CSPRNG 256 at a time: a call of `randomBytes` costs about as much as fifty blinds taken from
 * the pool (measured on this host), and a buy takes one under its unit type's lock.
 */
const POOL_BYTES = 32 * 256
let pool = Buffer.alloc(0)
let taken = 0

/** A fresh blind for a member account of a new transfer (v2): 32 random bytes, hex, never given twice. */
export const newBlind = (): string => {
  if (taken + 32 > pool.length) {
    pool = randomBytes(POOL_BYTES)
    taken = 0
  }
  const blind = pool.toString("hex", taken, taken + 32)
  taken += 32
  return blind
}
