/**
 * One transfer of a member's inclusion proof (GET /api/ledger/proof/{orderId}, docs/ledger.md §12) as that member
 * may see it: the fields of its encoding, whose each account is, and its chain columns. Another member is never
 * named by their id: a v2 transfer holds their account by a pseudonym (TransferChain.ts, `memberPseudonym`), shown
 * as it is; a v1 transfer holds their id, so that key is withheld. The member's own accounts are shown as theirs,
 * with the blind that opens their pseudonym (v2), so they can check the key is theirs and recompute the hash.
 */
import type { ChainedTransfer } from "./ChainVerifier.ts"
import type { ProofAccount, ProvenTransfer } from "./CheckpointModel.ts"
import { CHAIN_GENESIS, encodedFields, memberOfKey, TRANSFER_ENCODING_V1 } from "./TransferChain.ts"

const PLATFORM_KEY_PREFIX = "platform:"

/** One account: whose it is, and its key as the encoding holds it, or undefined when that key names another member. */
const provenAccount = (
  memberId: string,
  row: ChainedTransfer,
  storedKey: string,
  encodedKey: string,
  blind: string | null,
): { readonly account: ProofAccount; readonly key: string | undefined } => {
  const member = memberOfKey(storedKey)
  if (member === undefined) {
    const name = storedKey.startsWith(PLATFORM_KEY_PREFIX)
      ? storedKey.slice(PLATFORM_KEY_PREFIX.length)
      : storedKey
    return { account: { whose: "the platform", name }, key: encodedKey }
  }
  if (member.memberId !== memberId) {
    return {
      account: { whose: "another member", bucket: member.bucket },
      key: row.encoding === TRANSFER_ENCODING_V1 ? undefined : encodedKey,
    }
  }
  return {
    account: {
      whose: "you",
      memberId,
      bucket: member.bucket,
      ...(row.encoding === TRANSFER_ENCODING_V1 || blind === null ? {} : { blind }),
    },
    key: encodedKey,
  }
}

/** `row` as `memberId`'s proof shows it, at its place in the checkpoint's tree when it has one. */
export const provenTransfer = (
  memberId: string,
  row: ChainedTransfer,
  place: { readonly leafIndex: number; readonly auditPath: ReadonlyArray<string> } | undefined,
): ProvenTransfer => {
  const encoded = encodedFields(row)
  const from = provenAccount(memberId, row, row.fromKey, encoded.fromKey, row.fromBlind)
  const to = provenAccount(memberId, row, row.toKey, encoded.toKey, row.toBlind)
  return {
    transferId: row.transferId,
    orderId: row.orderId,
    unitType: row.unitType,
    encoding: row.encoding,
    ...(from.key === undefined ? {} : { fromKey: from.key }),
    ...(to.key === undefined ? {} : { toKey: to.key }),
    from: from.account,
    to: to.account,
    units: row.units,
    at: row.at,
    chainIndex: row.chainIndex ?? 0,
    prevHash: row.prevHash ?? CHAIN_GENESIS,
    hash: row.hash ?? CHAIN_GENESIS,
    ...(place === undefined ? {} : { leafIndex: place.leafIndex, auditPath: place.auditPath }),
  }
}
