/**
 * Checks a member's inclusion proof (GET /api/ledger/proof/{orderId}, docs/ledger.md §12) with nothing but the
 * proof and the ledger's public key: each transfer's hash recomputed from its fields and the hash before it
 * (TransferChain.ts), its leaf's audit path to the checkpoint's Merkle root (MerkleTree.ts), and the
 * checkpoint's Ed25519 signature (Checkpoint.ts). The web's order page runs it in the browser (loaded only when
 * the member asks), the server's tests run it in Node: the same code.
 */
import { hexToBytes } from "@noble/hashes/utils.js"
import { checkpointSignatureValid, ledgerKeyId, publicKeyFromHex } from "./Checkpoint.ts"
import type { LedgerCheckpoint, LedgerPublicKey, OrderProof } from "./CheckpointModel.ts"
import { transferLeafHash, verifyInclusion } from "./MerkleTree.ts"
import { canonicalTransfer, chainHash } from "./TransferChain.ts"

export type OrderProofCheck =
  /** Every transfer's fields give its hash, and those in the checkpoint lead to its signed root. */
  | {
      readonly status: "verified"
      readonly checkpoint: LedgerCheckpoint
      /** How many transfers were proved in the checkpoint. */
      readonly verified: number
      /** How many are newer than it (their hashes checked, their place not yet signed). */
      readonly pending: number
      readonly nextCheckpointBy?: number | undefined
    }
  /** Nothing of the order is in a checkpoint yet (their hashes checked). */
  | { readonly status: "not-yet"; readonly pending: number; readonly nextCheckpointBy?: number | undefined }
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

/** What `proof` proves under `publicKey` (32 raw bytes, or 64 hex digits): the first failure, or what was verified. */
export const verifyOrderProof = (proof: OrderProof, publicKey: Uint8Array | string): OrderProofCheck => {
  const failed = (failure: string): OrderProofCheck => ({ status: "failed", failure })
  if (proof.transfers.length === 0) return { status: "empty" }
  for (const t of proof.transfers) {
    if (t.orderId !== proof.orderId) {
      return failed(`Transfer ${t.transferId} belongs to order ${t.orderId}, not to order ${proof.orderId}.`)
    }
    let recomputed: string
    try {
      recomputed = chainHash(t.prevHash, canonicalTransfer(t))
    } catch {
      return failed(`Transfer ${t.transferId}: its previous hash is not a hash.`)
    }
    if (recomputed !== t.hash) {
      return failed(
        `Transfer ${t.transferId}: its fields do not give its hash (${t.units} Units of ${t.unitType} from ${t.fromKey} to ${t.toKey}): it is not the transfer the ledger recorded.`,
      )
    }
  }
  const placed = proof.transfers.filter((t) => t.leafIndex !== undefined)
  const pending = proof.transfers.length - placed.length
  if (placed.length === 0) return { status: "not-yet", pending, nextCheckpointBy: proof.nextCheckpointBy }
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
    nextCheckpointBy: proof.nextCheckpointBy,
  }
}
