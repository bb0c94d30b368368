/**
 * LedgerStore on PostgreSQL. An append is one statement in the caller's transaction (or in one of its own when
 * the caller has none): it inserts the transfers with their chain links, adds their net effect to the balance
 * rows, and moves the chains' heads (TransferChainHeadsPg). A trigger refuses any member balance below
 * zero, so the check holds whatever the caller did; the refusal is turned into core's own
 * InsufficientUnits (the same message as in memory).
 */

import type { ChainedTransfer } from "@landunits/core/ledger/ChainVerifier.ts"
import {
  accountKey,
  balanceKey,
  checkBatch,
  invalidTransfer,
  sumBalances,
} from "@landunits/core/ledger/Ledger.ts"
import { type InsufficientUnits, InvalidTransfer } from "@landunits/core/ledger/LedgerErrors.ts"
import {
  type Account,
  type Balance,
  type MemberBucket,
  member,
  type PlatformAccountName,
  platform,
  type Transfer,
} from "@landunits/core/ledger/LedgerModel.ts"
import { LedgerStore, type LedgerTotals } from "@landunits/core/ledger/ports/LedgerStore.ts"
import type { ChainHead } from "@landunits/core/ledger/TransferChain.ts"
import {
  canonicalOfStored,
  chainedAsNew,
  extendChains,
  malformedTransfer,
  type StoredTransferFields,
  TRANSFER_ENCODING_V1,
  TRANSFER_ENCODING_V2,
  type TransferEncoding,
} from "@landunits/core/ledger/TransferChain.ts"
import type { UnitType } from "@landunits/core/shared/Enums.ts"
import { MemberId, OrderId, TransferId } from "@landunits/core/shared/Ids.ts"
import { Array as Arr, Effect, Layer, Option } from "effect"
import { SqlClient, SqlError } from "effect/sql"
import { nativeChainHash, newBlind } from "./NativeChainHash.ts"
import { isUniqueViolation } from "./SqlErrors.ts"
import {
  type HeadMove,
  headMoves,
  headsDidNotMove,
  headsForAppend,
  rememberHeads,
} from "./TransferChainHeadsPg.ts"
import { HOT_PATH_SPAN } from "./UnitOfWorkPg.ts"

export interface TransferRow {
  readonly transfer_id: string
  readonly order_id: string
  readonly unit_type: string
  readonly from_key: string
  readonly to_key: string
  readonly units: number
  readonly at: string | number
}

interface BalanceRow {
  readonly unit_type: string
  readonly account_key: string
  readonly units: string | number
}

const memberOf = (account: Account) => (account._tag === "MemberAccount" ? account.memberId : null)
const bucketOf = (account: Account) => (account._tag === "MemberAccount" ? account.bucket : account.name)

/** The account an account key names (the inverse of core's `accountKey`). */
export const accountOfKey = (key: string): Account => {
  if (key.startsWith("platform:")) return platform(key.slice("platform:".length) as PlatformAccountName)
  const bucketAt = key.lastIndexOf(":")
  return member(MemberId.make(key.slice("member:".length, bucketAt)), key.slice(bucketAt + 1) as MemberBucket)
}

export const toTransfer = (row: TransferRow): Transfer => ({
  transferId: TransferId.make(row.transfer_id),
  unitType: row.unit_type as UnitType,
  from: accountOfKey(row.from_key),
  to: accountOfKey(row.to_key),
  units: row.units,
  orderId: OrderId.make(row.order_id),
  at: Number(row.at),
})

const toBalance = (row: BalanceRow): Balance => ({
  unitType: row.unit_type as UnitType,
  account: accountOfKey(row.account_key),
  units: Number(row.units),
})

export const emptyTotals = (): { -readonly [K in keyof LedgerTotals]: number } => ({
  owned: 0,
  owned_DOUBLE_LAND: 0,
  pendingBuy: 0,
  pendingSell: 0,
  convertLocked: 0,
  issuance: 0,
  fees: 0,
})

/** The guard's DETAIL, "unit_type|account_key|units": which balance would have ended below zero. */
const belowZeroDetail = (error: SqlError.SqlError): { key: string; units: number } | undefined => {
  const detail = (error.reason.cause as { detail?: unknown } | undefined)?.detail
  if (typeof detail !== "string") return undefined
  const last = detail.lastIndexOf("|")
  return { key: detail.slice(0, last), units: Number(detail.slice(last + 1)) }
}

const isBalanceBelowZero = (error: unknown): error is SqlError.SqlError =>
  SqlError.isSqlError(error) &&
  error.reason._tag === "ConstraintError" &&
  belowZeroDetail(error) !== undefined

/** core's own refusal (same message as in memory), from the balance the guard saw and the batch's change. */
const insufficient = (
  batch: ReadonlyArray<Transfer>,
  changes: ReadonlyMap<string, Balance>,
  error: SqlError.SqlError,
): InsufficientUnits | InvalidTransfer => {
  const seen = belowZeroDetail(error)!
  const change = changes.get(seen.key)
  const before = seen.units - (change?.units ?? 0)
  return (
    checkBatch(batch, (unitType, account) =>
      balanceKey(unitType, account) === seen.key ? before : Number.MAX_SAFE_INTEGER,
    ) ?? new InvalidTransfer({ message: `The ledger refused the batch: ${error.message}` })
  )
}

const SELECT_TRANSFER = "transfer_id, order_id, unit_type, from_key, to_key, units, at"

/** A row's `encoding` column (migration 2890): 1 or 2, the version of the transfer's canonical encoding. */
const ENCODING_OF_COLUMN: Readonly<Record<number, TransferEncoding>> = {
  1: TRANSFER_ENCODING_V1,
  2: TRANSFER_ENCODING_V2,
}
export const encodingColumn = (encoding: TransferEncoding): number =>
  encoding === TRANSFER_ENCODING_V1 ? 1 : 2

interface ChainedRow extends TransferRow {
  readonly seq: string | number
  readonly chain_index: string | number | null
  readonly prev_hash: string | null
  readonly hash: string | null
  readonly encoding: number
  readonly from_blind: string | null
  readonly to_blind: string | null
}

const SELECT_CHAINED = `seq, ${SELECT_TRANSFER}, chain_index, prev_hash, hash, encoding, from_blind, to_blind`

/**
 * A row as the chain verifier reads it; the encoding built here from the fields with core's own functions (not the
 * database's, nor the writer's native hash), when first read: a proof reads every row for its hash alone.
 */
const toChained = (r: ChainedRow): ChainedTransfer => {
  const fields: StoredTransferFields = {
    transferId: r.transfer_id,
    orderId: r.order_id,
    unitType: r.unit_type,
    fromKey: r.from_key,
    toKey: r.to_key,
    units: r.units,
    at: Number(r.at),
    // An encoding no version has reads as v2 and fails to recompute: named edited, never trusted.
    encoding: ENCODING_OF_COLUMN[r.encoding] ?? TRANSFER_ENCODING_V2,
    fromBlind: r.from_blind,
    toBlind: r.to_blind,
  }
  let canonical: string | undefined
  const malformed = malformedTransfer(fields)
  return {
    chain: r.unit_type,
    position: Number(r.seq),
    name: `transfer ${r.transfer_id}`,
    ...(malformed === undefined ? {} : { malformed }),
    get canonical() {
      canonical ??= canonicalOfStored(fields)
      return canonical
    },
    chainIndex: r.chain_index === null ? null : Number(r.chain_index),
    prevHash: r.prev_hash,
    hash: r.hash,
    ...fields,
  }
}

/**
 * An append, checked and turned into rows: the transfers, each as its chain will encode it (v2, a fresh blind for
 * each member account), and their net effect on each balance.
 */
export interface PreparedAppend {
  readonly batch: Arr.NonEmptyReadonlyArray<Transfer>
  readonly chained: Arr.NonEmptyReadonlyArray<StoredTransferFields>
  readonly changes: ReadonlyMap<string, Balance>
  readonly transferRows: Arr.NonEmptyReadonlyArray<Record<string, unknown>>
  readonly balanceRows: Arr.NonEmptyReadonlyArray<Record<string, unknown>>
}

/**
 * Checks a batch as core's LedgerStore contract asks (ids once each, each transfer valid) and builds its
 * rows; `undefined` for an empty batch (nothing to append). The balance guard is the database's.
 */
export const prepareAppend = (
  batch: ReadonlyArray<Transfer>,
): Effect.Effect<PreparedAppend | undefined, InvalidTransfer> =>
  Effect.suspend(() => {
    if (!Arr.isReadonlyArrayNonEmpty(batch)) return Effect.succeed(undefined)
    const ids = new Set(batch.map((t) => t.transferId))
    if (ids.size !== batch.length) {
      return Effect.fail(new InvalidTransfer({ message: "A batch lists the same transfer twice" }))
    }
    for (const draft of batch) {
      const invalid = invalidTransfer(draft)
      if (invalid !== undefined) return Effect.fail(invalid)
    }
    const changes = sumBalances(batch)
    const balanceRows = Arr.map(Arr.fromIterable(changes.values()) as Arr.NonEmptyArray<Balance>, (c) => ({
      unit_type: c.unitType,
      account_key: accountKey(c.account),
      member_id: memberOf(c.account),
      bucket: bucketOf(c.account),
      units: c.units,
    }))
    const chained = Arr.map(batch, (t) =>
      chainedAsNew(
        {
          transferId: t.transferId,
          orderId: t.orderId,
          unitType: t.unitType,
          fromKey: accountKey(t.from),
          toKey: accountKey(t.to),
          units: t.units,
          at: t.at,
        },
        newBlind,
      ),
    )
    const transferRows = Arr.map(
      chained,
      (t, i): Record<string, unknown> => ({
        transfer_id: t.transferId,
        order_id: t.orderId,
        unit_type: t.unitType,
        from_key: t.fromKey,
        from_member: memberOf(batch[i]!.from),
        to_key: t.toKey,
        to_member: memberOf(batch[i]!.to),
        units: t.units,
        at: t.at,
        encoding: encodingColumn(t.encoding),
        from_blind: t.fromBlind,
        to_blind: t.toBlind,
      }),
    )
    return Effect.succeed({ batch, chained, changes, transferRows, balanceRows })
  })

/** An append with its transfers' places in their chains: the rows to insert and the chain heads to move. */
interface LinkedAppend extends PreparedAppend {
  readonly moves: ReadonlyArray<HeadMove>
  /** Each extended chain's head once the append commits. */
  readonly heads: ReadonlyMap<string, ChainHead>
}

/**
 * Gives each transfer of a prepared append its link in its unit type's chain (core's `extendChains`), from the
 * heads the transaction may extend (TransferChainHeadsPg). Call it inside the transaction that appends.
 */
const linkAppend = (sql: SqlClient.SqlClient, prepared: PreparedAppend) =>
  Effect.map(
    headsForAppend(
      sql,
      prepared.batch.map((t) => t.unitType),
    ),
    (before): LinkedAppend => {
      const fields = prepared.chained
      const { links, heads } = extendChains(before, fields, nativeChainHash)
      const prevOfHead = new Map<string, string>()
      for (const [i, link] of links.entries()) prevOfHead.set(fields[i]!.unitType, link.prevHash)
      const moves = [...prevOfHead].map(([chain, prev]) => ({
        chain,
        from: before.get(chain)!,
        to: heads.get(chain)!,
        prev,
      }))
      const transferRows = Arr.map(prepared.transferRows, (row, i) => ({
        ...row,
        chain_index: links[i]!.chainIndex,
        prev_hash: links[i]!.prevHash,
        hash: links[i]!.hash,
      }))
      return { ...prepared, transferRows, moves, heads }
    },
  )

/**
 * The SQL of an append, as CTEs to put at the head of a statement: the transfers with their chain links, their net
 * effect on each balance row, and the chain heads moved on; and `moved`, the expression that counts the heads
 * moved (see `appended`). The balance guard (a trigger, migration 0203) aborts the whole statement when a member
 * balance would end below zero.
 */
const appendCtes = (sql: SqlClient.SqlClient, linked: LinkedAppend) => {
  const heads = headMoves(sql, linked.moves)
  return {
    ctes: sql.csv([
      sql`appended AS (INSERT INTO ledger_transfers ${sql.insert(linked.transferRows as Arr.NonEmptyArray<Record<string, unknown>>)} RETURNING 1)`,
      sql`balanced AS (
        INSERT INTO ledger_balances ${sql.insert(linked.balanceRows as Arr.NonEmptyArray<Record<string, unknown>>)}
        ON CONFLICT (unit_type, account_key) DO UPDATE SET units = ledger_balances.units + EXCLUDED.units
        RETURNING 1)`,
      ...heads.ctes,
    ]),
    moved: heads.moved,
  }
}

/**
 * After the statement: the chain heads moved as the append asked (remembered for the rest of the transaction),
 * or the append did not start from them, a bug, and the transaction must not commit.
 */
const appended = (sql: SqlClient.SqlClient, linked: LinkedAppend, moved: number | string) =>
  Number(moved) === linked.moves.length
    ? rememberHeads(sql, linked.heads)
    : headsDidNotMove(linked.moves, Number(moved))

/** The transfer-id unique constraint (migration 0200). */
const TRANSFER_ID_UNIQUE = "ledger_transfers_transfer_id_key"

/**
 * What a failed append statement means in core's terms: a balance that would go below zero is core's own
 * InsufficientUnits (the same message as in memory), a transfer id already there is InvalidTransfer;
 * `undefined` for anything else (not the append's doing).
 */
export const appendFailure = (
  prepared: PreparedAppend,
  error: SqlError.SqlError,
): InsufficientUnits | InvalidTransfer | undefined =>
  isUniqueViolation(error) &&
  error.reason._tag === "UniqueViolation" &&
  error.reason.constraint === TRANSFER_ID_UNIQUE
    ? new InvalidTransfer({ message: "A transfer of the batch is already in the ledger" })
    : isBalanceBelowZero(error)
      ? insufficient(prepared.batch, prepared.changes, error)
      : undefined

export const LedgerStorePg = Layer.effect(LedgerStore)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    const appendLinked = (prepared: PreparedAppend) =>
      Effect.gen(function* () {
        const linked = yield* linkAppend(sql, prepared)
        const statement = appendCtes(sql, linked)
        const rows = yield* sql<{ moved: string }>`WITH ${statement.ctes} SELECT ${statement.moved} AS moved`
        yield* appended(sql, linked, rows[0]!.moved)
      })

    // An append outside a transaction gets its own, so its chain heads stay locked until its rows are in.
    const append = (batch: ReadonlyArray<Transfer>) =>
      Effect.flatMap(prepareAppend(batch), (prepared) =>
        prepared === undefined
          ? Effect.void
          : Effect.flatMap(Effect.serviceOption(sql.transactionService), (inTransaction) =>
              (Option.isSome(inTransaction)
                ? appendLinked(prepared)
                : sql.withTransaction(appendLinked(prepared))
              ).pipe(
                Effect.catchTag("SqlError", (error) => {
                  const failure = appendFailure(prepared, error)
                  return failure === undefined ? Effect.die(error) : Effect.fail(failure)
                }),
              ),
            ),
      )

    return LedgerStore.of({
      append: (batch) =>
        append(batch).pipe(Effect.withSpan("LedgerStorePg.append", undefined, HOT_PATH_SPAN)),
      balance: (unitType, account) =>
        sql<{ units: string }>`
          SELECT units FROM ledger_balances WHERE unit_type = ${unitType} AND account_key = ${accountKey(account)}`.pipe(
          Effect.map((rows) => Number(rows[0]?.units ?? 0)),
          Effect.orDie,
        ),
      memberBalances: (memberId) =>
        sql<BalanceRow>`
          SELECT unit_type, account_key, units FROM ledger_balances WHERE member_id = ${memberId} ORDER BY opened`.pipe(
          Effect.map((rows) => rows.map(toBalance)),
          Effect.orDie,
        ),
      totals: (unitType) =>
        sql<{ bucket: keyof LedgerTotals; units: string }>`
          SELECT bucket, units FROM ledger_bucket_totals WHERE unit_type = ${unitType}`.pipe(
          Effect.map((rows) => {
            const totals = emptyTotals()
            for (const row of rows) totals[row.bucket] = Number(row.units)
            return totals
          }),
          Effect.orDie,
        ),
      transfersByOrder: (orderId) =>
        sql<TransferRow>`
          SELECT ${sql.literal(SELECT_TRANSFER)} FROM ledger_transfers WHERE order_id = ${orderId} ORDER BY seq`.pipe(
          Effect.map((rows) => rows.map(toTransfer)),
          Effect.orDie,
        ),
      transfersByMember: (memberId) =>
        sql<TransferRow>`
          SELECT ${sql.literal(SELECT_TRANSFER)} FROM ledger_transfers
          WHERE from_member = ${memberId} OR to_member = ${memberId} ORDER BY seq`.pipe(
          Effect.map((rows) => rows.map(toTransfer)),
          Effect.orDie,
        ),
      // Keyset pages on seq: constant memory and time a page however long the ledger.
      chainAfter: (afterPosition, limit) =>
        sql<ChainedRow>`
          SELECT ${sql.literal(SELECT_CHAINED)} FROM ledger_transfers
          WHERE seq > ${afterPosition} ORDER BY seq LIMIT ${limit}`.pipe(
          Effect.map((rows) => rows.map(toChained)),
          Effect.orDie,
        ),
      chainOfOrder: (orderId) =>
        sql<ChainedRow>`
          SELECT ${sql.literal(SELECT_CHAINED)} FROM ledger_transfers
          WHERE order_id = ${orderId} ORDER BY seq`.pipe(
          Effect.map((rows) => rows.map(toChained)),
          Effect.orDie,
        ),
      chainHeads: sql<{ chain: string; length: string | number; head: string }>`
        SELECT chain, length, head FROM ledger_chain_heads WHERE chain <> 'audit'`.pipe(
        Effect.map(
          (rows) =>
            new Map<string, ChainHead>(
              rows.map((r) => [r.chain, { length: Number(r.length), head: r.head }]),
            ),
        ),
        Effect.orDie,
      ),
    })
  }),
)
