/**
 * TokenStore on PostgreSQL: tokens kept as SHA-256 of their secret, token use as one DELETE … RETURNING (so a link
 * works once even when clicked twice at the same moment).
 */
import { TokenStore } from "@landunits/core/accounts/ports/TokenStore.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

export const TokenStorePg = Layer.effect(TokenStore)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const memberOf = (rows: ReadonlyArray<{ member_id: string }>) =>
      Option.map(Option.fromNullishOr(rows[0]), (r) => MemberId.make(r.member_id))
    return TokenStore.of({
      save: (token) =>
        sql`
          INSERT INTO account_tokens (token_hash, purpose, member_id, expires_at)
          VALUES (${token.tokenHash}, ${token.purpose}, ${token.memberId}, ${token.expiresAt})
          ON CONFLICT (token_hash) DO UPDATE SET purpose = EXCLUDED.purpose, member_id = EXCLUDED.member_id,
            expires_at = EXCLUDED.expires_at`.pipe(Effect.asVoid, Effect.orDie),
      consume: (tokenHash, purpose, now) =>
        sql<{ member_id: string }>`
          DELETE FROM account_tokens WHERE token_hash = ${tokenHash} AND purpose = ${purpose} AND expires_at > ${now}
          RETURNING member_id`.pipe(Effect.map(memberOf), Effect.orDie),
      peek: (tokenHash, purpose, now) =>
        sql<{ member_id: string }>`
          SELECT member_id FROM account_tokens WHERE token_hash = ${tokenHash} AND purpose = ${purpose} AND expires_at > ${now}`.pipe(
          Effect.map(memberOf),
          Effect.orDie,
        ),
      removeAllOf: (memberId, purpose) =>
        sql`DELETE FROM account_tokens WHERE member_id = ${memberId} AND purpose = ${purpose}`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
    })
  }),
)
