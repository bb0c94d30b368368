/**
 * What the platform holds about one member on PostgreSQL, read by their member id only (and the newsletter's row
 * by their email): the rows privacy/MemberDataArchiveZip.ts puts in a member's data archive.
 */
import type { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

type Row = Record<string, unknown>

export const MemberDataRowsPg = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  return {
    /** Every table's rows of one member, read by their member id only. */
    records: (memberId: MemberId) =>
      Effect.all({
        account: sql<{ record: Row }>`SELECT record FROM accounts WHERE member_id = ${memberId}`,
        kyc: sql<{ record: Row }>`SELECT record FROM kyc_records WHERE member_id = ${memberId}`,
        orders: sql<{
          record: Row
        }>`SELECT record FROM orders WHERE member_id = ${memberId} ORDER BY sequence`,
        transfers: sql<Row>`
          SELECT transfer_id, order_id, unit_type, from_key, to_key, units, at FROM ledger_transfers WHERE from_member = ${memberId} OR to_member = ${memberId} ORDER BY seq`,
        balances: sql<Row>`
          SELECT unit_type, bucket, units FROM ledger_balances WHERE member_id = ${memberId} ORDER BY opened`,
        payouts: sql<{ record: Row }>`SELECT record FROM payouts WHERE member_id = ${memberId} ORDER BY seq`,
        ballots: sql<Row>`SELECT vote_id, answer, record FROM ballots WHERE member_id = ${memberId} ORDER BY vote_id`,
        quizzes: sql<Row>`SELECT vote_id, record FROM quiz_attempts WHERE member_id = ${memberId} ORDER BY vote_id`,
        chat: sql<Row>`
          SELECT message_id, sender, author_name, body, at FROM sales_chat_messages
          WHERE member_id = ${memberId} ORDER BY at, seq`,
        questions: sql<{ record: Row }>`
          SELECT record FROM community_questions WHERE record->>'askerId' = ${memberId} ORDER BY created_at, seq`,
        ideas: sql<{ record: Row }>`
          SELECT record FROM ideas WHERE record->>'authorId' = ${memberId} ORDER BY created_at, seq`,
        upvotes: sql<Row>`SELECT idea_id, at FROM idea_upvotes WHERE member_id = ${memberId} ORDER BY seq`,
        applications: sql<{ record: Row }>`
          SELECT record FROM agent_applications WHERE member_id = ${memberId} ORDER BY submitted_at, seq`,
        subscriptions: sql<Row>`
          SELECT newsletter, order_updates, governance, news, updated_at FROM member_subscriptions
          WHERE member_id = ${memberId}`,
      }).pipe(Effect.orDie),
    /** The newsletter sign-up of `email` (lower case), if any. */
    newsletter: (email: string) =>
      sql<Row>`
        SELECT email, status, updated_at FROM newsletter_subscribers WHERE lower(email) = ${email}`.pipe(
        Effect.orDie,
      ),
  }
})
