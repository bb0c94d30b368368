/**
 * Rotating LEDGER_SIGNING_KEY (issue 23, docs/security.md "Rotating keys"), against the real server and in the
 * browser: checkpoints signed under the first key; the server restarted with a new key and the old public key in
 * LEDGER_EARLIER_PUBLIC_KEYS; the public-key answer lists both; a checkpoint under the new key is signed at start;
 * the order page's Verify panel proves the order against it; and a proof a member kept from before the rotation
 * still verifies with the earlier key the server publishes.
 */
import type { LedgerPublicKey, OrderProof } from "@landunits/core/ledger/CheckpointModel.ts"
import { publishedKeyFor, verifyOrderProof } from "@landunits/core/ledger/OrderProof.ts"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./server.ts"
import { openContext, startServerAndBrowser, stopServerAndBrowser } from "./support/browser.ts"
import { DEMO, signIn } from "./support/members.ts"

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;({ server, browser } = await startServerAndBrowser())
})

afterAll(async () => {
  await stopServerAndBrowser(server, browser)
})

const NEW_SEED = Buffer.alloc(32, 77).toString("base64")

const getJson = async <A>(path: string): Promise<A> =>
  (await (await fetch(`${server.url}${path}`)).json()) as A
const latestCheckpoint = async () =>
  (
    await getJson<{ checkpoints: ReadonlyArray<{ number: number; keyId: string }> }>(
      "/api/ledger/checkpoints?limit=1",
    )
  ).checkpoints[0]

/** The demo member's first completed buy and its proof, read in a signed-in page. */
const demoProof = async () => {
  const { context, page } = await openContext(browser, 1280)
  await signIn(page, server, DEMO)
  const found = await page.evaluate(async () => {
    const list = (await (
      await fetch("/api/order/getTransactions?orderType=BUY&orderStatus=Completed")
    ).json()) as { transactions: ReadonlyArray<{ orderId: string }> }
    const orderId = list.transactions[0]?.orderId ?? ""
    return { orderId, proof: await (await fetch(`/api/ledger/proof/${orderId}`)).json() }
  })
  return { ...found, proof: found.proof as OrderProof, context, page }
}

describe("rotating the ledger signing key", () => {
  it("keeps every checkpoint verifiable: both keys published, a new checkpoint at once, the Verify panel on the new key", async () => {
    // Before: the installation's first key signs the checkpoints (the job signs one as it starts).
    await expect
      .poll(async () => (await latestCheckpoint())?.number ?? 0, { timeout: 60_000 })
      .toBeGreaterThan(0)
    const before = await getJson<LedgerPublicKey>("/api/ledger/public-key")
    expect(before.earlier).toEqual([])
    const kept = await demoProof()
    expect(kept.orderId).not.toBe("")
    expect(kept.proof.checkpoint?.keyId).toBe(before.keyId)
    await kept.context.close()

    // The operator's rotation: a new seed, the old key's public half published.
    server = await server.restart({
      LEDGER_SIGNING_KEY: NEW_SEED,
      LEDGER_EARLIER_PUBLIC_KEYS: before.publicKey,
    })
    const after = await getJson<LedgerPublicKey>("/api/ledger/public-key")
    expect(after.keyId).not.toBe(before.keyId)
    expect(after.earlier.map((k) => [k.keyId, k.publicKey])).toEqual([[before.keyId, before.publicKey]])
    await expect.poll(async () => (await latestCheckpoint())?.keyId, { timeout: 60_000 }).toBe(after.keyId)

    // The member's proof kept from before checks with the earlier key the server now publishes.
    expect(verifyOrderProof(kept.proof, publishedKeyFor(kept.proof, after))).toMatchObject({
      status: "verified",
    })

    // The order page proves the same order against the latest checkpoint, signed by the new key.
    const now = await demoProof()
    await now.page.goto(`${server.url}/dashboard/transaction/${kept.orderId}`)
    await now.page.getByRole("button", { name: "Verify", exact: true }).click()
    await expect
      .poll(() => now.page.locator(".verify-result__sentence").textContent(), { timeout: 30_000 })
      .toMatch(
        new RegExp(
          `^These \\d+ transfers of your order are in the ledger, unchanged, as of checkpoint #\\d+ of .*, signed by Landunits' ledger key ${after.keyId}\\.$`,
        ),
      )
    await now.context.close()
  })
})
