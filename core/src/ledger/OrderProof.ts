/**
 * Checks a member's inclusion proof (GET /api/ledger/proof/{orderId}, docs/ledger.md §12) with nothing but the
 * proof and the ledger's public key: each account the proof calls the member's is theirs (v2: its pseudonym opens
 * to their id with its blind), each transfer's hash recomputed from its fields and the hash before it
 * (TransferChain.ts), its leaf's audit path to the checkpoint's Merkle root (MerkleTree.ts), and the
 * checkpoint's Ed25519 signature (Checkpoint.ts). A v1 transfer whose key naming another member is withheld is
 * placed in the checkpoint but not recomputed (counted as `withheld`). The web's order page runs it in the browser
 * (loaded only when the member asks), the server's tests run it in Node: the same code.
 */
import { hexToBytes } from "@noble/hashes/utils.js"
import { checkpointSignatureValid, ledgerKeyId, publicKeyFromHex } from "./Checkpoint.ts"
import type {
  LedgerCheckpoint,
  LedgerPublicKey,
  OrderProof,
  ProofAccount,
  ProvenTransfer,
} from "./CheckpointModel.ts"
import { transferLeafHash, verifyInclusion } from "./MerkleTree.ts"
import {
  canonicalTransfer,
  chainHash,
  memberOfKey,
  pseudonymousKey,
  TRANSFER_ENCODING_V1,
  TransferEncodings,
} from "./TransferChain.ts"

export type OrderProofCheck =
  /** Every transfer's fields give its hash, and those in the checkpoint lead to its signed root. */
  | {
      readonly status: "verified"
      readonly checkpoint: LedgerCheckpoint
      /** How many transfers were proved in the checkpoint. */
      readonly verified: number
      /** How many are newer than it (their hashes checked, their place not yet signed). */
      readonly pending: number
      /** How many name another member by id in the old encoding (v1), withheld: placed, their hashes not recomputed. */
      readonly withheld: number
      readonly nextCheckpointBy?: number | undefined
    }
  /** Nothing of the order is in a checkpoint yet (their hashes checked, but for the withheld). */
  | {
      readonly status: "not-yet"
      readonly pending: number
      readonly withheld: number
      readonly nextCheckpointBy?: number | undefined
    }
  /** The order moved no Units. */
  | { readonly status: "empty" }
  /** The first check that failed, in words. */
  | { readonly status: "failed"; readonly failure: string }

const HEX = /^[0-9a-f]*$/
const hexBytes = (hex: string) => (hex.length % 2 === 0 && HEX.test(hex) ? hexToBytes(hex) : undefined)

/**
 * The published key (GET /api/ledger/public-key) that `proof`'s checkpoint names: the current key, or one of the
 * installation's earlier keys (a checkpoint signed before a rotation). A key named by neither answers the current
 * key, against which the proof then fails, naming both.
 */
export const publishedKeyFor = (proof: OrderProof, published: LedgerPublicKey): string =>
  [published, ...published.earlier].find((k) => k.keyId === proof.checkpoint?.keyId)?.publicKey ??
  published.publicKey

/** An account in words: "your owned", "another member's pendingSell", "the platform's issuance". */
const accountWords = (a: ProofAccount) =>
  a.whose === "you"
    ? `your ${a.bucket}`
    : a.whose === "another member"
      ? `another member's ${a.bucket}`
      : `the platform's ${a.name}`

/**
 * Whether `key` (as the transfer's encoding holds it; undefined when withheld) is the account the proof says: the
 * failure in words, or undefined. The member's own key must be theirs (v2: its pseudonym opened by the blind
 * given); another member's key is withheld only in v1, and in v2 holds a pseudonym, never an id.
 */
const accountMismatch = (
  t: ProvenTransfer,
  side: "from" | "to",
  key: string | undefined,
): string | undefined => {
  const account = t[side]
  const v1 = t.encoding === TRANSFER_ENCODING_V1
  const said = `its ${side} account, ${accountWords(account)},`
  switch (account.whose) {
    case "the platform":
      return key === `platform:${account.name}`
        ? undefined
        : `${said} is not the key it gives (${key ?? "none"}).`
    case "another member": {
      if (key === undefined)
        return v1 ? undefined : `${said} has no key, which only an old (v1) transfer may withhold.`
      const member = memberOfKey(key)
      if (member === undefined || member.bucket !== account.bucket)
        return `${said} is not the key it gives (${key}).`
      return v1 || /^[0-9a-f]{64}$/.test(member.memberId)
        ? undefined
        : `${said} is not named by a pseudonym (${key}).`
    }
    case "you": {
      const stored = `member:${account.memberId}:${account.bucket}`
      const expected = v1
        ? stored
        : account.blind === undefined || !/^[0-9a-f]{64}$/.test(account.blind)
          ? undefined
          : pseudonymousKey(stored, account.blind)
      return key !== undefined && key === expected
        ? undefined
        : `${said} is not shown to be yours: ${v1 ? "its key does not name you" : "its pseudonym does not open to your id with the blind given"}.`
    }
  }
}

/** What `proof` proves under `publicKey` (32 raw bytes, or 64 hex digits): the first failure, or what was verified. */
export const verifyOrderProof = (proof: OrderProof, publicKey: Uint8Array | string): OrderProofCheck => {
  const failed = (failure: string): OrderProofCheck => ({ status: "failed", failure })
  if (proof.transfers.length === 0) return { status: "empty" }
  let withheld = 0
  for (const t of proof.transfers) {
    if (t.orderId !== proof.orderId) {
      return failed(`Transfer ${t.transferId} belongs to order ${t.orderId}, not to order ${proof.orderId}.`)
    }
    if (!(TransferEncodings as ReadonlyArray<string>).includes(t.encoding)) {
      return failed(
        `Transfer ${t.transferId}: its encoding ${String(t.encoding)} is not one this check knows.`,
      )
    }
    if (t.from === undefined || t.to === undefined) {
      return failed(`Transfer ${t.transferId}: the proof does not say whose its accounts are.`)
    }
    const mismatch = accountMismatch(t, "from", t.fromKey) ?? accountMismatch(t, "to", t.toKey)
    if (mismatch !== undefined) return failed(`Transfer ${t.transferId}: ${mismatch}`)
    if (t.fromKey === undefined || t.toKey === undefined) {
      withheld += 1
      continue
    }
    let recomputed: string
    try {
      recomputed = chainHash(
        t.prevHash,
        canonicalTransfer(t.encoding, { ...t, fromKey: t.fromKey, toKey: t.toKey }),
      )
    } catch {
      return failed(`Transfer ${t.transferId}: its previous hash is not a hash.`)
    }
    if (recomputed !== t.hash) {
      return failed(
        `Transfer ${t.transferId}: its fields do not give its hash (${t.units} Units of ${t.unitType} from ${accountWords(t.from)} to ${accountWords(t.to)}): it is not the transfer the ledger recorded.`,
      )
    }
  }
  const placed = proof.transfers.filter((t) => t.leafIndex !== undefined)
  const pending = proof.transfers.length - placed.length
  if (placed.length === 0) {
    return { status: "not-yet", pending, withheld, nextCheckpointBy: proof.nextCheckpointBy }
  }
  const checkpoint = proof.checkpoint
  if (checkpoint === null) return failed("The proof places transfers in a checkpoint but gives none.")
  const key = typeof publicKey === "string" ? publicKeyFromHex(publicKey) : publicKey
  if (key === undefined || key.length !== 32) return failed("The ledger's public key is not an Ed25519 key.")
  const keyId = ledgerKeyId(key)
  if (checkpoint.keyId !== keyId) {
    return failed(
      `Checkpoint #${checkpoint.number} names the signing key ${checkpoint.keyId}, not Landunits' ledger key ${keyId}.`,
    )
  }
  if (!checkpointSignatureValid(checkpoint, key)) {
    return failed(
      `Checkpoint #${checkpoint.number}'s signature does not verify with Landunits' ledger key ${keyId}: the checkpoint was changed, or Landunits did not sign it.`,
    )
  }
  const root = hexBytes(checkpoint.merkleRoot)
  if (root === undefined || root.length !== 32)
    return failed(`Checkpoint #${checkpoint.number} has no Merkle root.`)
  for (const t of placed) {
    const path = (t.auditPath ?? []).map(hexBytes)
    const ok =
      path.every((p) => p !== undefined) &&
      verifyInclusion(
        t.leafIndex!,
        checkpoint.treeSize,
        transferLeafHash(t.hash),
        path as Array<Uint8Array>,
        root,
      )
    if (!ok) {
      return failed(
        `Transfer ${t.transferId}: its audit path does not lead to checkpoint #${checkpoint.number}'s Merkle root: it is not leaf ${t.leafIndex} of the ledger that checkpoint signed.`,
      )
    }
  }
  return {
    status: "verified",
    checkpoint,
    verified: placed.length,
    pending,
    withheld,
    nextCheckpointBy: proof.nextCheckpointBy,
  }
}
