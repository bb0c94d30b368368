/**
 * Recomputes hash chains (TransferChain.ts) from their rows, one row at a time in the order they were stored,
 * in memory that does not grow with the rows (a few values per chain). The first row that does not match is
 * named with what happened to it:
 * - `edited`: the row's fields no longer give its hash (an amount, an account, a time changed);
 * - `missing`: a place in the chain is skipped (a row deleted), or the chain ends before its recorded head;
 * - `inserted`: a row with no place in the chain, or at a place another row already holds, or not following
 *   the row before it;
 * - `reordered`: a row stored after a later row of its chain (two rows' order swapped).
 */
import { CHAIN_GENESIS, type ChainHead, chainHash, type StoredTransferFields } from "./TransferChain.ts"

export type ChainBreakKind = "edited" | "missing" | "inserted" | "reordered"

/** A row of a chain as stored: where it is, its canonical encoding, and its chain columns. */
export interface ChainRow {
  /** The chain: a unit type, or "audit". */
  readonly chain: string
  /** The row's position in its table (seq, sequence). */
  readonly position: number
  /** How a person finds the row ("transfer trf_…", "audit entry 12"). */
  readonly name: string
  readonly canonical: string
  /** Why the row's fields make no encoding at all (a v2 member account without a blind), when they do not. */
  readonly malformed?: string
  readonly chainIndex: number | null
  readonly prevHash: string | null
  readonly hash: string | null
}

/**
 * A ledger transfer as its chain stores it: its fields, the encoding it was chained with and its blinds
 * (StoredTransferFields: the accounts by the member's id, whatever the encoding), and its chain columns.
 */
export interface ChainedTransfer extends ChainRow, StoredTransferFields {}

export interface ChainBreak {
  readonly kind: ChainBreakKind
  readonly chain: string
  readonly name: string
  readonly message: string
}

/** A skipped place waiting to be found later in the stream (reordered) or not (missing). */
interface Gap {
  readonly index: number
  readonly after: ChainRow
}

interface State {
  length: number
  head: string
  gap?: Gap
}

export interface ChainVerifier {
  /** The row's break, or undefined when it extends its chain. */
  readonly next: (row: ChainRow) => ChainBreak | undefined
  /** After the last row: a chain whose rows end before, or differ from, its recorded head. */
  readonly end: (recorded: ReadonlyMap<string, ChainHead>) => ChainBreak | undefined
  /** The recomputed length and head of every chain seen. */
  readonly heads: () => ReadonlyMap<string, ChainHead>
}

/**
 * A verifier of chains from their start, or from heads already verified (`from`: each chain's length and last
 * hash at the point the rows given next continue it).
 */
export const makeChainVerifier = (from?: ReadonlyMap<string, ChainHead>): ChainVerifier => {
  const states = new Map<string, State>(
    [...(from ?? [])].map(([chain, h]) => [chain, { length: h.length, head: h.head }]),
  )
  const stateOf = (chain: string): State => {
    let state = states.get(chain)
    if (state === undefined) {
      state = { length: 0, head: CHAIN_GENESIS }
      states.set(chain, state)
    }
    return state
  }
  const broken = (kind: ChainBreakKind, row: ChainRow, message: string): ChainBreak => ({
    kind,
    chain: row.chain,
    name: row.name,
    message: `${row.name} (${row.chain} chain): ${message}`,
  })

  const missingBefore = (gap: Gap): ChainBreak =>
    broken("missing", gap.after, `place ${gap.index} of the chain is missing before it (a row was deleted)`)

  const next = (row: ChainRow): ChainBreak | undefined => {
    const state = stateOf(row.chain)
    if (row.chainIndex === null || row.prevHash === null || row.hash === null) {
      return broken("inserted", row, "has no place in the chain (added without the database's chaining)")
    }
    if (row.malformed !== undefined) return broken("edited", row, row.malformed)
    let recomputed: string
    try {
      recomputed = chainHash(row.prevHash, row.canonical)
    } catch {
      return broken("edited", row, `its previous hash ${row.prevHash} is not a hash`)
    }
    if (recomputed !== row.hash) {
      return broken("edited", row, "its fields no longer give its hash (changed after it was written)")
    }
    if (state.gap !== undefined) {
      if (row.chainIndex === state.gap.index) {
        return broken(
          "reordered",
          row,
          `place ${row.chainIndex} is stored after ${state.gap.after.name} (place ${state.gap.index + 1})`,
        )
      }
      return missingBefore(state.gap)
    }
    const expected = state.length + 1
    if (row.chainIndex > expected) {
      // A deleted row, or the first of two swapped rows: the rest of the stream says which.
      state.gap = { index: expected, after: row }
      return undefined
    }
    if (row.chainIndex < expected) {
      return broken("inserted", row, `place ${row.chainIndex} is already held by an earlier row`)
    }
    if (row.prevHash !== state.head) {
      return broken("inserted", row, `it does not follow the row before it at place ${state.length}`)
    }
    state.length = row.chainIndex
    state.head = row.hash
    return undefined
  }

  const end = (recorded: ReadonlyMap<string, ChainHead>): ChainBreak | undefined => {
    for (const state of states.values()) {
      if (state.gap !== undefined) return missingBefore(state.gap)
    }
    for (const [chain, head] of recorded) {
      const state = states.get(chain) ?? { length: 0, head: CHAIN_GENESIS }
      if (state.length !== head.length || state.head !== head.head) {
        return {
          kind: "missing",
          chain,
          name: `the ${chain} chain`,
          message: `the ${chain} chain's rows end at place ${state.length}, but its recorded head is place ${head.length} (rows at its end were deleted, or the head was changed)`,
        }
      }
    }
    return undefined
  }

  return {
    next,
    end,
    heads: () => new Map([...states].map(([chain, s]) => [chain, { length: s.length, head: s.head }])),
  }
}
