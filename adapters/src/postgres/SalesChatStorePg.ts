/**
 * The sales chat's store on PostgreSQL: one row per message, read per member in the order written; the threads
 * waiting for the team in one statement.
 */
import { SalesChatStore } from "@landunits/core/saleschat/ports/SalesChatStore.ts"
import { type SalesMessage, SalesMessageId } from "@landunits/core/saleschat/SalesChatModel.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

interface MessageRow {
  readonly message_id: string
  readonly member_id: string
  readonly sender: "member" | "team"
  readonly author_name: string
  readonly admin_id: string | null
  readonly body: string
  readonly at: string | number
}

const toMessage = (r: MessageRow): SalesMessage => ({
  messageId: SalesMessageId.make(r.message_id),
  memberId: MemberId.make(r.member_id),
  from: r.sender,
  authorName: r.author_name,
  ...(r.admin_id === null ? {} : { adminId: MemberId.make(r.admin_id) }),
  text: r.body,
  at: Number(r.at),
})

export const SalesChatStorePg = Layer.effect(SalesChatStore)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return SalesChatStore.of({
      append: (m) =>
        sql`
          INSERT INTO sales_chat_messages (message_id, member_id, sender, author_name, admin_id, body, at)
          VALUES (${m.messageId}, ${m.memberId}, ${m.from}, ${m.authorName}, ${m.adminId ?? null}, ${m.text}, ${m.at})`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      thread: (memberId) =>
        sql<MessageRow>`
          SELECT message_id, member_id, sender, author_name, admin_id, body, at FROM sales_chat_messages
          WHERE member_id = ${memberId} ORDER BY at, seq`.pipe(
          Effect.map((rows) => rows.map(toMessage)),
          Effect.orDie,
        ),
      // The members whose last message (by time, then appended order) is their own, and all their messages.
      awaitingThreads: sql<MessageRow>`
        SELECT message_id, member_id, sender, author_name, admin_id, body, at FROM sales_chat_messages
        WHERE member_id IN (
          SELECT member_id FROM (
            SELECT DISTINCT ON (member_id) member_id, sender FROM sales_chat_messages
            ORDER BY member_id, at DESC, seq DESC
          ) last WHERE last.sender = 'member')
        ORDER BY member_id, at, seq`.pipe(
        Effect.map((rows) => {
          const threads = new Map<string, Array<SalesMessage>>()
          for (const row of rows) {
            const thread = threads.get(row.member_id) ?? []
            thread.push(toMessage(row))
            threads.set(row.member_id, thread)
          }
          return [...threads.values()]
        }),
        Effect.orDie,
      ),
    })
  }),
)
