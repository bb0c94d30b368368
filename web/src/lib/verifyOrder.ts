/**
 * The order page's "Verify" check (issue 21), loaded only when the member asks for it (a dynamic import from
 * VerifyPanel.tsx), so the page's first JavaScript does not carry the Ed25519, SHA-256 and Merkle code: fetches
 * the order's inclusion proof (GET /api/ledger/proof/{orderId}) and the ledger's public key (GET
 * /api/ledger/public-key), and checks the proof in the browser with core's verifyOrderProof, the same code the
 * server's tests run. Answers what was verified, or what failed, in the words the panel shows.
 */
import { formatDateTimeZoned, formatNumber0 } from "@landunits/core/format/Format.ts"
import type { OrderProof } from "@landunits/core/ledger/CheckpointModel.ts"
import { type OrderProofCheck, publishedKeyFor, verifyOrderProof } from "@landunits/core/ledger/OrderProof.ts"
import { call } from "../api/client.ts"

export interface VerifyOutcome {
  readonly ok: boolean
  /** The sentence the panel shows. */
  readonly sentence: string
  /** What was checked, one line each (shown under the sentence). */
  readonly details: ReadonlyArray<string>
}

const transfersWord = (n: number) => (n === 1 ? "transfer" : "transfers")

const nextWords = (pending: number, nextBy: number | undefined) =>
  `${pending === 1 ? "it" : "them"}${nextBy === undefined ? "" : ` (due by ${formatDateTimeZoned(nextBy)})`}`

/**
 * Older transfers (chained before other members were named by pseudonym) that name another member by id: the
 * proof withholds that key, so their fields are not recomputed, only their place in the checkpoint.
 */
const withheldWords = (withheld: number, placed: boolean) => {
  if (withheld === 0) return []
  const its = withheld === 1 ? "its" : "their"
  return [
    `${withheld === 1 ? "One older transfer names" : `${withheld} older transfers name`} another member by their account id, which is not shown to you: ${placed ? `${its} place in the ledger is checked, ${its} fields are not.` : `${its} fields are not checked.`}`,
  ]
}

/** The words the panel shows for what the check of `orderId`'s proof found. */
export const verifyOutcome = (orderId: string, check: OrderProofCheck): VerifyOutcome => {
  switch (check.status) {
    case "empty":
      return {
        ok: true,
        sentence: "This order moved no Units: there is nothing in the ledger to verify.",
        details: [],
      }
    case "failed":
      return {
        ok: false,
        sentence: `The check failed. ${check.failure} Please contact support and quote order ${orderId}.`,
        details: [],
      }
    case "not-yet":
      return {
        ok: true,
        sentence: `${check.pending === 1 ? "Your order's transfer is" : `Your order's ${check.pending} transfers are`} newer than the latest ledger checkpoint, so it cannot prove ${check.pending === 1 ? "it" : "them"} yet: the next checkpoint will include ${nextWords(check.pending, check.nextCheckpointBy)}. Check again after that.`,
        details: [
          `Each transfer's fields give its recorded hash (${check.pending - check.withheld} checked).`,
          ...withheldWords(check.withheld, false),
        ],
      }
    case "verified": {
      const c = check.checkpoint
      const these = check.verified === 1 ? "This transfer" : `These ${check.verified} transfers`
      const sentence =
        `${these} of your order ${check.verified === 1 ? "is" : "are"} in the ledger, unchanged, as of checkpoint #${c.number} of ${formatDateTimeZoned(c.at)}, signed by Landunits' ledger key ${c.keyId}.` +
        (check.pending === 0
          ? ""
          : ` ${check.pending} more ${transfersWord(check.pending)} ${check.pending === 1 ? "is" : "are"} newer than that checkpoint: the next will include ${nextWords(check.pending, check.nextCheckpointBy)}.`)
      return {
        ok: true,
        sentence,
        details: [
          `Each transfer's fields (accounts, Units, time) give its recorded SHA-256 hash in its unit type's chain; your accounts are shown to be yours, and another member's by a pseudonym that does not say who they are.`,
          ...withheldWords(check.withheld, true),
          `Each transfer's audit path leads to the checkpoint's Merkle root over the ledger's first ${formatNumber0(c.treeSize)} transfers.`,
          `The checkpoint's Ed25519 signature verifies with the ledger key ${c.keyId} (published at /api/ledger/public-key).`,
        ],
      }
    }
  }
}

export const verifyOrder = async (orderId: string): Promise<VerifyOutcome> => {
  const [proof, key] = await Promise.all([
    call("GET", `/ledger/proof/${encodeURIComponent(orderId)}`) as Promise<OrderProof>,
    call("GET", "/ledger/public-key"),
  ])
  // The checkpoint names its key: the current one, or (signed before a rotation) an earlier one the answer publishes.
  return verifyOutcome(orderId, verifyOrderProof(proof, publishedKeyFor(proof, key)))
}
