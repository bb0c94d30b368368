/**
 * SessionStore on PostgreSQL: a session is kept as the SHA-256 of its secret (the cookie's value), never the secret.
 * The row and its decoding are shared with the reads that join a session (SignedInAccountsPg, SignedInMembersPg).
 */
import { createHash, randomBytes } from "node:crypto"
import type { Session } from "@landunits/core/accounts/AccountModel.ts"
import { SessionStore } from "@landunits/core/accounts/ports/SessionStore.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

export const sha256 = (secret: string) => createHash("sha256").update(secret, "utf8").digest("hex")

export interface SessionRow {
  readonly member_id: string
  readonly created_at: string
  readonly expires_at: string
  readonly ref: string
  readonly device: string | null
  readonly last_seen_at: string | null
  readonly second_factor_at: string | null
}

export const sessionOf = (sessionId: string, r: SessionRow): Session => ({
  sessionId,
  memberId: MemberId.make(r.member_id),
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
  ref: r.ref,
  ...(r.device === null ? {} : { device: r.device }),
  ...(r.last_seen_at === null ? {} : { lastSeenAt: Number(r.last_seen_at) }),
  ...(r.second_factor_at === null ? {} : { secondFactorAt: Number(r.second_factor_at) }),
})

export const SessionStorePg = Layer.effect(SessionStore)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return SessionStore.of({
      create: (session) =>
        sql`
          INSERT INTO sessions (session_hash, member_id, created_at, expires_at, ref, device, last_seen_at, second_factor_at)
          VALUES (${sha256(session.sessionId)}, ${session.memberId}, ${session.createdAt}, ${session.expiresAt},
                  ${session.ref ?? randomBytes(12).toString("hex")}, ${session.device ?? null},
                  ${session.lastSeenAt ?? session.createdAt}, ${session.secondFactorAt ?? null})`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      get: (sessionId, now) =>
        sql<SessionRow>`
          SELECT member_id, created_at, expires_at, ref, device, last_seen_at, second_factor_at FROM sessions
          WHERE session_hash = ${sha256(sessionId)} AND expires_at > ${now}`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), (r) => sessionOf(sessionId, r))),
          Effect.orDie,
        ),
      remove: (sessionId) =>
        sql`DELETE FROM sessions WHERE session_hash = ${sha256(sessionId)}`.pipe(Effect.asVoid, Effect.orDie),
      removeAllOf: (memberId) =>
        sql`DELETE FROM sessions WHERE member_id = ${memberId}`.pipe(Effect.asVoid, Effect.orDie),
      listOf: (memberId, now) =>
        sql<SessionRow>`
          SELECT member_id, created_at, expires_at, ref, device, last_seen_at, second_factor_at FROM sessions
          WHERE member_id = ${memberId} AND expires_at > ${now}
          ORDER BY coalesce(last_seen_at, created_at) DESC, ref`.pipe(
          // The secret id is not known from a list (only its hash is stored): the ref names each one.
          Effect.map((rows) => rows.map((r) => sessionOf("", r))),
          Effect.orDie,
        ),
      removeOthers: (memberId, keep) =>
        sql`DELETE FROM sessions WHERE member_id = ${memberId} AND session_hash <> ${sha256(keep)}`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      removeByRef: (memberId, ref) =>
        sql`DELETE FROM sessions WHERE member_id = ${memberId} AND ref = ${ref} RETURNING ref`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie,
        ),
      touch: (sessionId, now) =>
        sql`UPDATE sessions SET last_seen_at = ${now} WHERE session_hash = ${sha256(sessionId)}`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      markSecondFactor: (sessionId, now) =>
        sql`UPDATE sessions SET second_factor_at = ${now} WHERE session_hash = ${sha256(sessionId)}`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
    })
  }),
)
