/** The site's content collections, newsletter subscribers (one per email ignoring case) and contact messages. */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE site_content (
      kind      text NOT NULL,
      position  integer NOT NULL,
      item      jsonb NOT NULL,
      PRIMARY KEY (kind, position)
    )`
  yield* sql`
    CREATE TABLE newsletter_subscribers (
      email        text NOT NULL,
      status       text NOT NULL CHECK (status IN ('pending', 'verified')),
      token_hash   text UNIQUE,
      updated_at   bigint NOT NULL
    )`
  yield* sql`CREATE UNIQUE INDEX newsletter_subscribers_email ON newsletter_subscribers (lower(email))`
  yield* sql`
    CREATE TABLE contact_messages (
      id       bigserial PRIMARY KEY,
      at       bigint NOT NULL,
      message  jsonb NOT NULL
    )`
})
