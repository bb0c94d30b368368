/**
 * The "Is my balance counted?" panel's words for what core's proof-of-liabilities check found
 * (lib/verifyLiabilities.ts): what was proved per unit type, that it is not a proof of reserves, a member with no
 * Units, no checkpoint yet, and a failed check.
 */
import type { LedgerCheckpoint } from "@landunits/core/ledger/CheckpointModel.ts"
import { describe, expect, it } from "vitest"
import { liabilitiesOutcome } from "../src/lib/verifyLiabilities.ts"

const zero = { owned: 0, owned_DOUBLE_LAND: 0, pendingBuy: 0, pendingSell: 0, convertLocked: 0 }
const checkpoint: LedgerCheckpoint = {
  number: 4,
  at: Date.UTC(2026, 10, 30, 2, 0),
  treeSize: 50,
  merkleRoot: "ab".repeat(32),
  chains: [],
  keyId: "0123456789abcdef",
  liabilities: [
    { unitType: "LAND_EUR", root: "ef".repeat(32), totals: { ...zero, owned: 2_000, pendingBuy: 5 } },
  ],
  signature: "cd".repeat(64),
}

describe("the proof of liabilities panel's words", () => {
  it("a verified proof names the checkpoint and key, each unit type's Units inside the signed total, and says it is not a proof of reserves", () => {
    const outcome = liabilitiesOutcome(
      {
        status: "verified",
        checkpoint,
        leaves: [
          {
            unitType: "LAND_EUR",
            balances: { ...zero, owned: 1_200, pendingBuy: 1 },
            totals: checkpoint.liabilities![0]!.totals,
          },
        ],
      },
      "note",
    )
    expect(outcome.ok).toBe(true)
    expect(outcome.sentence).toBe(
      "Your balances are counted in what Landunits owes its members, as of checkpoint #4 of Nov 30, 2026, 2:00 AM UTC, signed by Landunits' ledger key 0123456789abcdef.",
    )
    expect(outcome.details[0]).toBe(
      "Unit (€): your 1,201 Units (owned 1,200, LU2X 0, pending buy 1, pending sell 0, convert-locked 0) are inside the signed total of 2,005 Units owed to all members.",
    )
    expect(outcome.details).toContain(
      "This is not a proof of reserves: the land and the money are outside the ledger.",
    )
  })

  it("a member with no Units is told none of the totals counts them", () => {
    const outcome = liabilitiesOutcome({ status: "verified", checkpoint, leaves: [] }, "note")
    expect(outcome.sentence).toMatch(/^You held no Units at checkpoint #4 of .* UTC, so none of the totals/)
  })

  it("before a checkpoint with liabilities, the server's note; a failed check names the failure", () => {
    expect(liabilitiesOutcome({ status: "not-yet" }, "No checkpoint yet.")).toEqual({
      ok: true,
      sentence: "No checkpoint yet.",
      details: [],
    })
    const failed = liabilitiesOutcome({ status: "failed", failure: "Your LAND_EUR balances: the root." }, "")
    expect(failed.ok).toBe(false)
    expect(failed.sentence).toBe(
      "The check failed. Your LAND_EUR balances: the root. Please contact support.",
    )
  })
})
