/** The order engine's MemberStanding on PostgreSQL: confirmed email, KYC status, name (core's MemberName), disabled. */
import { memberDisplayName } from "@landunits/core/members/MemberName.ts"
import { MemberStanding, type Standing, UnknownMember } from "@landunits/core/orders/ports/MemberStanding.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { type MemberRow, SELECT_MEMBER } from "./MemberRowsPg.ts"

const toStanding = (row: MemberRow): Standing => ({
  memberId: MemberId.make(row.member_id),
  email: row.email,
  name: memberDisplayName(
    {
      firstName: row.first_name,
      lastName: row.last_name,
      userType: row.user_type,
      businessName: row.business_name ?? undefined,
      closedAt: row.closed_at === null ? undefined : Number(row.closed_at),
    },
    { businessName: row.kyc_business_name ?? undefined },
  ),
  userType: row.user_type,
  emailConfirmed: row.confirmed,
  kycStatus: row.kyc_status ?? "UnVerified",
  ...(row.disabled_at === null ? {} : { disabledAt: Number(row.disabled_at) }),
})
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
      standings: (memberIds) =>
        memberIds.length === 0
          ? Effect.succeed(new Map())
          : sql<MemberRow>`${sql.literal(SELECT_MEMBER)} WHERE a.member_id IN ${sql.in(memberIds)}`.pipe(
              Effect.orDie,
              Effect.map(
                (rows) => new Map(rows.map((row) => [MemberId.make(row.member_id), toStanding(row)])),
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
