/**
 * Issue 23, two-factor sign-in and the member's sessions:
 * - sessions get a public `ref` (settings lists and ends a session by it, never by its secret), the device its
 *   user agent names, when it was last seen, and when a second factor was last given on it (the step-up);
 * - `totp_factors`: the authenticator secret, encrypted with AES-256-GCM under the document key (key id, IV,
 *   ciphertext, tag; the member bound as additional data), and the last time step used (no code twice);
 * - `recovery_codes`: SHA-256 of each code, and when it was used;
 * - `passkeys`: WebAuthn credentials (public keys); `webauthn_challenges`: the live challenge of a ceremony;
 * - `known_devices`: the SHA-256 of each device cookie a member signed in from (the new-device email).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE sessions ADD COLUMN ref text, ADD COLUMN device text, ADD COLUMN last_seen_at bigint,
    ADD COLUMN second_factor_at bigint`
  yield* sql`UPDATE sessions SET ref = substr(md5(session_hash || random()::text), 1, 24), last_seen_at = created_at`
  yield* sql`ALTER TABLE sessions ALTER COLUMN ref SET NOT NULL`
  yield* sql`CREATE UNIQUE INDEX sessions_ref ON sessions (ref)`
  yield* sql`
    CREATE TABLE totp_factors (
      member_id       text PRIMARY KEY,
      key_id          text NOT NULL,
      iv              bytea NOT NULL,
      ciphertext      bytea NOT NULL,
      auth_tag        bytea NOT NULL,
      created_at      bigint NOT NULL,
      confirmed_at    bigint,
      last_used_step  bigint NOT NULL DEFAULT 0
    )`
  yield* sql`
    CREATE TABLE recovery_codes (
      member_id   text NOT NULL,
      code_hash   text NOT NULL,
      used_at     bigint,
      PRIMARY KEY (member_id, code_hash)
    )`
  yield* sql`
    CREATE TABLE passkeys (
      credential_id  text PRIMARY KEY,
      member_id      text NOT NULL,
      public_key     text NOT NULL,
      counter        bigint NOT NULL,
      transports     jsonb NOT NULL,
      name           text NOT NULL,
      created_at     bigint NOT NULL,
      last_used_at   bigint
    )`
  yield* sql`CREATE INDEX passkeys_member ON passkeys (member_id)`
  yield* sql`
    CREATE TABLE webauthn_challenges (
      owner       text PRIMARY KEY,
      challenge   text NOT NULL,
      expires_at  bigint NOT NULL
    )`
  yield* sql`
    CREATE TABLE known_devices (
      member_id      text NOT NULL,
      device_hash    text NOT NULL,
      first_seen_at  bigint NOT NULL,
      last_seen_at   bigint NOT NULL,
      PRIMARY KEY (member_id, device_hash)
    )`
})
