/**
 * Signed ledger checkpoints (issue 21, docs/ledger.md §10): at one instant, how many transfers the ledger held
 * (the Merkle tree's size), the Merkle root over them (MerkleTree.ts), and each hash chain's length and head
 * (every unit type's, and the audit log's), signed with the platform's Ed25519 ledger key. A member or an
 * auditor who keeps a checkpoint can later prove that the history it covers was not changed.
 *
 * The signed bytes are the UTF-8 of one line of text, fields joined by "|":
 *
 *   landunits-checkpoint-v1|number|at|treeSize|merkleRoot|keyId|chain:length:head|chain:length:head|…
 *
 * number from 1; at in epoch milliseconds (UTC); treeSize in transfers; merkleRoot and heads as 64 lower-case hex
 * digits; keyId as below; one `chain:length:head` per chain that has rows, sorted by chain name (code units:
 * LAND_AUD, LAND_EUR, LAND_POUND, LAND_USD, audit). The signature is Ed25519 (RFC 8032) over those bytes, written
 * as 128 hex digits. No field can hold "|" or ":" (numbers, hex, unit types, "audit").
 *
 * Pure and dependency-light (no Effect), so the browser's verifier loads it on its own.
 */
import { ed25519 } from "@noble/curves/ed25519.js"
import { sha256 } from "@noble/hashes/sha2.js"
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js"
import { LIABILITY_BUCKETS, type LiabilityTotals } from "./LiabilitiesTree.ts"

export const CHECKPOINT_ENCODING = "landunits-checkpoint-v1"

/** The encoding of a checkpoint that states the liabilities trees' roots and totals (issue 42). */
export const CHECKPOINT_ENCODING_V2 = "landunits-checkpoint-v2"

/** One unit type's liabilities tree as a checkpoint states it (LiabilitiesTree.ts). */
export interface CheckpointLiabilitiesFields {
  readonly unitType: string
  /** The root hash, 64 hex digits. */
  readonly root: string
  /** The root's sums: every member's balances of the unit type, bucket by bucket. */
  readonly totals: LiabilityTotals
}

/** The signature algorithm, as GET /api/ledger/public-key names it. */
export const CHECKPOINT_ALGORITHM = "Ed25519"

/** One hash chain at the checkpoint's instant. */
export interface CheckpointChainFields {
  readonly chain: string
  readonly length: number
  readonly head: string
}

/** What a checkpoint states: the signed fields. */
export interface CheckpointFields {
  readonly number: number
  readonly at: number
  readonly treeSize: number
  readonly merkleRoot: string
  readonly chains: ReadonlyArray<CheckpointChainFields>
  readonly keyId: string
  /** v2: each unit type's liabilities root and totals, sorted by unit type; absent in v1 checkpoints. */
  readonly liabilities?: ReadonlyArray<CheckpointLiabilitiesFields> | undefined
}

export interface SignedCheckpointFields extends CheckpointFields {
  readonly signature: string
}

/** Chains in their encoding's order: by name, code unit by code unit. */
export const sortChains = <C extends CheckpointChainFields>(chains: ReadonlyArray<C>): Array<C> =>
  [...chains].sort((a, b) => (a.chain < b.chain ? -1 : a.chain > b.chain ? 1 : 0))

/** Liabilities in their encoding's order: by unit type, code unit by code unit. */
export const sortLiabilities = <L extends CheckpointLiabilitiesFields>(
  liabilities: ReadonlyArray<L>,
): Array<L> =>
  [...liabilities].sort((a, b) => (a.unitType < b.unitType ? -1 : a.unitType > b.unitType ? 1 : 0))

/**
 * The text a checkpoint's signature covers. v1 as above; v2 (a checkpoint with `liabilities`) names
 * landunits-checkpoint-v2 first and adds, after the chains, one `liabilities:unitType:root:owned,owned_DOUBLE_LAND,
 * pendingBuy,pendingSell,convertLocked` per unit type, sorted by unit type.
 */
export const canonicalCheckpoint = (c: CheckpointFields): string =>
  [
    c.liabilities === undefined ? CHECKPOINT_ENCODING : CHECKPOINT_ENCODING_V2,
    String(c.number),
    String(c.at),
    String(c.treeSize),
    c.merkleRoot,
    c.keyId,
    ...sortChains(c.chains).map((ch) => `${ch.chain}:${ch.length}:${ch.head}`),
    ...sortLiabilities(c.liabilities ?? []).map(
      (l) => `liabilities:${l.unitType}:${l.root}:${LIABILITY_BUCKETS.map((b) => l.totals[b]).join(",")}`,
    ),
  ].join("|")

/** A key's id: the first 16 hex digits of SHA-256 of its 32 raw public-key bytes. */
export const ledgerKeyId = (publicKey: Uint8Array): string => bytesToHex(sha256(publicKey)).slice(0, 16)

/** The public key of a 32-byte Ed25519 seed (the private key as RFC 8032 writes it). */
export const ed25519PublicKey = (seed: Uint8Array): Uint8Array => ed25519.getPublicKey(seed)

/** Ed25519 signature of `message` with the 32-byte seed, as 128 hex digits. */
export const signCheckpointText = (seed: Uint8Array, text: string): string =>
  bytesToHex(ed25519.sign(utf8ToBytes(text), seed))

/** DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410): SEQUENCE { AlgorithmIdentifier 1.3.101.112, BIT STRING }. */
const SPKI_ED25519_PREFIX = hexToBytes("302a300506032b6570032100")

const base64 = (bytes: Uint8Array): string => {
  let binary = ""
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary)
}

/** The public key as a PEM "PUBLIC KEY" (SPKI, RFC 8410): what node:crypto, openssl and most libraries read. */
export const ed25519PublicKeyPem = (publicKey: Uint8Array): string => {
  const der = new Uint8Array(SPKI_ED25519_PREFIX.length + publicKey.length)
  der.set(SPKI_ED25519_PREFIX, 0)
  der.set(publicKey, SPKI_ED25519_PREFIX.length)
  return `-----BEGIN PUBLIC KEY-----\n${base64(der)}\n-----END PUBLIC KEY-----\n`
}

const SIGNATURE_HEX = /^[0-9a-f]{128}$/
const KEY_HEX = /^[0-9a-f]{64}$/

/** Whether the checkpoint's signature is the key's over its canonical text (RFC 8032 verification). */
export const checkpointSignatureValid = (c: SignedCheckpointFields, publicKey: Uint8Array): boolean => {
  if (!SIGNATURE_HEX.test(c.signature) || publicKey.length !== 32) return false
  try {
    return ed25519.verify(hexToBytes(c.signature), utf8ToBytes(canonicalCheckpoint(c)), publicKey, {
      zip215: false,
    })
  } catch {
    return false
  }
}

/** A public key written as 64 hex digits, as bytes (undefined when it is not one). */
export const publicKeyFromHex = (hex: string): Uint8Array | undefined =>
  KEY_HEX.test(hex) ? hexToBytes(hex) : undefined
