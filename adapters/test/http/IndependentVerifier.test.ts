/**
 * Issue 21's acceptance: "a proof checked by an independent verifier written in the test from docs/ledger.md
 * alone (not importing core)". The verifier below was written from docs/ledger.md §9–§12 and imports nothing of
 * Landunits (neither core nor adapters): node:crypto for SHA-256 and Ed25519, the proof and the public key over
 * HTTP from the app started as an operator starts it (`node cli/src/start.ts`, development, a fresh DATA_DIR:
 * the demo history is seeded and the checkpoint job signs checkpoint #1 as the app starts). It accepts the demo
 * member's proof and refuses it with any field, path node, root or signature changed; her proof of a transfer to
 * another member names that member by pseudonym only, and her own account opens to her id and no other. Her proof of
 * liabilities (issue 42), saved to a file with the public key beside it, is checked from the files by a second
 * verifier written from docs/ledger/13-proof-of-liabilities.md alone, and refused with anything in it changed.
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
  liabilities?: Array<{ unitType: string; root: string; totals: Sums }>
  signature: string
}
/** ledger/13: a member's five balances, or a node's sums, by bucket. */
interface Sums {
  owned: number
  owned_DOUBLE_LAND: number
  pendingBuy: number
  pendingSell: number
  convertLocked: number
}
interface LiabilitiesProof {
  checkpoint: Checkpoint | null
  memberId: string
  salt?: string
  leaves: Array<{
    unitType: string
    balances: Sums
    path: Array<{ side: "left" | "right"; hash: string; sums: Sums }>
  }>
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

/** ledger/13: the five sums in their order, in decimal, joined by ",". */
const sumsText = (s: Sums) =>
  [s.owned, s.owned_DOUBLE_LAND, s.pendingBuy, s.pendingSell, s.convertLocked].join(",")

/** §10 (v2: ledger/13): the signed text; chains in the order given (sorted by name), then the liabilities. */
const checkpointText = (c: Checkpoint) =>
  [
    c.liabilities === undefined ? "landunits-checkpoint-v1" : "landunits-checkpoint-v2",
    String(c.number),
    String(c.at),
    String(c.treeSize),
    c.merkleRoot,
    c.keyId,
    ...c.chains.map((h) => `${h.chain}:${h.length}:${h.head}`),
    ...(c.liabilities ?? []).map((l) => `liabilities:${l.unitType}:${l.root}:${sumsText(l.totals)}`),
  ].join("|")

const signatureOk = (c: Checkpoint, key: PublicKey) =>
  sha256(hex(key.publicKey)).toString("hex").slice(0, 16) === key.keyId &&
  c.keyId === key.keyId &&
  verifySignature(
    null,
    Buffer.from(checkpointText(c), "utf8"),
    createPublicKey(key.publicKeyPem),
    hex(c.signature),
  )

const text256 = (text: string) => sha256(Buffer.from(text, "utf8")).toString("hex")

/**
 * ledger/13's member check, from two files (the proof and the public key as the API gave them): the leaf from
 * the id, salt and balances, each parent up the path (no sum negative), the root and totals the checkpoint signs.
 */
const independentlyVerifyLiabilities = (proofFile: string, keyFile: string): string => {
  const proof = JSON.parse(fs.readFileSync(proofFile, "utf8")) as LiabilitiesProof
  const key = JSON.parse(fs.readFileSync(keyFile, "utf8")) as PublicKey
  const c = proof.checkpoint
  if (c === null || c.liabilities === undefined) return "no checkpoint with liabilities"
  if (!signatureOk(c, key)) return `checkpoint #${c.number}: the signature does not verify`
  if (proof.salt === undefined) return "no salt"
  const commitment = text256(`landunits-liabilities-member-v1|${proof.salt}|${proof.memberId}`)
  const bad = (s: Sums) => Object.values(s).some((v) => !Number.isSafeInteger(v) || v < 0)
  for (const leaf of proof.leaves) {
    if (bad(leaf.balances)) return `${leaf.unitType}: a negative balance`
    let hash = text256(
      `landunits-liabilities-leaf-v1|${leaf.unitType}|${commitment}|${sumsText(leaf.balances)}`,
    )
    let sums = { ...leaf.balances }
    for (const step of leaf.path) {
      if (bad(step.sums)) return `${leaf.unitType}: a negative sum on the path`
      const [l, ls, r, rs] =
        step.side === "left" ? [step.hash, step.sums, hash, sums] : [hash, sums, step.hash, step.sums]
      hash = text256(`landunits-liabilities-node-v1|${l}|${sumsText(ls)}|${r}|${sumsText(rs)}`)
      sums = {
        owned: ls.owned + rs.owned,
        owned_DOUBLE_LAND: ls.owned_DOUBLE_LAND + rs.owned_DOUBLE_LAND,
        pendingBuy: ls.pendingBuy + rs.pendingBuy,
        pendingSell: ls.pendingSell + rs.pendingSell,
        convertLocked: ls.convertLocked + rs.convertLocked,
      }
    }
    const stated = c.liabilities.find((x) => x.unitType === leaf.unitType)
    if (stated === undefined || stated.root !== hash)
      return `${leaf.unitType}: the path does not lead to the root`
    if (sumsText(stated.totals) !== sumsText(sums))
      return `${leaf.unitType}: the sums are not the signed totals`
  }
  return "ok"
}

/** §12's three checks: the first that fails, in words, or "ok". */
const independentlyVerify = (proof: Proof, key: PublicKey): string => {
  const c = proof.checkpoint
  if (c === null) return "no checkpoint"
  if (sha256(hex(key.publicKey)).toString("hex").slice(0, 16) !== key.keyId)
    return "the key's id is not its key's"
  if (c.keyId !== key.keyId) return `checkpoint #${c.number} is signed by another key`
  if (!signatureOk(c, key)) return `checkpoint #${c.number}: the signature does not verify`
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
let liabilitiesBody: string
let keyBody: string

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
  keyBody = await (await client.get("/api/ledger/public-key")).text()
  key = JSON.parse(keyBody) as PublicKey
  liabilitiesBody = await (await client.get("/api/ledger/liabilities/proof")).text()
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

describe("the proof of liabilities checked from a file by a verifier written from docs/ledger/13 alone", () => {
  const write = (name: string, body: string) => {
    const file = `${dataDir}/${name}`
    fs.writeFileSync(file, body)
    return file
  }
  it("accepts the demo member's saved proof, with the app's key saved beside it", () => {
    const saved = JSON.parse(liabilitiesBody) as LiabilitiesProof
    expect(saved.leaves.length).toBeGreaterThan(0)
    expect(saved.leaves.some((l) => l.balances.owned > 0)).toBe(true)
    expect(
      independentlyVerifyLiabilities(write("liabilities.json", liabilitiesBody), write("key.json", keyBody)),
    ).toBe("ok")
  })

  it("refuses the saved proof with a balance, a sibling's sum, a sibling's hash or the salt changed, or a negative sum", () => {
    const keyFile = write("key.json", keyBody)
    const changed = (f: (p: LiabilitiesProof) => void) => {
      const p = JSON.parse(liabilitiesBody) as LiabilitiesProof
      f(p)
      return independentlyVerifyLiabilities(write("changed.json", JSON.stringify(p)), keyFile)
    }
    const withPath = (p: LiabilitiesProof) => p.leaves.find((l) => l.path.length > 0)!
    const cases: Array<[(p: LiabilitiesProof) => void, RegExp]> = [
      [
        (p) => {
          p.leaves[0]!.balances.owned += 1
        },
        /does not lead to the root/,
      ],
      [
        (p) => {
          withPath(p).path[0]!.sums.pendingBuy += 1
        },
        /does not lead to the root/,
      ],
      [
        (p) => {
          withPath(p).path[0]!.hash = "0".repeat(64)
        },
        /does not lead to the root/,
      ],
      [
        (p) => {
          p.salt = "1".repeat(64)
        },
        /does not lead to the root/,
      ],
      [
        (p) => {
          withPath(p).path[0]!.sums.owned = -1
        },
        /negative/,
      ],
      [
        (p) => {
          p.checkpoint!.liabilities![0]!.totals.owned -= 1
        },
        /signature/,
      ],
    ]
    for (const [change, refused] of cases) expect(changed(change)).toMatch(refused)
  })
})
