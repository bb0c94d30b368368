/**
 * Checks a member's proof of liabilities (GET /api/ledger/liabilities/proof, docs/ledger/13-proof-of-liabilities.md)
 * with nothing but the proof and the ledger's public key: for each unit type, the member's leaf recomputed from
 * their id, salt and balances, every parent up the path (hashes and sums, no sum negative) to the root the
 * checkpoint states, the root's sums equal to the checkpoint's totals, and the checkpoint's Ed25519 signature by
 * the published key it names. The web's Verify panel runs it in the browser; the server's tests run it in Node.
 */
import { checkpointSignatureValid, ledgerKeyId, publicKeyFromHex } from "./Checkpoint.ts"
import type { LedgerCheckpoint, LedgerPublicKey, LiabilitiesProof, LiabilitySums } from "./CheckpointModel.ts"
import { memberCommitment, sumsOf, verifyLiabilityProof } from "./LiabilitiesTree.ts"

export interface LiabilityLeafChecked {
  readonly unitType: string
  readonly balances: LiabilitySums
  /** What the checkpoint states the platform owes all members in this unit type. */
  readonly totals: LiabilitySums
}

export type LiabilitiesProofCheck =
  | {
      readonly status: "verified"
      readonly checkpoint: LedgerCheckpoint
      readonly leaves: ReadonlyArray<LiabilityLeafChecked>
    }
  /** No checkpoint with liabilities trees has been signed yet. */
  | { readonly status: "not-yet" }
  /** The first check that failed, in words. */
  | { readonly status: "failed"; readonly failure: string }

/** The published key (current or earlier) that the proof's checkpoint names; the current one when none does. */
export const publishedKeyForLiabilities = (proof: LiabilitiesProof, published: LedgerPublicKey): string =>
  [published, ...published.earlier].find((k) => k.keyId === proof.checkpoint?.keyId)?.publicKey ??
  published.publicKey

export const verifyLiabilitiesProof = (
  proof: LiabilitiesProof,
  publicKeyHex: string,
): LiabilitiesProofCheck => {
  const fail = (failure: string): LiabilitiesProofCheck => ({ status: "failed", failure })
  const c = proof.checkpoint
  if (c === null || c.liabilities === undefined) return { status: "not-yet" }
  const key = publicKeyFromHex(publicKeyHex)
  if (key === undefined) return fail("The published ledger key is not an Ed25519 public key.")
  if (ledgerKeyId(key) !== c.keyId) {
    return fail(`The checkpoint names key ${c.keyId}, not the published key ${ledgerKeyId(key)}.`)
  }
  if (!checkpointSignatureValid(c, key)) {
    return fail(`Checkpoint #${c.number}'s signature does not verify with the published key ${c.keyId}.`)
  }
  if (proof.salt === undefined) return fail("The proof gives no salt for your leaves.")
  const commitment = memberCommitment(proof.salt, proof.memberId)
  if (proof.commitment !== undefined && proof.commitment !== commitment) {
    return fail("Your id and salt do not give the commitment the proof states.")
  }
  const leaves: Array<LiabilityLeafChecked> = []
  for (const leaf of proof.leaves) {
    const stated = c.liabilities.find((l) => l.unitType === leaf.unitType)
    if (stated === undefined) return fail(`The checkpoint states no ${leaf.unitType} liabilities.`)
    const checked = verifyLiabilityProof({
      unitType: leaf.unitType,
      memberId: proof.memberId,
      salt: proof.salt,
      sums: sumsOf(leaf.balances),
      path: leaf.path.map((s) => ({ side: s.side, hash: s.hash, sums: sumsOf(s.sums) })),
      root: { hash: stated.root, sums: sumsOf(stated.totals) },
    })
    if (!checked.valid) return fail(`Your ${leaf.unitType} balances: ${checked.reason}.`)
    leaves.push({ unitType: leaf.unitType, balances: leaf.balances, totals: stated.totals })
  }
  return { status: "verified", checkpoint: c, leaves }
}
