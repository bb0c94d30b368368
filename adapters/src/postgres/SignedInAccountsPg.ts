import type { Account } from "@landunits/core/accounts/AccountModel.ts"
import { SignedInAccounts } from "@landunits/core/accounts/ports/SignedInAccounts.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { type SessionRow, sessionOf, sha256 } from "./SessionStorePg.ts"

/** The live session and its account in one statement (a join on the session's hash). */
export const SignedInAccountsPg = Layer.effect(SignedInAccounts)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return SignedInAccounts.of({
      find: (sessionId, now) =>
        sql<SessionRow & { record: Account }>`
          SELECT s.member_id, s.created_at, s.expires_at, s.ref, s.device, s.last_seen_at, s.second_factor_at, a.record
          FROM sessions s JOIN accounts a ON a.member_id = s.member_id
          WHERE s.session_hash = ${sha256(sessionId)} AND s.expires_at > ${now}`.pipe(
          Effect.map((rows) =>
            Option.map(Option.fromNullishOr(rows[0]), (r) => ({
              session: sessionOf(sessionId, r),
              account: r.record,
            })),
          ),
          Effect.orDie,
        ),
    })
  }),
)
