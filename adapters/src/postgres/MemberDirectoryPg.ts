/** KYC's MemberDirectory on PostgreSQL: whom to write to. */
import { MemberDirectory } from "@landunits/core/kyc/ports/MemberDirectory.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { type MemberRow, SELECT_MEMBER } from "./MemberRowsPg.ts"

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
