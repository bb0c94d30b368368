/**
 * Members' accounts (one per email, ignoring letter case), sessions and single-use tokens — both stored
 * only as SHA-256 of the secret the member holds, so a copy of the database opens no session — and the
 * sign-in attempts the throttle counts.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE accounts (
      member_id   text PRIMARY KEY,
      email       text NOT NULL,
      role        text NOT NULL CHECK (role IN ('member', 'admin')),
      created_at  bigint NOT NULL,
      record      jsonb NOT NULL
    )`
  yield* sql`CREATE UNIQUE INDEX accounts_email ON accounts (lower(email))`
  yield* sql`
    CREATE TABLE sessions (
      session_hash  text PRIMARY KEY,
      member_id     text NOT NULL,
      created_at    bigint NOT NULL,
      expires_at    bigint NOT NULL
    )`
  yield* sql`CREATE INDEX sessions_member ON sessions (member_id)`
  yield* sql`
    CREATE TABLE account_tokens (
      token_hash  text PRIMARY KEY,
      purpose     text NOT NULL,
      member_id   text NOT NULL,
      expires_at  bigint NOT NULL
    )`
  yield* sql`CREATE INDEX account_tokens_member ON account_tokens (member_id, purpose)`
  yield* sql`CREATE TABLE login_attempts (key text NOT NULL, at bigint NOT NULL)`
  yield* sql`CREATE INDEX login_attempts_key ON login_attempts (key, at)`
})
