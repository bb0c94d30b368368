/**
 * Members' balances and the platform's accounts at a checkpoint, summed from the transfers up to its cut, and the
 * liabilities trees over them (LiabilitiesTree.ts, docs/ledger/13-proof-of-liabilities.md).
 *
 * A tally takes transfers one at a time (a member account by its stored key, `member:<id>:<bucket>`; a platform
 * account `platform:<name>`), so the checkpoint job and `landunits ledger verify` sum the same way. The totals of
 * a unit type's tree must equal what the ledger's own platform accounts say is owed: every Unit issued and not
 * taken as a fee, i.e. owned + owned_DOUBLE_LAND + pendingBuy + pendingSell + convertLocked = −(issuance + fees).
 */
import type { CheckpointLiabilitiesFields } from "./Checkpoint.ts"
import {
  type Built,
  buildLiabilitiesTree,
  LIABILITY_BUCKETS,
  type LiabilitiesHasher,
  type LiabilitiesTree,
  memberCommitment,
  memberSalts,
  portableLiabilitiesHasher,
  totalsOf,
} from "./LiabilitiesTree.ts"
import type { AccountBalanceAt } from "./ports/LedgerCheckpoints.ts"
import { memberOfKey } from "./TransferChain.ts"

interface UnitTally {
  readonly members: Map<string, Array<number>>
  readonly platform: Map<string, number>
}

export interface LiabilitiesTally {
  /** Adds one transfer: `units` of `unitType` from the account keyed `fromKey` to `toKey`. */
  readonly add: (unitType: string, fromKey: string, toKey: string, units: number) => void
  /** Adds one account's balance (a store's summed balances). */
  readonly addBalance: (unitType: string, key: string, units: number) => void
  readonly unitTypes: () => ReadonlyArray<string>
  /** A member's five balances of a unit type (undefined when they never held any). */
  readonly memberSums: (unitType: string, memberId: string) => ReadonlyArray<number> | undefined
  readonly members: (unitType: string) => ReadonlyMap<string, ReadonlyArray<number>>
  /** A platform account's balance. */
  readonly platform: (unitType: string, name: string) => number
}

const BUCKET_INDEX = new Map<string, number>(LIABILITY_BUCKETS.map((b, i) => [b, i]))

export const makeLiabilitiesTally = (): LiabilitiesTally => {
  const units = new Map<string, UnitTally>()
  const of = (unitType: string): UnitTally => {
    let t = units.get(unitType)
    if (t === undefined) {
      t = { members: new Map(), platform: new Map() }
      units.set(unitType, t)
    }
    return t
  }
  const addBalance = (unitType: string, key: string, n: number) => {
    const t = of(unitType)
    const member = memberOfKey(key)
    const bucket = member === undefined ? undefined : BUCKET_INDEX.get(member.bucket)
    if (member !== undefined && bucket !== undefined) {
      let sums = t.members.get(member.memberId)
      if (sums === undefined) {
        sums = LIABILITY_BUCKETS.map(() => 0)
        t.members.set(member.memberId, sums)
      }
      sums[bucket] = sums[bucket]! + n
      return
    }
    const name = key.startsWith("platform:") ? key.slice("platform:".length) : key
    t.platform.set(name, (t.platform.get(name) ?? 0) + n)
  }
  return {
    add: (unitType, fromKey, toKey, n) => {
      addBalance(unitType, fromKey, -n)
      addBalance(unitType, toKey, n)
    },
    addBalance,
    unitTypes: () => [...units.keys()].sort(),
    memberSums: (unitType, memberId) => units.get(unitType)?.members.get(memberId),
    members: (unitType) => units.get(unitType)?.members ?? new Map(),
    platform: (unitType, name) => units.get(unitType)?.platform.get(name) ?? 0,
  }
}

export interface LiabilitiesAt {
  /** What the checkpoint signs, by unit type. */
  readonly fields: ReadonlyArray<CheckpointLiabilitiesFields>
  readonly trees: ReadonlyMap<string, LiabilitiesTree>
}

/**
 * Every unit type's tree over the tally's members, salted with the checkpoint's salt key; refused when a
 * balance is negative or a unit type's totals are not what its issuance and fees accounts say is owed.
 */
export const liabilitiesAt = (
  saltKeyHex: string,
  tally: LiabilitiesTally,
  hasher: LiabilitiesHasher = portableLiabilitiesHasher,
): Built<LiabilitiesAt> => {
  const fields: Array<CheckpointLiabilitiesFields> = []
  const trees = new Map<string, LiabilitiesTree>()
  const saltOf = memberSalts(saltKeyHex, hasher)
  const commitments = new Map<string, string>()
  const commitmentOf = (memberId: string) => {
    let c = commitments.get(memberId)
    if (c === undefined) {
      c = memberCommitment(saltOf(memberId), memberId, hasher)
      commitments.set(memberId, c)
    }
    return c
  }
  for (const unitType of tally.unitTypes()) {
    const leaves = [...tally.members(unitType)].map(([memberId, sums]) => ({
      commitment: commitmentOf(memberId),
      sums,
    }))
    const built = buildLiabilitiesTree(unitType, leaves, hasher)
    if (!built.ok) return built
    const tree = built.value
    const owed = tree.root.sums.reduce((a, b) => a + b, 0)
    const issued = 0 - (tally.platform(unitType, "issuance") + tally.platform(unitType, "fees"))
    if (owed !== issued) {
      return {
        ok: false,
        message: `the ${unitType} members' balances add up to ${owed} Units, but the issuance and fees accounts say ${issued} are owed`,
      }
    }
    trees.set(unitType, tree)
    fields.push({ unitType, root: tree.root.hash, totals: totalsOf(tree.root.sums) })
  }
  return { ok: true, value: { fields, trees } }
}

/** The liabilities trees at a checkpoint, from the balances at its cut salted with its salt key. */
export const liabilitiesOfBalances = (
  saltKey: string,
  balances: ReadonlyArray<AccountBalanceAt>,
  hasher: LiabilitiesHasher | undefined,
) => {
  const tally = makeLiabilitiesTally()
  for (const b of balances) tally.addBalance(b.unitType, b.key, b.units)
  return liabilitiesAt(saltKey, tally, hasher)
}
