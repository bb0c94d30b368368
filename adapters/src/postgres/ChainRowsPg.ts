/**
 * The audit log's hash chain (migration 2709) as the verifier reads it: entries in `sequence` order, a page at a
 * time (keyset pages, so memory stays constant however long the log), each with its canonical encoding built
 * here from its fields (core's canonicalAudit, not the database's function: the check must not trust the
 * database's own code), the chain's recorded head, and the kept balances the ledger check compares, all in one
 * snapshot (`inOneSnapshot`). The transfers' chain is LedgerStore's (`chainAfter`, `chainHeads`).
 */
import type { ChainRow } from "@landunits/core/ledger/ChainVerifier.ts"
import type { ChainHead } from "@landunits/core/ledger/TransferChain.ts"
import { canonicalAudit } from "@landunits/core/ledger/TransferChain.ts"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * `effect` with every read in one snapshot of the database, taken at its first read: one read-only REPEATABLE READ
 * transaction, so what the app appends meanwhile is not seen (`landunits ledger verify`).
 */
export const inOneSnapshot = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return yield* sql
      .withTransaction(
        Effect.gen(function* () {
          yield* sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`
          return yield* effect
        }),
      )
      .pipe(Effect.catchTag("SqlError", Effect.die))
  })

/** Rows a page. */
export const CHAIN_PAGE = 5_000

interface AuditChainRow {
  readonly sequence: string | number
  readonly actor: string
  readonly action: string
  readonly subject: string
  readonly details: string
  readonly at: string | number
  readonly chain_index: string | number | null
  readonly prev_hash: string | null
  readonly hash: string | null
}

const orNull = (value: string | number | null) => (value === null ? null : Number(value))

/** The audit entries after `afterSequence`, at most CHAIN_PAGE of them. */
export const auditEntriesAfter = (afterSequence: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<AuditChainRow>`
      SELECT sequence, actor, action, subject, details::text AS details, at, chain_index, prev_hash, hash
      FROM audit_log WHERE sequence > ${afterSequence} ORDER BY sequence LIMIT ${CHAIN_PAGE}`
    return rows.map(
      (r): ChainRow => ({
        chain: "audit",
        position: Number(r.sequence),
        name: `audit entry ${r.sequence}`,
        canonical: canonicalAudit({
          actor: r.actor,
          action: r.action,
          subject: r.subject,
          details: r.details,
          at: Number(r.at),
        }),
        chainIndex: orNull(r.chain_index),
        prevHash: r.prev_hash,
        hash: r.hash,
      }),
    )
  })

/** The audit chain's recorded length and head (none before the first entry). */
export const auditHead = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ chain: string; length: string | number; head: string }>`
    SELECT chain, length, head FROM ledger_chain_heads WHERE chain = 'audit'`
  return new Map<string, ChainHead>(rows.map((r) => [r.chain, { length: Number(r.length), head: r.head }]))
})

/** Every kept balance, keyed as the check keys them ("unit_type|account_key"). */
export const keptBalances = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ unit_type: string; account_key: string; units: string | number }>`
    SELECT unit_type, account_key, units FROM ledger_balances`
  return new Map(rows.map((r) => [`${r.unit_type}|${r.account_key}`, Number(r.units)]))
})

/** How many rows the chains hold, ledger transfers and audit entries together (for a progress bar). */
export const chainRowCount = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ rows: string | number }>`
    SELECT (SELECT count(*) FROM ledger_transfers) + (SELECT count(*) FROM audit_log) AS rows`
  return Number(rows[0]?.rows ?? 0)
})
