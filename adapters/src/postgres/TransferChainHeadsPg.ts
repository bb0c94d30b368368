/**
 * The heads of the ledger's transfer chains on PostgreSQL (issue 21, migration 2713): where an append starts each
 * chain it extends, and the statement part that moves the heads on.
 *
 * Appends to a unit type's chain run one at a time under the unit type's order-command lock. A batch of new buys
 * extends its chain in one statement under that lock (`record_buys`, migration 2960: the links computed there from the
 * encodings the app passes), and its head is remembered for the rest of the transaction. Any other append reads the heads
 * it needs itself, locking their rows (FOR UPDATE; a chain's row is made at its first append), so an append
 * outside an order command waits its turn too.
 *
 * What is remembered is tied to the connection and to the transaction level that read or moved it (a fresh value
 * per transaction and per savepoint, from effect's SqlClient): another transaction, a savepoint, or a level
 * that a rolled-back savepoint left behind finds nothing and reads again. Whatever it started from, a head moves
 * only from the length the append started at (`headMoves`): an append that did not start from the head writes
 * nothing and fails, so a chain cannot fork.
 */
import type { ChainHead } from "@landunits/core/ledger/TransferChain.ts"
import { CHAIN_GENESIS } from "@landunits/core/ledger/TransferChain.ts"
import { Array as Arr, Effect, Option } from "effect"
import { SqlClient } from "effect/sql"

type Level = readonly [connection: unknown, depth: number]

const remembered = new WeakMap<object, { readonly level: Level; readonly heads: Map<string, ChainHead> }>()

const currentLevel = (sql: SqlClient.SqlClient) =>
  Effect.map(Effect.serviceOption(sql.transactionService), Option.getOrUndefined)

const connectionOf = (level: Level) => level[0] as object

/** Remembers chain heads for the rest of the current transaction level (nothing outside a transaction). */
export const rememberHeads = (sql: SqlClient.SqlClient, heads: ReadonlyMap<string, ChainHead>) =>
  Effect.map(currentLevel(sql), (level) => {
    if (level === undefined) return
    const entry = remembered.get(connectionOf(level))
    const kept = entry !== undefined && entry.level === level ? entry.heads : new Map<string, ChainHead>()
    for (const [chain, head] of heads) kept.set(chain, head)
    remembered.set(connectionOf(level), { level, heads: kept })
  })

/**
 * The heads of these chains as the current transaction may extend them: those remembered at this level, the
 * others read with their rows locked (in the chains' order, so two appends lock them in the same order).
 * Call it inside a transaction.
 */
export const headsForAppend = (sql: SqlClient.SqlClient, chains: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const level = yield* currentLevel(sql)
    const entry = level === undefined ? undefined : remembered.get(connectionOf(level))
    const known = entry !== undefined && entry.level === level ? entry.heads : undefined
    const heads = new Map<string, ChainHead>()
    const unknown: Array<string> = []
    for (const chain of new Set(chains)) {
      const head = known?.get(chain)
      if (head === undefined) unknown.push(chain)
      else heads.set(chain, head)
    }
    if (unknown.length > 0) {
      unknown.sort()
      const lockHeads = sql<{ chain: string; length: string | number; head: string }>`
        SELECT chain, length, head FROM ledger_chain_heads WHERE chain IN ${sql.in(unknown)}
        ORDER BY chain FOR UPDATE`
      let rows = yield* lockHeads.pipe(Effect.orDie)
      if (rows.length < unknown.length) {
        // A chain's first append: its head row is made first (once), so there is a row to lock and wait on.
        yield* sql`
          INSERT INTO ledger_chain_heads ${sql.insert(Arr.map(unknown as Arr.NonEmptyArray<string>, (chain) => ({ chain, length: 0, head: CHAIN_GENESIS, prev: CHAIN_GENESIS })))}
          ON CONFLICT (chain) DO NOTHING`.pipe(Effect.orDie)
        rows = yield* lockHeads.pipe(Effect.orDie)
      }
      for (const row of rows) heads.set(row.chain, { length: Number(row.length), head: row.head })
    }
    return heads as ReadonlyMap<string, ChainHead>
  })

/** A chain's head before an append and after it, and the hash before the new head. */
export interface HeadMove {
  readonly chain: string
  readonly from: ChainHead
  readonly to: ChainHead
  readonly prev: string
}

/**
 * The CTEs (`chain_head_0`, `chain_head_1`, …) that move each head, each only from the length the append started
 * at, and the SQL expression counting the heads moved: it must equal `moves.length`, or the statement's append
 * did not start from the heads and the transaction must not commit.
 */
export const headMoves = (sql: SqlClient.SqlClient, moves: ReadonlyArray<HeadMove>) => {
  const ctes = moves.map((move, i) => {
    const name = sql.literal(`chain_head_${i}`)
    return move.from.length === 0
      ? sql`${name} AS (
          INSERT INTO ledger_chain_heads AS h (chain, length, head, prev)
          VALUES (${move.chain}, ${move.to.length}, ${move.to.head}, ${move.prev})
          ON CONFLICT (chain) DO UPDATE SET length = EXCLUDED.length, head = EXCLUDED.head, prev = EXCLUDED.prev
          WHERE h.length = 0
          RETURNING 1)`
      : sql`${name} AS (
          UPDATE ledger_chain_heads SET length = ${move.to.length}, head = ${move.to.head}, prev = ${move.prev}
          WHERE chain = ${move.chain} AND length = ${move.from.length}
          RETURNING 1)`
  })
  const counted = moves.map((_, i) => `(SELECT count(*) FROM chain_head_${i})`).join(" + ")
  return { ctes, moved: sql.literal(counted === "" ? "0" : counted) }
}

/** What an append whose heads did not all move is: a bug (an append outside the chains' turn), never a member's. */
export const headsDidNotMove = (moves: ReadonlyArray<HeadMove>, moved: number) =>
  Effect.die(
    new Error(
      `A ledger append did not start from its chains' heads (${moved} of ${moves.length} moved: ${moves
        .map((m) => `${m.chain} at ${m.from.length}`)
        .join(", ")}); nothing of it is committed`,
    ),
  )

/** Each ledger chain's length (every transfer is a link), by chain; the audit chain is not a ledger's. */
export const readLedgerChainLengths = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ chain: string; length: string }>`
    SELECT chain, length FROM ledger_chain_heads WHERE chain <> 'audit'`
  return new Map(rows.map((r) => [r.chain, Number(r.length)]))
})
