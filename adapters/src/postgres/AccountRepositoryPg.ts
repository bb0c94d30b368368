/**
 * AccountRepository on PostgreSQL: accounts (unique email ignoring case → EmailTaken; the terms accepted also in
 * columns of their own, terms_version and terms_accepted_at, for audit queries). Sessions are SessionStorePg.ts,
 * tokens TokenStorePg.ts, the rate limits' attempts AttemptLogPg.ts.
 */
import { AccountMessages, EmailTaken } from "@landunits/core/accounts/AccountErrors.ts"
import type { Account } from "@landunits/core/accounts/AccountModel.ts"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { isUniqueViolation } from "./SqlErrors.ts"

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
