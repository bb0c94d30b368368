import { Context, Effect, Layer, Option, Schema } from "effect"
import { KycStatus, UserType } from "../../shared/Enums.ts"
import { MemberId } from "../../shared/Ids.ts"

/** What the order engine needs to know about a member: may they buy (email), sell/transfer/convert (KYC)? */
export const Standing = Schema.Struct({
  memberId: MemberId,
  email: Schema.String,
  /** The member as core names it (members/MemberName.ts): what a sender sees before a transfer, and the emails say. */
  name: Schema.String,
  /** BUSINESS when `name` is a business's (shown whole to another member); USER when absent. */
  userType: Schema.optionalKey(UserType),
  emailConfirmed: Schema.Boolean,
  kycStatus: KycStatus,
  /** Epoch ms the account was disabled (a closed account is disabled too): it receives no transfer. Absent while enabled. */
  disabledAt: Schema.optionalKey(Schema.Int),
})
export type Standing = typeof Standing.Type

export class UnknownMember extends Schema.TaggedError<UnknownMember>()(
  "UnknownMember",
  { message: Schema.String, memberId: Schema.String },
  { httpApiStatus: 404 },
) {}

/**
 * Port: a narrow, read-only view of members for the order engine. The composition root implements it over
 * the members and KYC stores. `findByEmail` ignores letter case.
 */
export class MemberStanding extends Context.Service<
  MemberStanding,
  {
    readonly standing: (memberId: MemberId) => Effect.Effect<Standing, UnknownMember>
    /** The standing of each of `memberIds` found, in one read (a batch of buys); a member not found is absent. */
    readonly standings: (memberIds: ReadonlyArray<MemberId>) => Effect.Effect<ReadonlyMap<MemberId, Standing>>
    readonly findByEmail: (email: string) => Effect.Effect<Option.Option<Standing>>
  }
>()("@landunits/core/orders/ports/MemberStanding") {
  /** In memory over a map the caller owns (tests change a member's standing by changing the map). */
  static readonly layerMemory = (members: Map<MemberId, Standing>) =>
    Layer.succeed(MemberStanding)({
      standing: (memberId) =>
        Effect.suspend(() => {
          const found = members.get(memberId)
          return found === undefined
            ? Effect.fail(new UnknownMember({ message: `Member ${memberId} was not found`, memberId }))
            : Effect.succeed(found)
        }),
      standings: (memberIds) =>
        Effect.sync(
          () =>
            new Map(
              memberIds.flatMap((id) => {
                const found = members.get(id)
                return found === undefined ? [] : [[id, found] as const]
              }),
            ),
        ),
      findByEmail: (email) =>
        Effect.sync(() => {
          const wanted = email.trim().toLowerCase()
          return Option.fromNullishOr([...members.values()].find((m) => m.email.toLowerCase() === wanted))
        }),
    })
}
