/**
 * The statement page's "Is my balance counted?" check (issue 42, docs/ledger/13-proof-of-liabilities.md), loaded
 * only when the member asks (a dynamic import from VerifyPanel.tsx): fetches the member's proof of liabilities
 * (GET /api/ledger/liabilities/proof) and the ledger's public key, checks it in the browser with core's
 * verifyLiabilitiesProof (the code the server's tests run), and says in words what it proved, or what failed.
 */
import { formatDateTimeZoned, formatNumber0 } from "@landunits/core/format/Format.ts"
import type { LiabilitiesProof, LiabilitySums } from "@landunits/core/ledger/CheckpointModel.ts"
import {
  type LiabilitiesProofCheck,
  publishedKeyForLiabilities,
  verifyLiabilitiesProof,
} from "@landunits/core/ledger/LiabilitiesProof.ts"
import { type UnitType, UnitTypes, unitDisplayName } from "@landunits/core/shared/EnumValues.ts"
import { call } from "../api/client.ts"
import type { VerifyOutcome } from "./verifyOrder.ts"

/** A unit type as the member reads it everywhere ("Unit (€)"); a code the app does not know, as it is. */
const unitName = (unitType: string): string =>
  (UnitTypes as ReadonlyArray<string>).includes(unitType) ? unitDisplayName(unitType as UnitType) : unitType

const held = (s: LiabilitySums) =>
  s.owned + s.owned_DOUBLE_LAND + s.pendingBuy + s.pendingSell + s.convertLocked

const units = (n: number) => `${formatNumber0(n)} ${n === 1 ? "Unit" : "Units"}`

/** The words the panel shows for what the check found. */
export const liabilitiesOutcome = (check: LiabilitiesProofCheck, note: string): VerifyOutcome => {
  switch (check.status) {
    case "not-yet":
      return { ok: true, sentence: note, details: [] }
    case "failed":
      return {
        ok: false,
        sentence: `The check failed. ${check.failure} Please contact support.`,
        details: [],
      }
    case "verified": {
      const c = check.checkpoint
      const when = `checkpoint #${c.number} of ${formatDateTimeZoned(c.at)}`
      if (check.leaves.length === 0) {
        return {
          ok: true,
          sentence: `You held no Units at ${when}, so none of the totals Landunits signed counts you.`,
          details: [
            `The checkpoint's Ed25519 signature verifies with the ledger key ${c.keyId} (published at /api/ledger/public-key).`,
          ],
        }
      }
      return {
        ok: true,
        sentence: `Your balances are counted in what Landunits owes its members, as of ${when}, signed by Landunits' ledger key ${c.keyId}.`,
        details: [
          ...check.leaves.map(
            (l) =>
              `${unitName(l.unitType)}: your ${units(held(l.balances))} (owned ${formatNumber0(l.balances.owned)}, LU2X ${formatNumber0(l.balances.owned_DOUBLE_LAND)}, pending buy ${formatNumber0(l.balances.pendingBuy)}, pending sell ${formatNumber0(l.balances.pendingSell)}, convert-locked ${formatNumber0(l.balances.convertLocked)}) are inside the signed total of ${units(held(l.totals))} owed to all members.`,
          ),
          "Each step from your leaf to the root adds both sides' sums and hashes them with both sides' hashes, and no sum on the way is negative: no balance can be hidden or cancelled out on your path.",
          "Your leaf is keyed by a salted commitment: nobody else can tell it is yours, and you see no other member's id.",
          `The checkpoint's Ed25519 signature verifies with the ledger key ${c.keyId} (published at /api/ledger/public-key).`,
          "This is not a proof of reserves: the land and the money are outside the ledger.",
        ],
      }
    }
  }
}

export const verifyLiabilities = async (): Promise<VerifyOutcome> => {
  const [proof, key] = await Promise.all([
    call("GET", "/ledger/liabilities/proof") as Promise<LiabilitiesProof>,
    call("GET", "/ledger/public-key"),
  ])
  return liabilitiesOutcome(verifyLiabilitiesProof(proof, publishedKeyForLiabilities(proof, key)), proof.note)
}
