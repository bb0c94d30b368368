/**
 * The ledger's public proofs over HTTP (docs/api.md, docs/ledger.md §10–12): the checkpoints and the public
 * key for anyone, cacheable; a member's inclusion proof of their own order, checked with core's verifier and
 * the key the API publishes; transfers newer than the latest checkpoint said to be so.
 */
import { createPublicKey } from "node:crypto"
import { LedgerCheckpointService } from "@landunits/core/ledger/LedgerCheckpointService.ts"
import { verifyLiabilitiesProof } from "@landunits/core/ledger/LiabilitiesProof.ts"
import { verifyOrderProof } from "@landunits/core/ledger/OrderProof.ts"
import { LedgerSigner } from "@landunits/core/ledger/ports/LedgerSigner.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { IdempotencyKey, OrderId } from "@landunits/core/shared/Ids.ts"
import { ADMIN } from "@landunits/core/test-support/OrderHarness.ts"
import { ConfigProvider, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { DEMO_EMAIL, seedDemo } from "../../src/demo/DemoSeed.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { apiMembers } from "../support/ApiMembers.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { json, useTestServer } from "../support/TestServer.ts"

// An installation that rotated its ledger key: the earlier key's public half is configured and published.
const EARLIER = LedgerSigner.fromSeed(Uint8Array.from({ length: 32 }, () => 42))
// As the environment would set it; given to the app's layer (effect's default config provider keeps the
// environment it first read, and test files share their worker's process).
const settings = ConfigProvider.layerAdd(
  ConfigProvider.fromUnknown({ LEDGER_EARLIER_PUBLIC_KEYS: EARLIER.publicKey }),
  { asPrimary: true },
)
const server = useTestServer(
  Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
    Layer.provideMerge(layerApp(pgliteTarget().layer)),
    Layer.provide(settings),
  ),
)
const { anonymous, newMember, signedIn } = apiMembers(server)

const take = () => server.run(Effect.flatMap(LedgerCheckpointService, (s) => s.take))

let keys = 0
const buy = async (client: Awaited<ReturnType<typeof newMember>>, units: number) => {
  const created = await client.post(
    "/api/order/create_order",
    {
      orderType: "BUY",
      confirmsBusinessPurpose: true,
      currencyUnit: { unitType: "LAND_USD", numberOfUnits: units },
      paymentDetails: { paymentMethod: "bank" },
    },
    { headers: { "idempotency-key": `ledger-api-buy-${++keys}` } },
  )
  expect(created.status).toBe(200)
  return (await json(created)).orderCreatedData.orderId as string
}

describe("the ledger's public checkpoints and key", () => {
  it("the public key is anyone's, in hex and as PEM that node:crypto reads, cacheable for an hour", async () => {
    const client = await anonymous()
    const answer = await client.get("/api/ledger/public-key")
    expect(answer.status).toBe(200)
    expect(answer.headers.get("cache-control")).toBe("public, max-age=3600")
    const key = await json(answer)
    expect(key.algorithm).toBe("Ed25519")
    const parsed = createPublicKey(key.publicKeyPem)
    expect(parsed.asymmetricKeyType).toBe("ed25519")
    expect(Buffer.from(parsed.export({ format: "jwk" }).x!, "base64url").toString("hex")).toBe(key.publicKey)
    // The earlier key (LEDGER_EARLIER_PUBLIC_KEYS), by its id, in hex and as PEM: older checkpoints name it.
    expect(key.earlier).toHaveLength(1)
    expect(key.earlier[0].keyId).toBe(EARLIER.keyId)
    expect(key.earlier[0].publicKey).toBe(EARLIER.publicKey)
    const earlierPem = createPublicKey(key.earlier[0].publicKeyPem)
    expect(Buffer.from(earlierPem.export({ format: "jwk" }).x!, "base64url").toString("hex")).toBe(
      EARLIER.publicKey,
    )
  })

  it("checkpoints are anyone's, newest first, a page at a time; older pages are cached longer", async () => {
    for (let i = 0; i < 3; i++) await take()
    const client = await anonymous()
    const first = await client.get("/api/ledger/checkpoints?limit=2")
    expect(first.status).toBe(200)
    expect(first.headers.get("cache-control")).toBe("public, max-age=60")
    const page = await json(first)
    expect(page.checkpoints).toHaveLength(2)
    expect(page.checkpoints[0].number).toBeGreaterThan(page.checkpoints[1].number)
    expect(page.checkpoints[0]).toEqual({
      number: expect.any(Number),
      at: expect.any(Number),
      treeSize: expect.any(Number),
      merkleRoot: expect.stringMatching(/^[0-9a-f]{64}$/),
      chains: expect.any(Array),
      keyId: expect.stringMatching(/^[0-9a-f]{16}$/),
      liabilities: expect.any(Array),
      signature: expect.stringMatching(/^[0-9a-f]{128}$/),
    })
    const older = await client.get(`/api/ledger/checkpoints?limit=2&before=${page.nextBefore}`)
    expect(older.headers.get("cache-control")).toBe("public, max-age=86400")
    expect((await json(older)).checkpoints[0].number).toBe(page.nextBefore - 1)
    const wrong = await client.get("/api/ledger/checkpoints?limit=0")
    expect(wrong.status).toBe(400)
    expect((await json(wrong)).message).toBe("limit must be a whole number from 1 to 100")
  })
})

describe("a member's inclusion proof", () => {
  it("needs a session", async () => {
    const client = await anonymous()
    expect((await client.get("/api/ledger/proof/ord_x")).status).toBe(401)
  })

  it("says a new order's transfers are newer than the latest checkpoint, then proves them once one is taken", async () => {
    const member = await newMember("proof-member@example.com")
    const orderId = await buy(member, 4)
    const before = await member.get(`/api/ledger/proof/${orderId}`)
    expect(before.status).toBe(200)
    expect(before.headers.get("cache-control")).toBe("no-store")
    const pending = await json(before)
    expect(pending.pending).toBe(1)
    expect(pending.note).toMatch(
      /^This order's transfer is newer than the latest checkpoint #\d+ of .* UTC: the next checkpoint, due by .* UTC, will include it\.$/,
    )

    await take()
    await server.run(
      Effect.flatMap(OrderService, (orders) =>
        orders.confirmPayment({
          idempotencyKey: IdempotencyKey.make(`ledger-api-confirm-${orderId}`),
          orderId: OrderId.make(orderId),
          actor: ADMIN,
        }),
      ),
    )
    const { checkpoint } = await take()
    const proof = await json(await member.get(`/api/ledger/proof/${orderId}`))
    expect(proof.checkpoint).toEqual(checkpoint)
    expect(proof.transfers).toHaveLength(2)
    expect(proof.pending).toBe(0)
    const key = await json(await (await anonymous()).get("/api/ledger/public-key"))
    expect(verifyOrderProof(proof, key.publicKey)).toMatchObject({
      status: "verified",
      verified: 2,
      pending: 0,
    })
  })
})

describe("another member in a proof (issue 37)", () => {
  const confirm = (orderId: string) =>
    server.run(
      Effect.flatMap(OrderService, (orders) =>
        orders.confirmPayment({
          idempotencyKey: IdempotencyKey.make(`ledger-api-confirm-${orderId}`),
          orderId: OrderId.make(orderId),
          actor: ADMIN,
        }),
      ),
    )
  const order = async (client: Awaited<ReturnType<typeof newMember>>, key: string, body: object) => {
    const placed = await client.post("/api/order/create_order", body, { headers: { "idempotency-key": key } })
    expect(placed.status).toBe(200)
    return (await json(placed)).orderCreatedData.orderId as string
  }
  const memberIdOf = (email: string) =>
    server.run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ member_id: string }>`SELECT member_id FROM accounts WHERE email = ${email}`
        return rows[0]!.member_id
      }),
    )

  it("is never named by their id: a buy filled from their sale and a transfer between them name them by pseudonym, and verify", async () => {
    // The demo member (KYC verified) owns 40, sells 30 (20 queued after the fee); a new member's buy of 15 is
    // filled from that sale, and the demo member sends her 5.
    const seller = await signedIn()
    await confirm(await buy(seller, 40))
    await order(seller, "pseudonym-sell", {
      orderType: "SELL",
      currencyUnit: { unitType: "LAND_USD", numberOfUnits: 30 },
    })
    const buyer = await newMember("pseudonym-buyer@example.com")
    const bought = await buy(buyer, 15)
    await confirm(bought)
    const sent = await order(seller, "pseudonym-transfer", {
      orderType: "TRANSFER",
      currencyUnit: { unitType: "LAND_USD", numberOfUnits: 5 },
      recipientEmail: "pseudonym-buyer@example.com",
    })
    await take()
    const key = (await json(await (await anonymous()).get("/api/ledger/public-key"))).publicKey
    const buyerId = await memberIdOf("pseudonym-buyer@example.com")
    const sellerId = await memberIdOf(DEMO_EMAIL)

    const bodyOf = async (client: typeof buyer, orderId: string) => {
      const answer = await client.get(`/api/ledger/proof/${orderId}`)
      expect(answer.status).toBe(200)
      return answer.text()
    }
    for (const [client, own, orderId] of [
      [buyer, buyerId, bought],
      [buyer, buyerId, sent],
      [seller, sellerId, sent],
    ] as const) {
      const body = await bodyOf(client, orderId)
      // No member id but the member's own, anywhere in the body.
      expect(new Set(body.match(/mem_[A-Za-z0-9_]+/g)), orderId).toEqual(new Set([own]))
      const proof = JSON.parse(body)
      const others = proof.transfers.flatMap(
        (t: { from: { whose: string }; to: { whose: string }; fromKey?: string; toKey?: string }) => [
          ...(t.from.whose === "another member" ? [t.fromKey] : []),
          ...(t.to.whose === "another member" ? [t.toKey] : []),
        ],
      )
      expect(others.length, orderId).toBe(1)
      expect(others[0]).toMatch(/^member:[0-9a-f]{64}:(pendingSell|owned)$/)
      expect(verifyOrderProof(proof, key), orderId).toMatchObject({ status: "verified", withheld: 0 })
    }
  })
})

describe("a member's proof of liabilities (issue 42)", () => {
  it("needs a session", async () => {
    const client = await anonymous()
    expect((await client.get("/api/ledger/liabilities/proof")).status).toBe(401)
  })

  it("gives the member their own leaves, salt and sibling sums, which verify against the signed checkpoint, and no other member's id", async () => {
    const member = await newMember("liabilities-member@example.com")
    const other = await newMember("liabilities-other@example.com")
    await buy(member, 9)
    await buy(other, 5)
    const { checkpoint } = await take()
    const answer = await member.get("/api/ledger/liabilities/proof")
    expect(answer.status).toBe(200)
    expect(answer.headers.get("cache-control")).toBe("no-store")
    const body = await answer.text()
    const proof = JSON.parse(body)
    expect(proof.checkpoint).toEqual(checkpoint)
    expect(proof.salt).toMatch(/^[0-9a-f]{64}$/)
    expect(new Set(body.match(/mem_[A-Za-z0-9_]+/g))).toEqual(new Set([proof.memberId]))
    expect(proof.leaves).toHaveLength(1)
    expect(proof.leaves[0]).toMatchObject({ unitType: "LAND_USD", balances: { pendingBuy: 9, owned: 0 } })
    const key = await json(await (await anonymous()).get("/api/ledger/public-key"))
    const check = verifyLiabilitiesProof(proof, key.publicKey)
    expect(check.status).toBe("verified")
    // The checkpoint's LAND_USD totals count both members' pending buys (and the demo's holdings).
    const usd = checkpoint.liabilities!.find((l) => l.unitType === "LAND_USD")!
    expect(usd.totals.pendingBuy).toBeGreaterThanOrEqual(14)
    const otherProof = await json(await other.get("/api/ledger/liabilities/proof"))
    expect(otherProof.salt).not.toBe(proof.salt)
    expect(JSON.stringify(otherProof)).not.toContain(proof.memberId)
    expect(verifyLiabilitiesProof(otherProof, key.publicKey).status).toBe("verified")
  })
})
