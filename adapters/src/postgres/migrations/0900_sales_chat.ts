/**
 * The sales chat: one thread per member with the sales team, as messages in the order they were written.
 * `seq` keeps the appended order between messages of the same instant.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE sales_chat_messages (
      message_id  text PRIMARY KEY,
      seq         bigserial,
      member_id   text NOT NULL,
      sender      text NOT NULL CHECK (sender IN ('member', 'team')),
      author_name text NOT NULL,
      admin_id    text,
      body        text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
      at          bigint NOT NULL,
      CHECK ((sender = 'team') = (admin_id IS NOT NULL))
    )`
  yield* sql`CREATE INDEX sales_chat_messages_member ON sales_chat_messages (member_id, at, seq)`
})
