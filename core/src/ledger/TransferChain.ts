/**
 * Hash chains over the ledger and the admin audit log (issue 21, docs/ledger.md "Hash chains"). Every ledger
 * transfer has a place in the chain of its unit type, and every audit entry a place in the audit log's chain:
 *
 *   hash(n) = SHA-256( bytes of hash(n-1) ‖ UTF-8 bytes of the entry's canonical encoding )
 *
 * with hash(0), the genesis, 32 zero bytes; hashes are written as 64 lower-case hex digits. The canonical
 * encoding is the fields below joined by "|" (no field contains one: ids, keys and codes are generated), so a
 * few lines of any language recompute a chain from the rows. The ledger's stores extend the transfer chains with
 * `extendChains` as they append (on PostgreSQL from the head read under the unit type's lock, migration 2713; the
 * audit log's chain in a database trigger, migration 2709); `verifyChains` (ChainVerifier.ts) recomputes them.
 */
import { sha256 } from "@noble/hashes/sha2.js"
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js"
import type { ChainHead } from "./ChainVerifier.ts"

/** The hash before the first entry of every chain. */
export const CHAIN_GENESIS = "0".repeat(64)

/** The audit log's chain; every other chain is a unit type's. */
export const AUDIT_CHAIN = "audit"

/** The first field of every encoding: which encoding it is, so a later one can differ. */
export const TRANSFER_ENCODING = "landunits-transfer-v1"
export const AUDIT_ENCODING = "landunits-audit-v1"

/** A ledger transfer as its row stores it (accounts by their keys: core's accountKey). */
export interface TransferFields {
  readonly transferId: string
  readonly orderId: string
  readonly unitType: string
  readonly fromKey: string
  readonly toKey: string
  readonly units: number
  readonly at: number
}

/** An audit entry as its row stores it; `details` is the JSON text the database gives for it (jsonb's text form). */
export interface AuditFields {
  readonly actor: string
  readonly action: string
  readonly subject: string
  readonly details: string
  readonly at: number
}

export const canonicalTransfer = (t: TransferFields): string =>
  [
    TRANSFER_ENCODING,
    t.transferId,
    t.orderId,
    t.unitType,
    t.fromKey,
    t.toKey,
    String(t.units),
    String(t.at),
  ].join("|")

export const canonicalAudit = (e: AuditFields): string =>
  [AUDIT_ENCODING, e.actor, e.action, e.subject, String(e.at), e.details].join("|")

const HEX = /^[0-9a-f]{64}$/

/** The next hash of a chain: SHA-256 of the previous hash's bytes followed by the entry's encoding. */
export const chainHash = (previous: string, canonical: string): string => {
  if (!HEX.test(previous)) throw new Error(`Not a chain hash: ${previous}`)
  const before = hexToBytes(previous)
  const entry = utf8ToBytes(canonical)
  const bytes = new Uint8Array(before.length + entry.length)
  bytes.set(before, 0)
  bytes.set(entry, before.length)
  return bytesToHex(sha256(bytes))
}

/**
 * What computes a chain's next hash: `chainHash`, or one equal to it for every input (the PostgreSQL store's
 * append uses the runtime's native SHA-256, tested equal: NativeChainHash.ts in adapters).
 */
export type ChainHasher = (previous: string, canonical: string) => string

/** An entry's place in its chain: its index (the first entry's is 1), the hash before it, and its own hash. */
export interface ChainLink {
  readonly chainIndex: number
  readonly prevHash: string
  readonly hash: string
}

/**
 * Appends a batch of transfers to their unit types' chains, in the batch's order: each transfer's link, and each
 * chain's head after the batch. `heads` holds the heads before it; a chain missing there starts at the genesis.
 */
export const extendChains = (
  heads: ReadonlyMap<string, ChainHead>,
  batch: ReadonlyArray<TransferFields>,
  hash: ChainHasher = chainHash,
): { readonly links: ReadonlyArray<ChainLink>; readonly heads: ReadonlyMap<string, ChainHead> } => {
  const after = new Map(heads)
  const links = batch.map((t): ChainLink => {
    const before = after.get(t.unitType) ?? { length: 0, head: CHAIN_GENESIS }
    const next = hash(before.head, canonicalTransfer(t))
    after.set(t.unitType, { length: before.length + 1, head: next })
    return { chainIndex: before.length + 1, prevHash: before.head, hash: next }
  })
  return { links, heads: after }
}
