/**
 * The accounts stores on PostgreSQL: accounts (unique email ignoring case → EmailTaken; the terms accepted also
 * in columns of their own, terms_version and terms_accepted_at, for audit queries), sessions and
 * tokens kept as SHA-256 of their secret, token use as one DELETE … RETURNING (so a link works once even
 * when clicked twice at the same moment). The rate limits' attempts are AttemptLogPg.ts.
 */
import { createHash, randomBytes } from "node:crypto"
import { AccountMessages, EmailTaken } from "@landunits/core/accounts/AccountErrors.ts"
import type { Account, Session } from "@landunits/core/accounts/AccountModel.ts"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { KnownDevices } from "@landunits/core/accounts/ports/KnownDevices.ts"
import { SessionStore } from "@landunits/core/accounts/ports/SessionStore.ts"
import { SignedInAccounts } from "@landunits/core/accounts/ports/SignedInAccounts.ts"
import { TokenStore } from "@landunits/core/accounts/ports/TokenStore.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { AttemptLogPg } from "./AttemptLogPg.ts"
import { isUniqueViolation } from "./SqlErrors.ts"

export const sha256 = (secret: string) => createHash("sha256").update(secret, "utf8").digest("hex")

export const AccountRepositoryPg = Layer.effect(AccountRepository)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const one = (rows: ReadonlyArray<{ record: Account }>) => Option.fromNullishOr(rows[0]?.record)
    return AccountRepository.of({
      insert: (account) =>
        sql`
          INSERT INTO accounts (member_id, email, role, created_at, terms_version, terms_accepted_at, record)
          VALUES (${account.memberId}, ${account.email}, ${account.role}, ${account.createdAt},
                  ${account.termsAccepted?.version ?? null}, ${account.termsAccepted?.acceptedAt ?? null},
                  ${JSON.stringify(account)}::jsonb)`.pipe(
          Effect.asVoid,
          Effect.catchTag("SqlError", (error) =>
            isUniqueViolation(error)
              ? Effect.fail(new EmailTaken({ message: AccountMessages.emailTaken }))
              : Effect.die(error),
          ),
        ),
      get: (memberId) =>
        sql<{ record: Account }>`SELECT record FROM accounts WHERE member_id = ${memberId}`.pipe(
          Effect.map(one),
          Effect.orDie,
        ),
      findByEmail: (email) =>
        sql<{
          record: Account
        }>`SELECT record FROM accounts WHERE lower(email) = lower(${email.trim()})`.pipe(
          Effect.map(one),
          Effect.orDie,
        ),
      update: (account) =>
        sql`
          UPDATE accounts SET email = ${account.email}, role = ${account.role},
            terms_version = ${account.termsAccepted?.version ?? null},
            terms_accepted_at = ${account.termsAccepted?.acceptedAt ?? null},
            record = ${JSON.stringify(account)}::jsonb
          WHERE member_id = ${account.memberId}`.pipe(Effect.asVoid, Effect.orDie),
      remove: (memberId) =>
        sql`DELETE FROM accounts WHERE member_id = ${memberId}`.pipe(Effect.asVoid, Effect.orDie),
      list: (filter) => {
        const needle = filter.search?.trim().toLowerCase() ?? ""
        const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        return sql<{ record: Account }>`
          SELECT record FROM accounts
          WHERE (${filter.role ?? null}::text IS NULL OR role = ${filter.role ?? null}::text)
            AND (${filter.disabled ?? null}::boolean IS NULL OR (record->>'disabledAt' IS NOT NULL) = ${filter.disabled ?? null}::boolean)
            AND (${needle} = '' OR lower(email) LIKE ${pattern}
                 OR lower(record->>'firstName') LIKE ${pattern} OR lower(record->>'lastName') LIKE ${pattern})
          ORDER BY created_at, member_id`.pipe(
          Effect.map((rows) => rows.map((r) => r.record)),
          Effect.orDie,
        )
      },
    })
  }),
)

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

/** Known devices: one upsert answers whether the device was there and whether the member had any before. */
export const KnownDevicesPg = Layer.effect(KnownDevices)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return KnownDevices.of({
      signedInFrom: (memberId, deviceHash, now) =>
        sql<{ known: boolean; others: boolean }>`
          WITH before AS (
            SELECT EXISTS (SELECT 1 FROM known_devices WHERE member_id = ${memberId} AND device_hash = ${deviceHash}) AS known,
                   EXISTS (SELECT 1 FROM known_devices WHERE member_id = ${memberId}) AS others
          ), upsert AS (
            INSERT INTO known_devices (member_id, device_hash, first_seen_at, last_seen_at)
            VALUES (${memberId}, ${deviceHash}, ${now}, ${now})
            ON CONFLICT (member_id, device_hash) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at
          )
          SELECT known, others FROM before`.pipe(
          Effect.map((rows) => (rows[0]?.known ? "known" : rows[0]?.others ? "new" : "first")),
          Effect.orDie,
        ),
      isKnown: (memberId, deviceHash) =>
        sql<{ known: boolean }>`
          SELECT EXISTS (
            SELECT 1 FROM known_devices WHERE member_id = ${memberId} AND device_hash = ${deviceHash}
          ) AS known`.pipe(
          Effect.map((rows) => rows[0]?.known === true),
          Effect.orDie,
        ),
    })
  }),
)

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

export const AccountStoresPg = Layer.mergeAll(
  AccountRepositoryPg,
  SessionStorePg,
  KnownDevicesPg,
  SignedInAccountsPg,
  TokenStorePg,
  AttemptLogPg,
)
