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
 *
 * Transfers have two encodings, each row naming its own: v1 (rows chained before migration 2890, or by a process
 * of the previous version during a rolling release) holds member accounts as `member:<memberId>:<bucket>`; v2
 * (every new transfer) as `member:<pseudonym>:<bucket>`, the pseudonym a hash of a blind kept in the row and the
 * member's id (`memberPseudonym`), so a member's inclusion proof shows another member's account without their id
 * and still lets them recompute the hash (docs/decisions/0050-ledger-proofs-name-other-members-by-pseudonym.md).
 */
import { sha256 } from "@noble/hashes/sha2.js"
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js"

/** A chain's length and the hash of its last entry. */
export interface ChainHead {
  readonly length: number
  readonly head: string
}

/** The hash before the first entry of every chain. */
export const CHAIN_GENESIS = "0".repeat(64)

/** The audit log's chain; every other chain is a unit type's. */
export const AUDIT_CHAIN = "audit"

/**
 * The first field of every encoding: which encoding it is, so a later one can differ. A transfer row keeps the
 * encoding it was chained with (`encoding`, migration 2890): v1 names member accounts by the member's id; v2 by a
 * pseudonym that commits to the id (below), so a member's proof can show another member's account without their id.
 */
export const TRANSFER_ENCODING_V1 = "landunits-transfer-v1" as const
export const TRANSFER_ENCODING_V2 = "landunits-transfer-v2" as const
export const TransferEncodings = [TRANSFER_ENCODING_V1, TRANSFER_ENCODING_V2] as const
export type TransferEncoding = (typeof TransferEncodings)[number]
/** The encoding new transfers are chained with. */
export const TRANSFER_ENCODING: TransferEncoding = TRANSFER_ENCODING_V2
export const AUDIT_ENCODING = "landunits-audit-v1"
/** The text a member pseudonym hashes after its blind (v2). */
export const MEMBER_PSEUDONYM_ENCODING = "landunits-member-v2"

/** A ledger transfer as its encoding holds it: its accounts by their keys (core's accountKey, or v2's pseudonymous keys). */
export interface TransferFields {
  readonly transferId: string
  readonly orderId: string
  readonly unitType: string
  readonly fromKey: string
  readonly toKey: string
  readonly units: number
  readonly at: number
}

/**
 * A ledger transfer as its row stores it: its accounts by their keys as core's accountKey writes them (the member's
 * id), the encoding it was chained with, and, in v2, each member account's blind (64 hex digits: 32 random bytes;
 * null for a platform account, and in v1).
 */
export interface StoredTransferFields extends TransferFields {
  readonly encoding: TransferEncoding
  readonly fromBlind: string | null
  readonly toBlind: string | null
}

/** An audit entry as its row stores it; `details` is the JSON text the database gives for it (jsonb's text form). */
export interface AuditFields {
  readonly actor: string
  readonly action: string
  readonly subject: string
  readonly details: string
  readonly at: number
}

/** The canonical encoding of a transfer whose fields are as `encoding` holds them (`encodedFields`). */
export const canonicalTransfer = (encoding: TransferEncoding, t: TransferFields): string =>
  [encoding, t.transferId, t.orderId, t.unitType, t.fromKey, t.toKey, String(t.units), String(t.at)].join("|")

export const canonicalAudit = (e: AuditFields): string =>
  [AUDIT_ENCODING, e.actor, e.action, e.subject, String(e.at), e.details].join("|")

/**
 * A transfer's encoding read back: which encoding, and its fields; undefined for text that is not one. Fields
 * cannot hold "|" (ids, keys and codes are generated), so the text splits into exactly eight.
 */
export const parseCanonicalTransfer = (
  text: string,
): { readonly encoding: TransferEncoding; readonly fields: TransferFields } | undefined => {
  const parts = text.split("|")
  if (parts.length !== 8) return undefined
  const [encoding, transferId, orderId, unitType, fromKey, toKey, units, at] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ]
  if (!(TransferEncodings as ReadonlyArray<string>).includes(encoding)) return undefined
  if (!/^(0|-?[1-9][0-9]*)$/.test(units) || !/^(0|-?[1-9][0-9]*)$/.test(at)) return undefined
  return {
    encoding: encoding as TransferEncoding,
    fields: { transferId, orderId, unitType, fromKey, toKey, units: Number(units), at: Number(at) },
  }
}

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
 * append uses the runtime's native SHA-256, tested equal: NativeChainHash.ts in adapters). It hashes v2's member
 * pseudonyms too (`memberPseudonym`).
 */
export type ChainHasher = (previous: string, canonical: string) => string

const MEMBER_KEY_PREFIX = "member:"

/** A member account's key split into the member's id and the bucket; undefined for a platform account's key. */
export const memberOfKey = (
  key: string,
): { readonly memberId: string; readonly bucket: string } | undefined => {
  if (!key.startsWith(MEMBER_KEY_PREFIX)) return undefined
  const bucketAt = key.lastIndexOf(":")
  if (bucketAt < MEMBER_KEY_PREFIX.length) return undefined
  return { memberId: key.slice(MEMBER_KEY_PREFIX.length, bucketAt), bucket: key.slice(bucketAt + 1) }
}

/**
 * A member's pseudonym in one account of one v2 transfer: SHA-256(bytes of the blind ‖ UTF-8 of
 * "landunits-member-v2|" + the member's id), 64 hex digits: `chainHash(blind, …)`, so SQL's `ledger_chain_link`
 * computes it too. Without the blind (32 random bytes) nobody can tell whose it is, or that two are the same
 * member's; with it, anyone can check that it is that member's and no other's.
 */
export const memberPseudonym = (memberId: string, blind: string, hash: ChainHasher = chainHash): string =>
  hash(blind, `${MEMBER_PSEUDONYM_ENCODING}|${memberId}`)

/**
 * An account key as v2 encodes it: a member's id replaced by their pseudonym under the account's blind
 * (`member:<pseudonym>:<bucket>`); a platform account's key as it is. A member key without a usable blind gives a
 * key no pseudonym has (`member:no-blind:<bucket>`), so its transfer's hash fails to recompute instead of the reader.
 */
export const pseudonymousKey = (key: string, blind: string | null, hash: ChainHasher = chainHash): string => {
  const member = memberOfKey(key)
  if (member === undefined) return key
  if (blind === null || !HEX.test(blind)) return `${MEMBER_KEY_PREFIX}no-blind:${member.bucket}`
  return `${MEMBER_KEY_PREFIX}${memberPseudonym(member.memberId, blind, hash)}:${member.bucket}`
}

/**
 * Why a stored transfer's fields make no encoding: a v2 member account whose blind is not 64 hex digits (whoever
 * wrote it could have hashed the stand-in key `pseudonymousKey` gives it, so the hash alone would not tell).
 */
export const malformedTransfer = (row: StoredTransferFields): string | undefined => {
  if (row.encoding === TRANSFER_ENCODING_V1) return undefined
  for (const [side, key, blind] of [
    ["from", row.fromKey, row.fromBlind],
    ["to", row.toKey, row.toBlind],
  ] as const) {
    if (memberOfKey(key) !== undefined && (blind === null || !HEX.test(blind))) {
      return `its ${side} account is a member's without a blind of 64 hex digits, which v2 needs`
    }
  }
  return undefined
}

/** A stored transfer's fields as its encoding holds them: v1's are the row's own; v2's have pseudonymous keys. */
export const encodedFields = (row: StoredTransferFields, hash: ChainHasher = chainHash): TransferFields =>
  row.encoding === TRANSFER_ENCODING_V1
    ? row
    : {
        transferId: row.transferId,
        orderId: row.orderId,
        unitType: row.unitType,
        fromKey: pseudonymousKey(row.fromKey, row.fromBlind, hash),
        toKey: pseudonymousKey(row.toKey, row.toBlind, hash),
        units: row.units,
        at: row.at,
      }

/** The canonical encoding of a stored transfer, in the encoding its row names. */
export const canonicalOfStored = (row: StoredTransferFields, hash: ChainHasher = chainHash): string =>
  canonicalTransfer(row.encoding, encodedFields(row, hash))

/**
 * A new transfer as it is chained: in the current encoding (v2), with a fresh blind for each member account from
 * `blind` (a store's source of 32 random bytes, hex), none for a platform account.
 */
export const chainedAsNew = (
  t: TransferFields,
  blind: (side: "from" | "to") => string,
): StoredTransferFields => ({
  ...t,
  encoding: TRANSFER_ENCODING,
  fromBlind: memberOfKey(t.fromKey) === undefined ? null : blind("from"),
  toBlind: memberOfKey(t.toKey) === undefined ? null : blind("to"),
})

/** An entry's place in its chain: its index (the first entry's is 1), the hash before it, and its own hash. */
export interface ChainLink {
  readonly chainIndex: number
  readonly prevHash: string
  readonly hash: string
}

/** A transfer's link, with the canonical encoding it hashed. */
export interface TransferLink extends ChainLink {
  readonly canonical: string
}

/**
 * Appends a batch of transfers to their unit types' chains, in the batch's order: each transfer's link (with the
 * encoding it hashed), and each
 * chain's head after the batch. `heads` holds the heads before it; a chain missing there starts at the genesis.
 */
export const extendChains = (
  heads: ReadonlyMap<string, ChainHead>,
  batch: ReadonlyArray<StoredTransferFields>,
  hash: ChainHasher = chainHash,
): { readonly links: ReadonlyArray<TransferLink>; readonly heads: ReadonlyMap<string, ChainHead> } => {
  const after = new Map(heads)
  const links = batch.map((t): TransferLink => {
    const before = after.get(t.unitType) ?? { length: 0, head: CHAIN_GENESIS }
    const canonical = canonicalOfStored(t, hash)
    const next = hash(before.head, canonical)
    after.set(t.unitType, { length: before.length + 1, head: next })
    return { chainIndex: before.length + 1, prevHash: before.head, hash: next, canonical }
  })
  return { links, heads: after }
}
