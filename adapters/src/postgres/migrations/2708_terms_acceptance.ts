/**
 * Issue 27: the Terms and Conditions a member accepted at registration, with their version and the time, as
 * columns of the account (beside the account's record, which carries them too): so "who accepted which terms,
 * and when" is one query for an auditor. Accounts made before stay NULL: nothing was recorded for them.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE accounts ADD COLUMN terms_version text`
  yield* sql`ALTER TABLE accounts ADD COLUMN terms_accepted_at bigint`
  yield* sql`
    ALTER TABLE accounts ADD CONSTRAINT accounts_terms_whole
    CHECK ((terms_version IS NULL) = (terms_accepted_at IS NULL))`
})
