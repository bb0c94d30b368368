/**
 * How long a checkpoint takes to build the proof of liabilities' trees (issue 42: under 5 s for 100,000 members),
 * and a member's proof from them.
 *
 *   npm run bench:liabilities                          # 100,000 members, one unit type
 *   BENCH_MEMBERS=10000,100000 BENCH_UNIT_TYPES=4 npm run bench:liabilities
 *   BENCH_HASH=portable npm run bench:liabilities      # core's pure-JavaScript hashes (the browser's, verify's)
 *
 * Each member holds random balances in all five buckets of each unit type; the platform's issuance and fees
 * accounts are what those balances imply, so the totals check passes as it does on a true ledger. The timed part
 * is what LedgerCheckpointService does with the balances at a cut: a tally of every account's balance
 * (LiabilitiesTally.ts), each member's salt and commitment, the sorted leaves and the sum tree per unit type
 * (liabilitiesAt), all in one process on the pinned Node. The balances' SQL read (LedgerCheckpoints.balancesAt) is
 * not included: it is one GROUP BY over the transfers, timed with the checkpoint in `npm run bench:verify`.
 * Prints one Markdown row per size: members, unit types, build time, a member's proof time (leaf lookup, path and
 * its check), and the heap after the build.
 */
import { performance } from "node:perf_hooks"
import { nativeLiabilitiesHasher } from "../adapters/src/postgres/NativeLiabilitiesHash.ts"
import { liabilitiesAt, makeLiabilitiesTally } from "../core/src/ledger/LiabilitiesTally.ts"
import {
  LIABILITY_BUCKETS,
  leafIndexOf,
  liabilitiesPath,
  memberCommitment,
  memberSalt,
  verifyLiabilityProof,
} from "../core/src/ledger/LiabilitiesTree.ts"
import { UnitTypes } from "../core/src/shared/Enums.ts"

const SIZES = (process.env.BENCH_MEMBERS ?? "100000").split(",").map(Number)
const UNIT_TYPES = UnitTypes.slice(0, Number(process.env.BENCH_UNIT_TYPES ?? "1"))
const SALT_KEY = "5a".repeat(32)
/** The server's hashes (Node's native SHA-256, as the checkpoint job uses); BENCH_HASH=portable for core's own. */
const NATIVE = process.env.BENCH_HASH !== "portable"

/** A small deterministic generator, so every run builds the same trees. */
let seed = 42
const random = (max: number) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
  return seed % max
}

const row = (cells: ReadonlyArray<string>) => `| ${cells.join(" | ")} |`
console.log(`hashes: ${NATIVE ? "native (node:crypto)" : "portable (@noble/hashes)"}`)
console.log(row(["members", "unit types", "trees built in", "a member's proof in", "heap after"]))
console.log(row(["---:", "---:", "---:", "---:", "---:"]))

for (const members of SIZES) {
  const balances: Array<{ unitType: string; key: string; units: number }> = []
  for (const unitType of UNIT_TYPES) {
    let owed = 0
    for (let m = 0; m < members; m++) {
      for (const bucket of LIABILITY_BUCKETS) {
        const units = random(4) === 0 ? random(50_000) : 0
        owed += units
        balances.push({ unitType, key: `member:mem_bench_${m}:${bucket}`, units })
      }
    }
    const fees = random(10_000)
    balances.push({ unitType, key: "platform:fees", units: fees })
    balances.push({ unitType, key: "platform:issuance", units: -(owed + fees) })
  }
  const started = performance.now()
  const tally = makeLiabilitiesTally()
  for (const b of balances) tally.addBalance(b.unitType, b.key, b.units)
  const built = liabilitiesAt(SALT_KEY, tally, NATIVE ? nativeLiabilitiesHasher : undefined)
  const buildMs = performance.now() - started
  if (!built.ok) throw new Error(built.message)

  const proofStarted = performance.now()
  const memberId = `mem_bench_${Math.floor(members / 2)}`
  const salt = memberSalt(SALT_KEY, memberId)
  const tree = built.value.trees.get(UNIT_TYPES[0]!)!
  const index = leafIndexOf(tree, memberCommitment(salt, memberId))!
  const check = verifyLiabilityProof({
    unitType: tree.unitType,
    memberId,
    salt,
    sums: tree.leaves[index]!.sums,
    path: liabilitiesPath(tree, index),
    root: tree.root,
  })
  const proofMs = performance.now() - proofStarted
  if (!check.valid) throw new Error(`the bench's proof does not verify: ${check.reason}`)

  console.log(
    row([
      members.toLocaleString("en-US"),
      String(UNIT_TYPES.length),
      `${(buildMs / 1000).toFixed(2)} s`,
      `${proofMs.toFixed(1)} ms`,
      `${Math.round(process.memoryUsage().heapUsed / 1_048_576)} MiB`,
    ]),
  )
}
