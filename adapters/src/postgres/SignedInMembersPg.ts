/**
 * SignedInMembers on PostgreSQL: the live session, its account, and the member's KYC record, transfers and the
 * orders behind them, in ONE statement (GET /user's only read of the member: each statement costs a round trip
 * and its share of the driver and the socket, more than what it reads). The records are aggregated as JSON rows,
 * decoded by the same functions as the stores' own reads (KycStorePg, LedgerStorePg.transfersByMember,
 * OrderRepositoryPg.getMany). Without a live session the statement answers no row: nothing of a member is read.
 */
import type { Account } from "@landunits/core/accounts/AccountModel.ts"
import type { KycRecord } from "@landunits/core/kyc/KycRecord.ts"
import { transferWithoutOrder } from "@landunits/core/ledger/TransfersWithOrders.ts"
import { SignedInMembers } from "@landunits/core/members/ports/SignedInMembers.ts"
import { notFound } from "@landunits/core/orders/ports/OrderRepository.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { type TransferRow, toTransfer } from "./LedgerStorePg.ts"
import { type OrderRow, toOrder } from "./OrderRepositoryPg.ts"
import { type SessionRow, sessionOf, sha256 } from "./SessionStorePg.ts"

interface SignedInMemberRow extends SessionRow {
  readonly record: Account
  readonly kyc: KycRecord | null
  readonly transfers: ReadonlyArray<TransferRow>
  readonly orders: ReadonlyArray<OrderRow>
}

export const SignedInMembersPg = Layer.effect(SignedInMembers)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return SignedInMembers.of({
      find: (sessionId, now) =>
        sql<SignedInMemberRow>`
          SELECT s.member_id, s.created_at, s.expires_at, s.ref, s.device, s.last_seen_at, s.second_factor_at,
            a.record,
            (SELECT k.record FROM kyc_records k WHERE k.member_id = s.member_id) AS kyc,
            coalesce(mine.transfers, '[]') AS transfers,
            (SELECT coalesce(json_agg(json_build_object('sequence', o.sequence, 'record', o.record)
                ORDER BY o.sequence), '[]')
              FROM orders o WHERE o.order_id = ANY(mine.order_ids)) AS orders
          FROM sessions s JOIN accounts a ON a.member_id = s.member_id
          LEFT JOIN LATERAL (
            SELECT json_agg(json_build_object(
                'transfer_id', t.transfer_id, 'order_id', t.order_id, 'unit_type', t.unit_type,
                'from_key', t.from_key, 'to_key', t.to_key, 'units', t.units, 'at', t.at) ORDER BY t.seq) AS transfers,
              array_agg(DISTINCT t.order_id) AS order_ids
            FROM ledger_transfers t WHERE t.from_member = s.member_id OR t.to_member = s.member_id) mine ON true
          WHERE s.session_hash = ${sha256(sessionId)} AND s.expires_at > ${now}`.pipe(
          Effect.orDie,
          Effect.flatMap((rows) => {
            const row = rows[0]
            if (row === undefined) return Effect.succeedNone
            const moved = { transfers: row.transfers.map(toTransfer), orders: row.orders.map(toOrder) }
            const missing = transferWithoutOrder(moved)
            if (missing !== undefined) return Effect.die(notFound(missing.orderId))
            return Effect.succeed(
              Option.some({
                session: sessionOf(sessionId, row),
                account: row.record,
                records: { kyc: Option.fromNullishOr(row.kyc), ...moved },
              }),
            )
          }),
        ),
    })
  }),
)
