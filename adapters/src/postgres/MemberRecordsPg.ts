/**
 * MemberRecords on PostgreSQL: a member's standing for a closure, the erasure at closure, and the retention purge
 * (docs/security.md, "A member's own data": what is kept, what is erased and why).
 *
 * Never touched: `ledger_transfers` (append-only by trigger and hash-chained; a row carries account keys made of
 * the member id, never a name) and `audit_log` (hash-chained; the closure's own entry names the member by id). So
 * `landunits ledger verify` verifies after a closure and after a purge as before.
 */

import {
  type AccountClosure,
  CLOSED_FIRST_NAME,
  CLOSED_LAST_NAME,
  closedEmail,
} from "@landunits/core/privacy/PrivacyModel.ts"
import { MemberRecords } from "@landunits/core/privacy/ports/MemberRecords.ts"
import type { OrderStatus, OrderType, UnitType } from "@landunits/core/shared/Enums.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

interface ClosureRow {
  readonly member_id: string
  readonly closed_at: string | number
  readonly closed_by: "member" | "admin"
  readonly kyc_purge_at: string | number
  readonly records_purge_at: string | number
  readonly kyc_purged_at: string | number | null
  readonly records_purged_at: string | number | null
}

const toClosure = (r: ClosureRow): AccountClosure => ({
  memberId: MemberId.make(r.member_id),
  closedAt: Number(r.closed_at),
  closedBy: r.closed_by,
  kycPurgeAt: Number(r.kyc_purge_at),
  recordsPurgeAt: Number(r.records_purge_at),
  ...(r.kyc_purged_at === null ? {} : { kycPurgedAt: Number(r.kyc_purged_at) }),
  ...(r.records_purged_at === null ? {} : { recordsPurgedAt: Number(r.records_purged_at) }),
})

const FORMER_MEMBER = `${CLOSED_FIRST_NAME} ${CLOSED_LAST_NAME}`
const ERASED = "(erased when the account closed)"

export const MemberRecordsPg = Layer.effect(MemberRecords)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return MemberRecords.of({
      standing: (memberId) =>
        Effect.all({
          balances: sql<{ unit_type: UnitType; bucket: string; units: string | number }>`
            SELECT unit_type, bucket, units FROM ledger_balances WHERE member_id = ${memberId} AND units <> 0`,
          orders: sql<{ order_id: string; order_type: OrderType; order_status: OrderStatus }>`
            SELECT order_id, order_type, order_status FROM orders WHERE member_id = ${memberId} ORDER BY sequence`,
          payouts: sql<{ n: string | number }>`
            SELECT count(*) AS n FROM payouts WHERE member_id = ${memberId} AND status <> 'Completed'`,
        }).pipe(
          Effect.map(({ balances, orders, payouts }) => ({
            balances: balances.map((b) => ({
              unitType: b.unit_type,
              bucket: b.bucket,
              units: Number(b.units),
            })),
            orders: orders.map((o) => ({
              orderId: o.order_id,
              orderType: o.order_type,
              orderStatus: o.order_status,
            })),
            unpaidPayouts: Number(payouts[0]?.n ?? 0),
          })),
          Effect.orDie,
        ),

      erase: (closure, formerEmail) =>
        sql
          .withTransaction(
            Effect.gen(function* () {
              const id = closure.memberId
              const email = formerEmail.trim().toLowerCase()
              yield* sql`
                INSERT INTO account_closures (member_id, closed_at, closed_by, kyc_purge_at, records_purge_at)
                VALUES (${id}, ${closure.closedAt}, ${closure.closedBy}, ${closure.kycPurgeAt}, ${closure.recordsPurgeAt})
                ON CONFLICT (member_id) DO NOTHING`
              yield* sql`DELETE FROM sessions WHERE member_id = ${id}`
              yield* sql`DELETE FROM account_tokens WHERE member_id = ${id}`
              yield* sql`DELETE FROM member_subscriptions WHERE member_id = ${id}`
              yield* sql`DELETE FROM newsletter_subscribers WHERE lower(email) = ${email}`
              yield* sql`DELETE FROM mail_outbox WHERE lower(to_address) = ${email}`
              yield* sql`DELETE FROM attempt_log WHERE strpos(lower(key), ${email}) > 0`
              yield* sql`DELETE FROM contact_messages WHERE lower(message->>'email') = ${email}`
              yield* sql`DELETE FROM data_exports WHERE member_id = ${id}`
              yield* sql`
                UPDATE sales_chat_messages SET author_name = ${FORMER_MEMBER} WHERE member_id = ${id} AND sender = 'member'`
              yield* sql`
                UPDATE agent_applications
                SET record = record || jsonb_build_object('reason', ${ERASED}::text, 'experienceAndMotivation', ${ERASED}::text)
                WHERE member_id = ${id}`
              // A transfer another member sent them names them by the email the sender typed: that order is the
              // sender's, kept, but the address becomes the closed account's.
              yield* sql`
                UPDATE orders SET record = jsonb_set(record, '{transfer,recipientEmail}', to_jsonb(${closedEmail(id)}::text))
                WHERE order_type = 'TRANSFER' AND lower(record->'transfer'->>'recipientEmail') = ${email}`
            }),
          )
          .pipe(Effect.orDie),

      closure: (memberId) =>
        sql<ClosureRow>`SELECT * FROM account_closures WHERE member_id = ${memberId}`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toClosure)),
          Effect.orDie,
        ),

      due: (now) =>
        sql<ClosureRow>`
          SELECT * FROM account_closures
          WHERE (kyc_purged_at IS NULL AND kyc_purge_at <= ${now})
             OR (records_purged_at IS NULL AND records_purge_at <= ${now})
          ORDER BY closed_at, member_id`.pipe(
          Effect.map((rows) => rows.map(toClosure)),
          Effect.orDie,
        ),

      purgeKyc: (memberId, at) =>
        sql
          .withTransaction(
            Effect.gen(function* () {
              yield* sql`DELETE FROM kyc_documents WHERE owner = ${memberId}`
              yield* sql`DELETE FROM kyc_records WHERE member_id = ${memberId}`
              yield* sql`UPDATE account_closures SET kyc_purged_at = ${at} WHERE member_id = ${memberId}`
            }),
          )
          .pipe(Effect.orDie),

      // Orders and payouts go; a transfer order another member received stays (it is their record too, and their
      // statements and order page read it). The ledger's transfers stay: after this, the member id they carry
      // leads to no person (the account is a pseudonymous stub, its KYC gone).
      purgeRecords: (memberId, at) =>
        sql
          .withTransaction(
            Effect.gen(function* () {
              yield* sql`
                DELETE FROM orders WHERE member_id = ${memberId}
                  AND NOT (order_type = 'TRANSFER' AND EXISTS (
                    SELECT 1 FROM ledger_transfers t
                    WHERE t.order_id = orders.order_id AND t.to_member IS NOT NULL AND t.to_member <> ${memberId}))`
              yield* sql`DELETE FROM payouts WHERE member_id = ${memberId}`
              yield* sql`DELETE FROM sales_chat_messages WHERE member_id = ${memberId}`
              yield* sql`UPDATE account_closures SET records_purged_at = ${at} WHERE member_id = ${memberId}`
            }),
          )
          .pipe(Effect.orDie),
    })
  }),
)
