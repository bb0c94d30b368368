/**
 * SecondFactorStore on PostgreSQL. The TOTP secret is a secret: it is stored encrypted with AES-256-GCM under the
 * document key (as KYC documents are, documents/DocumentSealing.ts), the member bound as additional data, so a
 * database reader learns nothing and a row moved to another member does not decrypt. Recovery codes are stored as
 * SHA-256 only. A time step and a recovery code are each used in one statement, so a code sent twice at once passes
 * once. Passkeys are PasskeyStorePg.ts.
 */
import { SecondFactorStore } from "@landunits/core/secondfactor/ports/SecondFactorStore.ts"
import type { TotpEnrollment } from "@landunits/core/secondfactor/SecondFactorModel.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { DocumentKey } from "../documents/DocumentKey.ts"
import { decrypt, encrypt } from "../documents/DocumentSealing.ts"

/** What the secret is bound to besides its member (the "document id" of the shared AES-GCM helpers). */
/** The id a TOTP secret is sealed under, with its member (the additional data). */
export const TOTP_PURPOSE = "totp-secret"

interface TotpRow {
  readonly member_id: string
  readonly key_id: string
  readonly iv: Uint8Array
  readonly ciphertext: Uint8Array
  readonly auth_tag: Uint8Array
  readonly created_at: string
  readonly confirmed_at: string | null
  readonly last_used_step: string
}

export const SecondFactorStorePg = Layer.effect(SecondFactorStore)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const key = yield* DocumentKey
    return SecondFactorStore.of({
      getTotp: (memberId) =>
        Effect.gen(function* () {
          const rows = yield* sql<TotpRow>`SELECT * FROM totp_factors WHERE member_id = ${memberId}`
          const row = rows[0]
          if (row === undefined) return Option.none<TotpEnrollment>()
          const secret = yield* decrypt(key, memberId, TOTP_PURPOSE, {
            keyId: row.key_id,
            iv: row.iv,
            ciphertext: row.ciphertext,
            authTag: row.auth_tag,
          })
          return Option.some<TotpEnrollment>({
            memberId: MemberId.make(row.member_id),
            secret: Buffer.from(secret).toString("utf8"),
            createdAt: Number(row.created_at),
            ...(row.confirmed_at === null ? {} : { confirmedAt: Number(row.confirmed_at) }),
            lastUsedStep: Number(row.last_used_step),
          })
        }).pipe(Effect.orDie),
      saveTotp: (enrollment) => {
        const sealed = encrypt(key, enrollment.memberId, TOTP_PURPOSE, Buffer.from(enrollment.secret, "utf8"))
        return sql`
          INSERT INTO totp_factors (member_id, key_id, iv, ciphertext, auth_tag, created_at, confirmed_at, last_used_step)
          VALUES (${enrollment.memberId}, ${key.keyId}, ${sealed.iv}, ${sealed.ciphertext}, ${sealed.authTag},
                  ${enrollment.createdAt}, ${enrollment.confirmedAt ?? null}, ${enrollment.lastUsedStep})
          ON CONFLICT (member_id) DO UPDATE SET key_id = EXCLUDED.key_id, iv = EXCLUDED.iv,
            ciphertext = EXCLUDED.ciphertext, auth_tag = EXCLUDED.auth_tag, created_at = EXCLUDED.created_at,
            confirmed_at = EXCLUDED.confirmed_at, last_used_step = EXCLUDED.last_used_step`.pipe(
          Effect.asVoid,
          Effect.orDie,
        )
      },
      removeTotp: (memberId) =>
        sql`DELETE FROM totp_factors WHERE member_id = ${memberId}`.pipe(Effect.asVoid, Effect.orDie),
      useStep: (memberId, step) =>
        sql`
          UPDATE totp_factors SET last_used_step = ${step}
          WHERE member_id = ${memberId} AND last_used_step < ${step} RETURNING member_id`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie,
        ),
      replaceRecoveryCodes: (memberId, hashes) =>
        sql
          .withTransaction(
            Effect.gen(function* () {
              yield* sql`DELETE FROM recovery_codes WHERE member_id = ${memberId}`
              for (const hash of hashes) {
                yield* sql`INSERT INTO recovery_codes (member_id, code_hash) VALUES (${memberId}, ${hash})`
              }
            }),
          )
          .pipe(Effect.orDie),
      useRecoveryCode: (memberId, hash, now) =>
        sql`
          UPDATE recovery_codes SET used_at = ${now}
          WHERE member_id = ${memberId} AND code_hash = ${hash} AND used_at IS NULL RETURNING code_hash`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie,
        ),
      recoveryCodesLeft: (memberId) =>
        sql<{ left: string }>`
          SELECT count(*) AS left FROM recovery_codes WHERE member_id = ${memberId} AND used_at IS NULL`.pipe(
          Effect.map((rows) => Number(rows[0]?.left ?? 0)),
          Effect.orDie,
        ),
    })
  }),
)
