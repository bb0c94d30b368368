/**
 * What a request carries to prove it is the member, where MemberUseCases.ts asks it of a member without a
 * second factor: the current password (closing the account, setting up a first factor).
 */
import { Schema } from "effect"

export const CurrentPassword = Schema.String.annotate({
  description: "The member's current password: required of a member without a second factor",
})

export const CurrentPasswordProof = Schema.Struct({ currentPassword: Schema.optionalKey(CurrentPassword) })
export type CurrentPasswordProof = typeof CurrentPasswordProof.Type
