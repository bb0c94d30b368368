/**
 * The rows of the hash chains (migration 2709) as the verifier reads them: ledger transfers in `seq` order and
 * audit entries in `sequence` order, a page at a time (keyset pages, so memory stays constant however long the
 * ledger), each with its canonical encoding built here from its fields (core's canonicalTransfer and
 * canonicalAudit, not the database's function: the check must not trust the database's own code), and the
 * chains' recorded heads.
 */
import type { ChainHead, ChainRow } from "@landunits/core/ledger/ChainVerifier.ts"
import { canonicalAudit, canonicalTransfer } from "@landunits/core/ledger/TransferChain.ts"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/** Rows a page. */
export const CHAIN_PAGE = 5_000

interface TransferChainRow {
  readonly seq: string | number
  readonly transfer_id: string
  readonly order_id: string
  readonly unit_type: string
  readonly from_key: string
  readonly to_key: string
  readonly units: number
  readonly at: string | number
  readonly chain_index: string | number | null
  readonly prev_hash: string | null
  readonly hash: string | null
}

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

/** A ledger transfer of the chain, with what the balance check needs. */
export interface TransferOfChain extends ChainRow {
  readonly unitType: string
  readonly fromKey: string
  readonly toKey: string
  readonly units: number
}

/** The transfers after `afterSeq`, at most CHAIN_PAGE of them. */
export const transfersAfter = (afterSeq: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<TransferChainRow>`
      SELECT seq, transfer_id, order_id, unit_type, from_key, to_key, units, at, chain_index, prev_hash, hash
      FROM ledger_transfers WHERE seq > ${afterSeq} ORDER BY seq LIMIT ${CHAIN_PAGE}`
    return rows.map(
      (r): TransferOfChain => ({
        chain: r.unit_type,
        position: Number(r.seq),
        name: `transfer ${r.transfer_id}`,
        canonical: canonicalTransfer({
          transferId: r.transfer_id,
          orderId: r.order_id,
          unitType: r.unit_type,
          fromKey: r.from_key,
          toKey: r.to_key,
          units: r.units,
          at: Number(r.at),
        }),
        chainIndex: orNull(r.chain_index),
        prevHash: r.prev_hash,
        hash: r.hash,
        unitType: r.unit_type,
        fromKey: r.from_key,
        toKey: r.to_key,
        units: r.units,
      }),
    )
  })

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

/** Every chain's recorded length and head. */
export const recordedHeads = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ chain: string; length: string | number; head: string }>`
    SELECT chain, length, head FROM ledger_chain_heads`
  return new Map<string, ChainHead>(rows.map((r) => [r.chain, { length: Number(r.length), head: r.head }]))
})

/** Every kept balance, keyed as the check keys them ("unit_type|account_key"). */
export const keptBalances = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ unit_type: string; account_key: string; units: string | number }>`
    SELECT unit_type, account_key, units FROM ledger_balances`
  return new Map(rows.map((r) => [`${r.unit_type}|${r.account_key}`, Number(r.units)]))
})
