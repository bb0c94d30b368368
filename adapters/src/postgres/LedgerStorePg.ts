/**
 * LedgerStore on PostgreSQL. An append is three statements in the caller's transaction: read the
 * balances the batch touches, check the batch against them with core's own `checkBatch` (the same rule
 * as in memory), then insert the transfers and add their net effect to the balance rows. The balance
 * rows' CHECK keeps member accounts at zero or above even if a caller forgot the unit of work's lock.
 */
import { accountKey, checkBatch, sumBalances } from "@landunits/core/ledger/Ledger.ts"
import { InvalidTransfer } from "@landunits/core/ledger/LedgerErrors.ts"
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
import type { UnitType } from "@landunits/core/shared/Enums.ts"
import { MemberId, OrderId, TransferId } from "@landunits/core/shared/Ids.ts"
import { Array as Arr, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { isUniqueViolation } from "./SqlErrors.ts"

interface TransferRow {
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

const toTransfer = (row: TransferRow): Transfer => ({
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

const emptyTotals = (): { -readonly [K in keyof LedgerTotals]: number } => ({
  owned: 0,
  owned_DOUBLE_LAND: 0,
  pendingBuy: 0,
  pendingSell: 0,
  convertLocked: 0,
  issuance: 0,
  fees: 0,
})

const SELECT_TRANSFER = "transfer_id, order_id, unit_type, from_key, to_key, units, at"

export const LedgerStorePg = Layer.effect(LedgerStore)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    const append = (batch: ReadonlyArray<Transfer>) =>
      Effect.gen(function* () {
        if (!Arr.isReadonlyArrayNonEmpty(batch)) return
        const ids = new Set(batch.map((t) => t.transferId))
        if (ids.size !== batch.length) {
          return yield* new InvalidTransfer({ message: "A batch lists the same transfer twice" })
        }
        const changes = [...sumBalances(batch).values()]
        if (!Arr.isArrayNonEmpty(changes)) return
        const unitTypes = [...new Set(changes.map((c) => c.unitType))]
        const keys = [...new Set(changes.map((c) => accountKey(c.account)))]
        const rows = yield* sql<BalanceRow>`
          SELECT unit_type, account_key, units FROM ledger_balances
          WHERE unit_type IN ${sql.in(unitTypes)} AND account_key IN ${sql.in(keys)}`
        const current = new Map(rows.map((r) => [`${r.unit_type}|${r.account_key}`, Number(r.units)]))
        const refused = checkBatch(
          batch,
          (unitType, account) => current.get(`${unitType}|${accountKey(account)}`) ?? 0,
        )
        if (refused !== undefined) return yield* refused

        const transferRows = Arr.map(
          batch,
          (t): Record<string, unknown> => ({
            transfer_id: t.transferId,
            order_id: t.orderId,
            unit_type: t.unitType,
            from_key: accountKey(t.from),
            from_member: memberOf(t.from),
            to_key: accountKey(t.to),
            to_member: memberOf(t.to),
            units: t.units,
            at: t.at,
          }),
        )
        yield* sql`INSERT INTO ledger_transfers ${sql.insert(transferRows)}`.pipe(
          Effect.catchIf(isUniqueViolation, () =>
            Effect.fail(new InvalidTransfer({ message: "A transfer of the batch is already in the ledger" })),
          ),
        )
        // Open the accounts first (at zero), then add the batch's net effect: the balance CHECK is
        // evaluated on the inserted row, so adding through INSERT … ON CONFLICT would test the delta alone.
        const opened = Arr.map(
          changes,
          (c): Record<string, unknown> => ({
            unit_type: c.unitType,
            account_key: accountKey(c.account),
            member_id: memberOf(c.account),
            bucket: bucketOf(c.account),
            units: 0,
          }),
        )
        yield* sql`INSERT INTO ledger_balances ${sql.insert(opened)} ON CONFLICT (unit_type, account_key) DO NOTHING`
        const deltas = Arr.map(
          changes,
          (c): Record<string, unknown> => ({
            unit_type: c.unitType,
            account_key: accountKey(c.account),
            units: c.units,
          }),
        )
        yield* sql`
          UPDATE ledger_balances b SET units = b.units + v.units::bigint
          FROM ${sql.updateValues(deltas, "v")}
          WHERE b.unit_type = v.unit_type AND b.account_key = v.account_key`
      })

    return LedgerStore.of({
      append: (batch) =>
        append(batch).pipe(
          Effect.catchTag("SqlError", (error) => Effect.die(error)),
          Effect.withSpan("LedgerStorePg.append"),
        ),
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
          SELECT bucket, sum(units) AS units FROM ledger_balances WHERE unit_type = ${unitType} GROUP BY bucket`.pipe(
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
    })
  }),
)
