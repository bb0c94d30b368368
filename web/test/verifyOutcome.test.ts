/**
 * The Verify panel's words for what core's proof check found (lib/verifyOrder.ts): older transfers whose key names
 * another member by id are withheld from the proof (issue 37), and the panel says what was and was not checked.
 */
import type { LedgerCheckpoint } from "@landunits/core/ledger/CheckpointModel.ts"
import { describe, expect, it } from "vitest"
import { verifyOutcome } from "../src/lib/verifyOrder.ts"

const checkpoint: LedgerCheckpoint = {
  number: 3,
  at: Date.UTC(2026, 10, 29, 12, 0),
  treeSize: 1234,
  merkleRoot: "ab".repeat(32),
  chains: [],
  keyId: "0123456789abcdef",
  signature: "cd".repeat(64),
}

describe("the Verify panel's words", () => {
  it("a verified order: every transfer recomputed, other members by pseudonym; nothing said of withheld keys", () => {
    const outcome = verifyOutcome("ord_1", {
      status: "verified",
      checkpoint,
      verified: 2,
      pending: 0,
      withheld: 0,
    })
    expect(outcome.ok).toBe(true)
    expect(outcome.sentence).toBe(
      "These 2 transfers of your order are in the ledger, unchanged, as of checkpoint #3 of Nov 29, 2026, 12:00 PM UTC, signed by Landunits' ledger key 0123456789abcdef.",
    )
    expect(outcome.details).toHaveLength(3)
    expect(outcome.details[0]).toMatch(/another member's by a pseudonym that does not say who they are\.$/)
  })

  it("an older transfer naming another member by id: its place is checked, its fields are not, and the panel says so", () => {
    const outcome = verifyOutcome("ord_1", {
      status: "verified",
      checkpoint,
      verified: 3,
      pending: 0,
      withheld: 1,
    })
    expect(outcome.ok).toBe(true)
    expect(outcome.details).toContain(
      "One older transfer names another member by their account id, which is not shown to you: its place in the ledger is checked, its fields are not.",
    )
    const notYet = verifyOutcome("ord_1", { status: "not-yet", pending: 3, withheld: 2 })
    expect(notYet.details).toEqual([
      "Each transfer's fields give its recorded hash (1 checked).",
      "2 older transfers name another member by their account id, which is not shown to you: their fields are not checked.",
    ])
  })

  it("a failed check names what failed and the order to quote", () => {
    const outcome = verifyOutcome("ord_9", {
      status: "failed",
      failure: "Transfer trf_1: its fields do not give its hash.",
    })
    expect(outcome).toEqual({
      ok: false,
      sentence:
        "The check failed. Transfer trf_1: its fields do not give its hash. Please contact support and quote order ord_9.",
      details: [],
    })
  })
})
