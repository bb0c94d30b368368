/** PasskeyStore on PostgreSQL: passkeys are public keys; a WebAuthn challenge is taken once. */
import { PasskeyStore } from "@landunits/core/secondfactor/ports/PasskeyStore.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

interface PasskeyRow {
  readonly credential_id: string
  readonly member_id: string
  readonly public_key: string
  readonly counter: string
  readonly transports: ReadonlyArray<string>
  readonly name: string
  readonly created_at: string
  readonly last_used_at: string | null
}

const passkeyOf = (r: PasskeyRow) => ({
  credentialId: r.credential_id,
  memberId: MemberId.make(r.member_id),
  publicKey: r.public_key,
  counter: Number(r.counter),
  transports: r.transports,
  name: r.name,
  createdAt: Number(r.created_at),
  ...(r.last_used_at === null ? {} : { lastUsedAt: Number(r.last_used_at) }),
})

export const PasskeyStorePg = Layer.effect(PasskeyStore)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return PasskeyStore.of({
      listOf: (memberId) =>
        sql<PasskeyRow>`SELECT * FROM passkeys WHERE member_id = ${memberId} ORDER BY created_at, credential_id`.pipe(
          Effect.map((rows) => rows.map(passkeyOf)),
          Effect.orDie,
        ),
      get: (credentialId) =>
        sql<PasskeyRow>`SELECT * FROM passkeys WHERE credential_id = ${credentialId}`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), passkeyOf)),
          Effect.orDie,
        ),
      add: (p) =>
        sql`
          INSERT INTO passkeys (credential_id, member_id, public_key, counter, transports, name, created_at)
          VALUES (${p.credentialId}, ${p.memberId}, ${p.publicKey}, ${p.counter}, ${JSON.stringify(p.transports)}::jsonb,
                  ${p.name}, ${p.createdAt})`.pipe(Effect.asVoid, Effect.orDie),
      used: (credentialId, counter, now) =>
        sql`UPDATE passkeys SET counter = ${counter}, last_used_at = ${now} WHERE credential_id = ${credentialId}`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      remove: (memberId, credentialId) =>
        sql`DELETE FROM passkeys WHERE member_id = ${memberId} AND credential_id = ${credentialId} RETURNING member_id`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie,
        ),
      saveChallenge: (owner, challenge, expiresAt) =>
        sql`
          INSERT INTO webauthn_challenges (owner, challenge, expires_at) VALUES (${owner}, ${challenge}, ${expiresAt})
          ON CONFLICT (owner) DO UPDATE SET challenge = EXCLUDED.challenge, expires_at = EXCLUDED.expires_at`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      takeChallenge: (owner, now) =>
        sql<{ challenge: string; expires_at: string }>`
          DELETE FROM webauthn_challenges WHERE owner = ${owner} RETURNING challenge, expires_at`.pipe(
          Effect.map((rows) =>
            Option.filter(Option.fromNullishOr(rows[0]), (r) => Number(r.expires_at) > now).pipe(
              Option.map((r) => r.challenge),
            ),
          ),
          Effect.orDie,
        ),
    })
  }),
)
