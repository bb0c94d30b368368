/**
 * The shapes of ledger checkpoints and members' inclusion proofs, as the API answers them and the stores keep
 * them (issue 21, docs/ledger.md §10–12). What each field means and how it is signed: Checkpoint.ts; how a
 * proof is checked: OrderProof.ts.
 */
import { Schema } from "effect"
import type { LiabilitiesHasher } from "./LiabilitiesTree.ts"
import type { MerkleFrontier } from "./MerkleTree.ts"
import { TransferEncodings } from "./TransferChain.ts"

const Hex64 = Schema.String.check(Schema.isPattern(/^[0-9a-f]{64}$/))

export const CheckpointChain = Schema.Struct({
  /** A unit type, or "audit". */
  chain: Schema.String,
  /** How many rows the chain held. */
  length: Schema.Int,
  /** Its last hash (64 hex digits). */
  head: Hex64,
})
export type CheckpointChain = typeof CheckpointChain.Type

/**
 * One bucket's sum in Units. Not checked for sign here: a proof's verifier (LiabilitiesProof.ts) refuses a
 * negative sum and says so, rather than failing to read the answer.
 */
const LiabilitySum = Schema.Int

/** A member's five balances of one unit type, or their totals over every member (LiabilitiesTree.ts). */
export const LiabilitySums = Schema.Struct({
  owned: LiabilitySum,
  owned_DOUBLE_LAND: LiabilitySum,
  pendingBuy: LiabilitySum,
  pendingSell: LiabilitySum,
  convertLocked: LiabilitySum,
})
export type LiabilitySums = typeof LiabilitySums.Type

/** One unit type's liabilities tree as a v2 checkpoint states it. */
export const CheckpointLiabilities = Schema.Struct({
  unitType: Schema.String,
  /** The root hash, 64 hex digits. */
  root: Hex64,
  /** The root's sums: what the platform owes its members in Units of this type, bucket by bucket. */
  totals: LiabilitySums,
})
export type CheckpointLiabilities = typeof CheckpointLiabilities.Type

/** A signed checkpoint: the fields of its canonical text, and the signature over it. */
export const LedgerCheckpoint = Schema.Struct({
  /** 1, 2, 3… in the order taken. */
  number: Schema.Int,
  /** When it was taken, epoch milliseconds (UTC). */
  at: Schema.Int,
  /** How many transfers the ledger held: the Merkle tree's leaves 0 … treeSize − 1. */
  treeSize: Schema.Int,
  /** The Merkle Tree Hash of those leaves (RFC 6962), 64 hex digits. */
  merkleRoot: Hex64,
  /** Every chain that had rows, by name. */
  chains: Schema.Array(CheckpointChain),
  /** The signing key's id (GET /api/ledger/public-key). */
  keyId: Schema.String,
  /**
   * v2 (landunits-checkpoint-v2): every unit type's proof-of-liabilities root and totals, by unit type; absent in a
   * checkpoint taken before them (v1).
   */
  liabilities: Schema.optionalKey(Schema.Array(CheckpointLiabilities)),
  /** Ed25519 over the canonical text, 128 hex digits. */
  signature: Schema.String,
})
export type LedgerCheckpoint = typeof LedgerCheckpoint.Type

/** A checkpoint as the store keeps it: with what the next one resumes from (not signed, not published). */
export interface StoredCheckpoint extends LedgerCheckpoint {
  /** The append position (`seq`) of the tree's last leaf; 0 for an empty tree. */
  readonly lastPosition: number
  /** The Merkle frontier at treeSize, so the next checkpoint reads only the transfers after it. */
  readonly frontier: MerkleFrontier
  /** The signing key's 32 raw bytes, hex: a checkpoint signed by an earlier key stays checkable. */
  readonly publicKey: string
  /**
   * v2: the checkpoint's random 32-byte salt key, hex, from which each member's salt is derived (decision 0072).
   * Never published: a member is given only their own salt.
   */
  readonly liabilitiesSaltKey?: string | undefined
}

/** GET /api/ledger/checkpoints: newest first, a page at a time. */
export const CheckpointPageQuery = Schema.Struct({
  /** Only checkpoints numbered below this (the previous page's last number). */
  before: Schema.optionalKey(
    Schema.Int.check(Schema.isGreaterThanOrEqualTo(1, { message: "before must be a whole number above 0" })),
  ),
  limit: Schema.optionalKey(
    Schema.Int.check(
      Schema.isBetween(
        { minimum: 1, maximum: 100 },
        { message: "limit must be a whole number from 1 to 100" },
      ),
    ),
  ),
})
export type CheckpointPageQuery = typeof CheckpointPageQuery.Type

export const CheckpointPage = Schema.Struct({
  checkpoints: Schema.Array(LedgerCheckpoint),
  /** The `before` of the next page; absent on the last. */
  nextBefore: Schema.optionalKey(Schema.Int),
})
export type CheckpointPage = typeof CheckpointPage.Type

/** An earlier key of this installation (before LEDGER_SIGNING_KEY was rotated): older checkpoints name it. */
export const LedgerEarlierKey = Schema.Struct({
  keyId: Schema.String,
  /** The 32 raw bytes, 64 hex digits. */
  publicKey: Hex64,
  publicKeyPem: Schema.String,
})
export type LedgerEarlierKey = typeof LedgerEarlierKey.Type

/** GET /api/ledger/public-key. */
export const LedgerPublicKey = Schema.Struct({
  algorithm: Schema.Literal("Ed25519"),
  /** The key that signs new checkpoints. */
  keyId: Schema.String,
  /** The 32 raw bytes, 64 hex digits. */
  publicKey: Hex64,
  /** The same key as a PEM "PUBLIC KEY" (SubjectPublicKeyInfo, RFC 8410). */
  publicKeyPem: Schema.String,
  /**
   * The installation's earlier keys (LEDGER_EARLIER_PUBLIC_KEYS, docs/security.md "Rotating keys"), newest rotation
   * first: a checkpoint signed before a rotation names one of them. Empty when the key was never rotated.
   */
  earlier: Schema.Array(LedgerEarlierKey),
})
export type LedgerPublicKey = typeof LedgerPublicKey.Type

/**
 * Whose an account of a proven transfer is, as the member reading the proof is told: theirs (with what shows that
 * its key is theirs), another member's (only its bucket: never their id), or the platform's.
 */
export const ProofAccount = Schema.Union([
  Schema.Struct({
    whose: Schema.Literal("you"),
    /** The member's own id: in v1 the key holds it; in v2 the key's pseudonym opens to it with `blind`. */
    memberId: Schema.String,
    bucket: Schema.String,
    /** v2: the account's blind (64 hex digits): SHA-256(blind bytes ‖ "landunits-member-v2|" + memberId) is the pseudonym. */
    blind: Schema.optionalKey(Hex64),
  }),
  Schema.Struct({ whose: Schema.Literal("another member"), bucket: Schema.String }),
  Schema.Struct({ whose: Schema.Literal("the platform"), name: Schema.String }),
])
export type ProofAccount = typeof ProofAccount.Type

/**
 * One of the order's transfers: every field of its canonical encoding (docs/ledger.md §9, the encoding named by
 * `encoding`), whose each account is, its chain columns, and its place in the tree. In v2 another member's account
 * is a pseudonym; in v1 (transfers chained before pseudonyms) it is their id, so the proof withholds that key
 * (`fromKey` or `toKey` absent): the transfer's place in the checkpoint is still proved, its hash cannot be
 * recomputed from the proof.
 */
export const ProvenTransfer = Schema.Struct({
  transferId: Schema.String,
  orderId: Schema.String,
  unitType: Schema.String,
  /** The encoding's first field. */
  encoding: Schema.Literals(TransferEncodings),
  /** The account as the encoding holds it; absent when it is another member's id (v1), withheld. */
  fromKey: Schema.optionalKey(Schema.String),
  toKey: Schema.optionalKey(Schema.String),
  from: ProofAccount,
  to: ProofAccount,
  units: Schema.Int,
  at: Schema.Int,
  chainIndex: Schema.Int,
  prevHash: Hex64,
  hash: Hex64,
  /** Its leaf in the checkpoint's tree; absent when it is newer than the checkpoint. */
  leafIndex: Schema.optionalKey(Schema.Int),
  /** Its audit path to the checkpoint's root, from its sibling up (RFC 6962); with leafIndex. */
  auditPath: Schema.optionalKey(Schema.Array(Hex64)),
})
export type ProvenTransfer = typeof ProvenTransfer.Type

/** GET /api/ledger/proof/{orderId}. */
export const OrderProof = Schema.Struct({
  orderId: Schema.String,
  /** The latest checkpoint, signed; null before the first is taken. */
  checkpoint: Schema.NullOr(LedgerCheckpoint),
  transfers: Schema.Array(ProvenTransfer),
  /** How many of the transfers are newer than the checkpoint (in none yet). */
  pending: Schema.Int,
  /** When pending: the time by which the next checkpoint is due, epoch milliseconds. */
  nextCheckpointBy: Schema.optionalKey(Schema.Int),
  /** What the proof covers, in words. */
  note: Schema.String,
})
export type OrderProof = typeof OrderProof.Type

/** One step of a member's liabilities path: the sibling met, on which side, with its hash and sums. */
export const LiabilityPathStep = Schema.Struct({
  side: Schema.Literals(["left", "right"]),
  hash: Hex64,
  sums: LiabilitySums,
})
export type LiabilityPathStep = typeof LiabilityPathStep.Type

/** The member's leaf in one unit type's liabilities tree, and its path to that tree's root. */
export const LiabilityLeafProof = Schema.Struct({
  unitType: Schema.String,
  /** The member's five balances of this unit type at the checkpoint. */
  balances: LiabilitySums,
  /** From the leaf's sibling up to the root. */
  path: Schema.Array(LiabilityPathStep),
})
export type LiabilityLeafProof = typeof LiabilityLeafProof.Type

/** GET /api/ledger/liabilities/proof: the member's leaves in the latest checkpoint's liabilities trees. */
export const LiabilitiesProof = Schema.Struct({
  /** The latest checkpoint, signed; null before the first is taken. */
  checkpoint: Schema.NullOr(LedgerCheckpoint),
  /** The member's own id: with the salt it gives their commitment. */
  memberId: Schema.String,
  /** The member's salt at that checkpoint (64 hex digits); absent when the checkpoint has no liabilities trees. */
  salt: Schema.optionalKey(Hex64),
  /** SHA-256("landunits-liabilities-member-v1|" + salt + "|" + memberId): what keys their leaves. */
  commitment: Schema.optionalKey(Hex64),
  /** One per unit type the member ever held, in unit type order. */
  leaves: Schema.Array(LiabilityLeafProof),
  /** What the proof covers, in words. */
  note: Schema.String,
})
export type LiabilitiesProof = typeof LiabilitiesProof.Type

/** The published fields of a stored checkpoint. */
export const publicCheckpoint = (c: StoredCheckpoint): LedgerCheckpoint => ({
  number: c.number,
  at: c.at,
  treeSize: c.treeSize,
  merkleRoot: c.merkleRoot,
  chains: c.chains,
  keyId: c.keyId,
  ...(c.liabilities === undefined ? {} : { liabilities: c.liabilities }),
  signature: c.signature,
})

/** How the checkpoint service is set up (LedgerCheckpointService.layer). */
export interface CheckpointSettings {
  /** How often the job looks: a transfer is in a checkpoint at most this long after it is appended. */
  readonly everyMs: number
  /**
   * The public keys (32 bytes, 64 hex digits) of this installation's earlier signing keys, published beside the
   * current one so that checkpoints signed before a rotation stay verifiable (LEDGER_EARLIER_PUBLIC_KEYS). One that
   * is not an Ed25519 public key, or is the current key, is left out.
   */
  readonly earlierPublicKeys?: ReadonlyArray<string>
  /** The liabilities trees' hashes (core's portable ones unless the server passes Node's native ones). */
  readonly liabilitiesHasher?: LiabilitiesHasher
}

export interface CheckpointTaken {
  readonly checkpoint: LedgerCheckpoint
  /** False when another process took this number first (its checkpoint is the one answered). */
  readonly taken: boolean
}
