/**
 * The narrow views of members other contexts read: the order engine's MemberStanding (confirmed email,
 * KYC status, name, disabled) and KYC's MemberDirectory (whom to write to), both over the accounts and KYC tables.
 */
import { MemberDirectory } from "@landunits/core/kyc/ports/MemberDirectory.ts"
import { MemberStanding, type Standing, UnknownMember } from "@landunits/core/orders/ports/MemberStanding.ts"
import type { KycStatus, UserType } from "@landunits/core/shared/Enums.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

interface MemberRow {
  readonly member_id: string
  readonly email: string
  readonly first_name: string
  readonly last_name: string
  readonly user_type: UserType
  readonly confirmed: boolean
  readonly kyc_status: KycStatus | null
  /** The account's `disabledAt` (epoch ms, a JSON number), null while enabled. */
  readonly disabled_at: number | null
}

const toStanding = (row: MemberRow): Standing => ({
  memberId: MemberId.make(row.member_id),
  email: row.email,
  name: `${row.first_name} ${row.last_name}`.trim(),
  emailConfirmed: row.confirmed,
  kycStatus: row.kyc_status ?? "UnVerified",
  ...(row.disabled_at === null ? {} : { disabledAt: Number(row.disabled_at) }),
})

const SELECT_MEMBER = `
  SELECT a.member_id, a.email, a.record->>'firstName' AS first_name, a.record->>'lastName' AS last_name,
         a.record->>'userType' AS user_type, (a.record ? 'emailConfirmedAt') AS confirmed, k.kyc_status,
         a.record->'disabledAt' AS disabled_at
  FROM accounts a LEFT JOIN kyc_records k ON k.member_id = a.member_id`

export const MemberStandingPg = Layer.effect(MemberStanding)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return MemberStanding.of({
      standing: (memberId) =>
        sql<MemberRow>`${sql.literal(SELECT_MEMBER)} WHERE a.member_id = ${memberId}`.pipe(
          Effect.orDie,
          Effect.flatMap((rows) =>
            rows[0] === undefined
              ? Effect.fail(new UnknownMember({ message: `Member ${memberId} was not found`, memberId }))
              : Effect.succeed(toStanding(rows[0])),
          ),
        ),
      findByEmail: (email) =>
        sql<MemberRow>`${sql.literal(SELECT_MEMBER)} WHERE lower(a.email) = lower(${email.trim()})`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toStanding)),
          Effect.orDie,
        ),
    })
  }),
)

export const MemberDirectoryPg = Layer.effect(MemberDirectory)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return MemberDirectory.of({
      contact: (memberId) =>
        sql<MemberRow>`${sql.literal(SELECT_MEMBER)} WHERE a.member_id = ${memberId}`.pipe(
          Effect.map((rows) =>
            Option.map(Option.fromNullishOr(rows[0]), (r) => ({
              memberId: MemberId.make(r.member_id),
              email: r.email,
              firstName: r.first_name,
              userType: r.user_type,
            })),
          ),
          Effect.orDie,
        ),
    })
  }),
)
