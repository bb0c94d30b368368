/**
 * Issue 23, four eyes on admin money moves (core/src/approvals):
 * - `approval_requests`: one row per request a second admin decides: the command and the parameters it runs
 *   with (recorded at request time), its one-line summary and amount, who asked and when, and its decision
 *   (who, when, the reason or the outcome). A decision changes a pending row once (core's rules; the row is
 *   locked FOR UPDATE while it is decided); rows are never deleted, like the audit log.
 * - `approval_thresholds`: the threshold per currency, in minor units, set by `landunits approvals
 *   set-threshold`; a currency without a row has core's default (FourEyes.ts).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE approval_requests (
      request_id     text PRIMARY KEY,
      command        text NOT NULL,
      params         jsonb NOT NULL,
      summary        text NOT NULL,
      amount_minor   bigint CHECK (amount_minor >= 0),
      currency       text,
      requested_by   text NOT NULL,
      requester      jsonb NOT NULL,
      requested_at   bigint NOT NULL,
      expires_at     bigint NOT NULL,
      status         text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'expired', 'failed')),
      decider        jsonb,
      decided_at     bigint,
      reason         text,
      outcome        text,
      CHECK ((amount_minor IS NULL) = (currency IS NULL)),
      CHECK ((status = 'pending') = (decided_at IS NULL))
    )`
  yield* sql`CREATE INDEX approval_requests_by_requester ON approval_requests (requested_by, requested_at)`
  yield* sql`CREATE INDEX approval_requests_pending ON approval_requests (requested_at) WHERE status = 'pending'`
  yield* sql`
    CREATE TABLE approval_thresholds (
      currency      text PRIMARY KEY,
      minor_units   bigint NOT NULL CHECK (minor_units >= 0)
    )`
})
