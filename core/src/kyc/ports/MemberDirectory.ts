import { Context, Effect, Layer, Option } from "effect"
import type { UserType } from "../../shared/Enums.ts"
import type { MemberId } from "../../shared/Ids.ts"

/** What KYC needs to know of a member: where to write, how to greet, and which fields are required. */
export interface MemberContact {
  readonly memberId: MemberId
  readonly email: string
  readonly firstName: string
  readonly userType: UserType
}

/**
 * Port: a narrow, read-only view of the members repository (implemented later by the members adapter).
 */
export class MemberDirectory extends Context.Service<
  MemberDirectory,
  {
    readonly contact: (memberId: MemberId) => Effect.Effect<Option.Option<MemberContact>>
  }
>()("@landunits/core/kyc/ports/MemberDirectory") {
  /** In memory, seeded with the given members. */
  static readonly layerMemory = (members: ReadonlyArray<MemberContact>) =>
    Layer.succeed(MemberDirectory)({
      contact: (memberId) =>
        Effect.sync(() => Option.fromNullishOr(members.find((m) => m.memberId === memberId))),
    })
}
