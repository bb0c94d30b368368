/**
 * LedgerCheckpoints on PostgreSQL (migration 2711).
 *
 * The cut is read in one transaction holding `ledger_transfers` in SHARE mode: it waits for every transaction
 * that is appending transfers to end, and holds new appends back while it reads (two indexed reads: the chains'
 * heads and the last seq), so no transfer with a lower seq than the last one counted can commit after it. A
 * seq is taken when a transfer is inserted, so without the lock a buy of one unit type could commit after a
 * later-numbered transfer of another had been counted, and the tree of the first treeSize transfers would
 * change under the checkpoint. The tree's size is the sum of the unit types' chain lengths (each transfer is in
 * its unit type's chain); the checkpoint reads the transfers and refuses to sign when they do not add up.
 *
 * `append` writes a checkpoint only if its number follows the latest one; two processes appending the same
 * number meet at the primary key. Either way the loser gets CheckpointNumberTaken and nothing is written.
 */

import { sortChains } from "@landunits/core/ledger/Checkpoint.ts"
import type {
  CheckpointChain,
  CheckpointLiabilities,
  StoredCheckpoint,
} from "@landunits/core/ledger/CheckpointModel.ts"
import type { MerkleFrontier } from "@landunits/core/ledger/MerkleTree.ts"
import { CheckpointNumberTaken, LedgerCheckpoints } from "@landunits/core/ledger/ports/LedgerCheckpoints.ts"
import { AUDIT_CHAIN } from "@landunits/core/ledger/TransferChain.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { isUniqueViolation } from "./SqlErrors.ts"

interface CheckpointRow {
  readonly number: string | number
  readonly at: string | number
  readonly tree_size: string | number
  readonly merkle_root: string
  readonly chains: ReadonlyArray<CheckpointChain>
  readonly key_id: string
  readonly signature: string
  readonly public_key: string
  readonly last_seq: string | number
  readonly frontier: MerkleFrontier
  readonly liabilities: ReadonlyArray<CheckpointLiabilities> | null
  readonly liabilities_salt_key: string | null
}

const COLUMNS =
  "number, at, tree_size, merkle_root, chains, key_id, signature, public_key, last_seq, frontier, liabilities, liabilities_salt_key"

const toCheckpoint = (r: CheckpointRow): StoredCheckpoint => ({
  number: Number(r.number),
  at: Number(r.at),
  treeSize: Number(r.tree_size),
  merkleRoot: r.merkle_root,
  chains: r.chains.map((c) => ({ chain: c.chain, length: Number(c.length), head: c.head })),
  keyId: r.key_id,
  signature: r.signature,
  publicKey: r.public_key,
  lastPosition: Number(r.last_seq),
  frontier: { size: Number(r.frontier.size), nodes: [...r.frontier.nodes] },
  ...(r.liabilities === null
    ? {}
    : {
        liabilities: r.liabilities.map((l) => ({
          unitType: l.unitType,
          root: l.root,
          totals: {
            owned: Number(l.totals.owned),
            owned_DOUBLE_LAND: Number(l.totals.owned_DOUBLE_LAND),
            pendingBuy: Number(l.totals.pendingBuy),
            pendingSell: Number(l.totals.pendingSell),
            convertLocked: Number(l.totals.convertLocked),
          },
        })),
      }),
  ...(r.liabilities_salt_key === null ? {} : { liabilitiesSaltKey: r.liabilities_salt_key }),
})

const taken = (number: number, message: string) => new CheckpointNumberTaken({ number, message })

export const LedgerCheckpointsPg = Layer.effect(LedgerCheckpoints)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const read = (rows: Effect.Effect<ReadonlyArray<CheckpointRow>, unknown>) =>
      rows.pipe(
        Effect.map((found) => found.map(toCheckpoint)),
        Effect.orDie,
      )
    return LedgerCheckpoints.of({
      cut: sql
        .withTransaction(
          Effect.gen(function* () {
            yield* sql`LOCK TABLE ledger_transfers IN SHARE MODE`
            const heads = yield* sql<{ chain: string; length: string | number; head: string }>`
              SELECT chain, length, head FROM ledger_chain_heads WHERE length > 0`
            const last = yield* sql<{
              last: string | number | null
            }>`SELECT max(seq) AS last FROM ledger_transfers`
            const chains = sortChains(
              heads.map((h) => ({ chain: h.chain, length: Number(h.length), head: h.head })),
            )
            return {
              treeSize: chains.filter((c) => c.chain !== AUDIT_CHAIN).reduce((sum, c) => sum + c.length, 0),
              lastPosition: Number(last[0]?.last ?? 0),
              chains,
            }
          }),
        )
        .pipe(Effect.orDie, Effect.withSpan("LedgerCheckpointsPg.cut")),
      append: (c) =>
        sql<{ number: string }>`
          INSERT INTO ledger_checkpoints (${sql.literal(COLUMNS)})
          SELECT ${c.number}, ${c.at}, ${c.treeSize}, ${c.merkleRoot}, ${JSON.stringify(c.chains)}::jsonb, ${c.keyId},
            ${c.signature}, ${c.publicKey}, ${c.lastPosition}, ${JSON.stringify(c.frontier)}::jsonb,
            ${c.liabilities === undefined ? null : JSON.stringify(c.liabilities)}::jsonb, ${c.liabilitiesSaltKey ?? null}
          WHERE (SELECT coalesce(max(number), 0) FROM ledger_checkpoints) = ${c.number - 1}
          RETURNING number`.pipe(
          Effect.catchTag("SqlError", (error) =>
            isUniqueViolation(error)
              ? Effect.fail(taken(c.number, `Checkpoint #${c.number} was taken by another process first`))
              : Effect.die(error),
          ),
          Effect.flatMap((rows) =>
            rows.length === 1
              ? Effect.void
              : Effect.fail(taken(c.number, `Checkpoint #${c.number} is not the next one`)),
          ),
        ),
      latest: read(
        sql<CheckpointRow>`SELECT ${sql.literal(COLUMNS)} FROM ledger_checkpoints ORDER BY number DESC LIMIT 1`,
      ).pipe(Effect.map((rows) => Option.fromNullishOr(rows[0]))),
      newest: ({ before, limit }) =>
        read(
          before === undefined
            ? sql<CheckpointRow>`
                SELECT ${sql.literal(COLUMNS)} FROM ledger_checkpoints ORDER BY number DESC LIMIT ${limit}`
            : sql<CheckpointRow>`
                SELECT ${sql.literal(COLUMNS)} FROM ledger_checkpoints WHERE number < ${before}
                ORDER BY number DESC LIMIT ${limit}`,
        ),
      after: (number, limit) =>
        read(
          sql<CheckpointRow>`
            SELECT ${sql.literal(COLUMNS)} FROM ledger_checkpoints WHERE number > ${number}
            ORDER BY number LIMIT ${limit}`,
        ),
      // Summed from the transfers themselves (not ledger_balances, which moves on past the cut), with no lock held.
      balancesAt: (lastPosition) =>
        sql<{ unit_type: string; key: string; units: string | number }>`
          SELECT unit_type, key, sum(units) AS units FROM (
            SELECT unit_type, to_key AS key, units::bigint AS units FROM ledger_transfers WHERE seq <= ${lastPosition}
            UNION ALL
            SELECT unit_type, from_key AS key, -units::bigint AS units FROM ledger_transfers WHERE seq <= ${lastPosition}
          ) moved
          GROUP BY unit_type, key`.pipe(
          Effect.map((rows) =>
            rows.map((r) => ({ unitType: r.unit_type, key: r.key, units: Number(r.units) })),
          ),
          Effect.orDie,
          Effect.withSpan("LedgerCheckpointsPg.balancesAt"),
        ),
    })
  }),
)
