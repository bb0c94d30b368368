/**
 * Issue 21's acceptance: "a proof checked by an independent verifier written in the test from docs/ledger.md
 * alone (not importing core)". The verifier below was written from docs/ledger.md §9–§12 and imports nothing of
 * Landunits (neither core nor adapters): node:crypto for SHA-256 and Ed25519, the proof and the public key over
 * HTTP from the app started as an operator starts it (`node cli/src/start.ts`, development, a fresh DATA_DIR:
 * the demo history is seeded and the checkpoint job signs checkpoint #1 as the app starts). It accepts the demo
 * member's proof and refuses it with any field, path node, root or signature changed; her proof of a transfer to
 * another member names that member by pseudonym only, and her own account opens to her id and no other.
 */
import { createHash, createPublicKey, verify as verifySignature } from "node:crypto"
import * as fs from "node:fs"
import { apiClient } from "@landunits/test-support/ApiClient.ts"
import { type AppProcess, startAppProcess } from "@landunits/test-support/AppProcess.ts"
import { migratedDataDir } from "@landunits/test-support/DatabaseTemplates.ts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

// ---- The verifier, from docs/ledger.md alone ------------------------------------------------------------

interface Checkpoint {
  number: number
  at: number
  treeSize: number
  merkleRoot: string
  chains: Array<{ chain: string; length: number; head: string }>
  keyId: string
  signature: string
}
type Account =
  | { whose: "you"; memberId: string; bucket: string; blind?: string }
  | { whose: "another member"; bucket: string }
  | { whose: "the platform"; name: string }
interface ProvenTransfer {
  transferId: string
  orderId: string
  unitType: string
  encoding: string
  fromKey?: string
  toKey?: string
  from: Account
  to: Account
  units: number
  at: number
  chainIndex: number
  prevHash: string
  hash: string
  leafIndex?: number
  auditPath?: Array<string>
}
interface Proof {
  orderId: string
  checkpoint: Checkpoint | null
  transfers: Array<ProvenTransfer>
  pending: number
}
interface PublicKey {
  algorithm: string
  keyId: string
  publicKey: string
  publicKeyPem: string
}

const sha256 = (...parts: Array<Buffer>) => createHash("sha256").update(Buffer.concat(parts)).digest()
const hex = (h: string) => Buffer.from(h, "hex")

/** §9: hash(n) = SHA-256(bytes(hash(n-1)) ‖ UTF-8(canonical(row n))), canonical fields joined by "|", the encoding first. */
const transferHash = (t: ProvenTransfer) =>
  sha256(
    hex(t.prevHash),
    Buffer.from(
      [
        t.encoding,
        t.transferId,
        t.orderId,
        t.unitType,
        t.fromKey,
        t.toKey,
        String(t.units),
        String(t.at),
      ].join("|"),
      "utf8",
    ),
  ).toString("hex")

/** §9: in v2 a member account is member:<SHA-256(blind ‖ "landunits-member-v2|" + id)>:<bucket>; in v1 the id itself. */
const yourKey = (t: ProvenTransfer, a: Extract<Account, { whose: "you" }>) =>
  t.encoding === "landunits-transfer-v1"
    ? `member:${a.memberId}:${a.bucket}`
    : `member:${sha256(hex(a.blind ?? ""), Buffer.from(`landunits-member-v2|${a.memberId}`, "utf8")).toString("hex")}:${a.bucket}`

/** §12 step 1: an account the proof calls yours is yours; another member's is a pseudonym (v2) or withheld (v1). */
const accountOk = (t: ProvenTransfer, a: Account, key: string | undefined) =>
  a.whose === "you"
    ? key === yourKey(t, a)
    : a.whose === "the platform"
      ? key === `platform:${a.name}`
      : key === undefined
        ? t.encoding === "landunits-transfer-v1"
        : new RegExp(`^member:[0-9a-f]{64}:${a.bucket}$`).test(key)

/** §11: leaf = SHA-256(0x00 ‖ 32 hash bytes), node = SHA-256(0x01 ‖ left ‖ right), the audit path walked up. */
const rootFromPath = (
  index: number,
  size: number,
  leaf: Buffer,
  auditPath: Array<Buffer>,
): Buffer | undefined => {
  if (index >= size) return undefined
  let fn = index
  let sn = size - 1
  let r = leaf
  for (const p of auditPath) {
    if (sn === 0) return undefined
    if (fn % 2 === 1 || fn === sn) {
      r = sha256(Buffer.from([1]), p, r)
      while (fn % 2 === 0 && fn !== 0) {
        fn >>= 1
        sn >>= 1
      }
    } else {
      r = sha256(Buffer.from([1]), r, p)
    }
    fn >>= 1
    sn >>= 1
  }
  return sn === 0 ? r : undefined
}

/** §10: the signed text; chains in the order given (sorted by name). */
const checkpointText = (c: Checkpoint) =>
  [
    "landunits-checkpoint-v1",
    String(c.number),
    String(c.at),
    String(c.treeSize),
    c.merkleRoot,
    c.keyId,
    ...c.chains.map((h) => `${h.chain}:${h.length}:${h.head}`),
  ].join("|")

/** §12's three checks: the first that fails, in words, or "ok". */
const independentlyVerify = (proof: Proof, key: PublicKey): string => {
  const c = proof.checkpoint
  if (c === null) return "no checkpoint"
  if (sha256(hex(key.publicKey)).toString("hex").slice(0, 16) !== key.keyId)
    return "the key's id is not its key's"
  if (c.keyId !== key.keyId) return `checkpoint #${c.number} is signed by another key`
  const signed = verifySignature(
    null,
    Buffer.from(checkpointText(c), "utf8"),
    createPublicKey(key.publicKeyPem),
    hex(c.signature),
  )
  if (!signed) return `checkpoint #${c.number}: the signature does not verify`
  for (const t of proof.transfers) {
    if (t.orderId !== proof.orderId) return `${t.transferId}: another order's transfer`
    if (!accountOk(t, t.from, t.fromKey) || !accountOk(t, t.to, t.toKey)) {
      return `${t.transferId}: an account is not whose the proof says`
    }
    // A withheld key (v1, another member's id): the transfer's place is checked, not its hash.
    if (t.fromKey !== undefined && t.toKey !== undefined && transferHash(t) !== t.hash) {
      return `${t.transferId}: its fields do not give its hash`
    }
    if (t.leafIndex === undefined) continue
    const leaf = sha256(Buffer.from([0]), hex(t.hash))
    const root = rootFromPath(t.leafIndex, c.treeSize, leaf, (t.auditPath ?? []).map(hex))
    if (root === undefined || root.toString("hex") !== c.merkleRoot) {
      return `${t.transferId}: its audit path does not lead to checkpoint #${c.number}'s root`
    }
  }
  return "ok"
}

// ---- The app, as an operator starts it ------------------------------------------------------------------

const DEMO = { email: "demo@landunits.example", password: "LandDemo2026" }

let app: AppProcess
let dataDir: string
let proof: Proof
let transferToSam: Proof
let key: PublicKey

beforeAll(async () => {
  dataDir = migratedDataDir("landunits-independent-verifier-")
  app = await startAppProcess({ DATA_DIR: dataDir, NODE_ENV: "development", DATABASE_URL: "" }, 180_000)
  const client = apiClient(() => app.baseUrl)
  // The job signs checkpoint #1 as the app starts, after the demo history is seeded.
  for (let tries = 0; ; tries++) {
    const page = (await (await client.get("/api/ledger/checkpoints?limit=1")).json()) as { checkpoints: [] }
    if (page.checkpoints.length > 0) break
    if (tries > 300) throw new Error(`No checkpoint was signed:\n${app.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await client.get("/api/health")
  expect((await client.post("/api/auth/login", DEMO)).status).toBe(200)
  const list = (await (
    await client.get("/api/order/getTransactions?orderType=BUY&orderStatus=Completed")
  ).json()) as {
    transactions: Array<{ orderId: string }>
  }
  const orderId = list.transactions[0]!.orderId
  proof = (await (await client.get(`/api/ledger/proof/${orderId}`)).json()) as Proof
  // The demo's transfers are between Dana and Sam: the one Dana sent.
  const transfers = (await (await client.get("/api/order/getTransactions?orderType=TRANSFER")).json()) as {
    transactions: Array<{ orderId: string }>
  }
  for (const { orderId: transferId } of transfers.transactions) {
    const found = (await (await client.get(`/api/ledger/proof/${transferId}`)).json()) as Proof
    if (found.transfers[0]?.from.whose === "you") transferToSam = found
  }
  key = (await (await client.get("/api/ledger/public-key")).json()) as PublicKey
}, 240_000)

afterAll(async () => {
  await app?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const copy = (): Proof => JSON.parse(JSON.stringify(proof))

describe("an independent verifier written from docs/ledger.md, importing nothing of Landunits", () => {
  it("accepts the demo member's proof: every transfer's hash, its audit path to the root, and the signature", () => {
    expect(proof.transfers.length).toBeGreaterThan(0)
    expect(proof.transfers.every((t) => t.leafIndex !== undefined)).toBe(true)
    expect(key.algorithm).toBe("Ed25519")
    expect(independentlyVerify(proof, key)).toBe("ok")
  })

  it("refuses the proof with any one field of a transfer changed, naming the transfer", () => {
    const fields = ["transferId", "unitType", "toKey", "units", "at", "prevHash"] as const
    for (const field of fields) {
      const changed = copy()
      const t = changed.transfers[0]!
      if (field === "units" || field === "at") t[field] += 1
      else if (field === "toKey") t.toKey = `member:${"0".repeat(64)}:pendingBuy`
      else t[field] = `${t[field].slice(0, -1)}${t[field].endsWith("0") ? "1" : "0"}`
      expect(independentlyVerify(changed, key), field).toBe(
        field === "toKey"
          ? `${t.transferId}: an account is not whose the proof says`
          : `${t.transferId}: its fields do not give its hash`,
      )
    }
  })

  it("a transfer to another member names them by pseudonym, never their id; her own account opens to her id and no other", () => {
    expect(JSON.stringify(transferToSam)).not.toContain("mem_demo_sam")
    const [t] = transferToSam.transfers
    expect(t).toMatchObject({
      encoding: "landunits-transfer-v2",
      from: { whose: "you", bucket: "owned" },
      to: { whose: "another member", bucket: "owned" },
    })
    expect(t!.toKey).toMatch(/^member:[0-9a-f]{64}:owned$/)
    expect(independentlyVerify(transferToSam, key)).toBe("ok")
    const claimed: Proof = JSON.parse(JSON.stringify(transferToSam))
    const from = claimed.transfers[0]!.from as Extract<Account, { whose: "you" }>
    from.memberId = "mem_demo_sam"
    expect(independentlyVerify(claimed, key)).toBe(`${t!.transferId}: an account is not whose the proof says`)
    // The pseudonym changed to match another opening: the hash no longer recomputes.
    const reopened: Proof = JSON.parse(JSON.stringify(transferToSam))
    const own = reopened.transfers[0]!.from as Extract<Account, { whose: "you" }>
    own.blind = "ab".repeat(32)
    reopened.transfers[0]!.fromKey = yourKey(reopened.transfers[0]!, own)
    expect(independentlyVerify(reopened, key)).toBe(`${t!.transferId}: its fields do not give its hash`)
  })

  it("refuses a changed audit path node, leaf index, root or signature", () => {
    const node = copy()
    const t = node.transfers[0]!
    t.auditPath![0] = `${t.auditPath![0]!.slice(0, -1)}${t.auditPath![0]!.endsWith("0") ? "1" : "0"}`
    expect(independentlyVerify(node, key)).toBe(
      `${t.transferId}: its audit path does not lead to checkpoint #1's root`,
    )
    const index = copy()
    index.transfers[0]!.leafIndex! += 1
    expect(independentlyVerify(index, key)).toMatch(/its audit path does not lead to checkpoint #1's root$/)
    const root = copy()
    root.checkpoint!.merkleRoot = "00".repeat(32)
    expect(independentlyVerify(root, key)).toBe("checkpoint #1: the signature does not verify")
    const signature = copy()
    // The last hex digit changed, whatever it was (writing "00" over the last byte left it as it was once in 256 runs).
    const signed = signature.checkpoint!.signature
    signature.checkpoint!.signature = `${signed.slice(0, -1)}${signed.endsWith("0") ? "1" : "0"}`
    expect(independentlyVerify(signature, key)).toBe("checkpoint #1: the signature does not verify")
  })
})
