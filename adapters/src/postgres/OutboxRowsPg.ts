/** The mail outbox's rows by id on PostgreSQL (`mail_outbox`): the last one, and taking back the ones added since. */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/** The id of the outbox's last row (0 when it is empty), as text. */
export const lastOutboxId = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const [last] = yield* sql<{ id: string }>`SELECT coalesce(max(id), 0)::text AS id FROM mail_outbox`
  return last!.id
})

/** Deletes the rows added after `afterId` to any of `addresses`. */
export const deleteOutboxRowsAfter = (afterId: string, addresses: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`DELETE FROM mail_outbox WHERE id > ${afterId}::bigint AND to_address IN ${sql.in(addresses)}`
  })
