/**
 * The member entities of spec §3 (User, Registration payload, Profile form) as data schemas.
 * These describe shape only; the rules input must meet are in MemberValidation.ts.
 * A member's password is never part of a User: only its hash is stored, by the adapter that stores members.
 */
import { Effect, Schema } from "effect"
import { KycDetails, KycInfo } from "../kyc/KycModel.ts"
import { KycStatus, UserType } from "../shared/Enums.ts"
import { MemberId } from "../shared/Ids.ts"

export const User = Schema.Struct({
  id: MemberId,
  email: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  userType: UserType,
  /** Business members only. */
  businessName: Schema.optionalKey(Schema.String),
  /** True until the member's first sign-in has been handled (first-time members go to a landing route). */
  firstLogin: Schema.Boolean,
  kycInfo: KycInfo,
  /** UnVerified when absent. */
  kycStatus: KycStatus.pipe(Schema.withDecodingDefaultKey(Effect.succeed<KycStatus>("UnVerified"))),
})
export type User = typeof User.Type

/** What the registration forms send to POST /user/register (confirmPassword already dropped). */
export const RegistrationPayload = Schema.Struct({
  email: Schema.String,
  firstName: Schema.String,
  /** May be "". */
  lastName: Schema.String,
  password: Schema.String,
  /** Present exactly when userType is BUSINESS. */
  businessName: Schema.optionalKey(Schema.String),
  userType: UserType,
  /** The member ticked "I accept the Terms and Conditions": registration needs it true. */
  termsAccepted: Schema.Boolean,
  /** The version of the terms the form showed (TERMS_VERSION). */
  termsVersion: Schema.String,
})
export type RegistrationPayload = typeof RegistrationPayload.Type

/**
 * The profile form (spec §3). Fields are sent only when non-empty, except lastName, which may be "".
 * kycInfo carries only what the member may set: no documents (uploads), no kycStatus.
 */
export const ProfileForm = Schema.Struct({
  email: Schema.String,
  firstName: Schema.String,
  lastName: Schema.optionalKey(Schema.String),
  userType: Schema.optionalKey(UserType),
  newPassword: Schema.optionalKey(Schema.String),
  currentPassword: Schema.optionalKey(Schema.String),
  confirmNewPassword: Schema.optionalKey(Schema.String),
  kycInfo: Schema.optionalKey(KycDetails),
})
export type ProfileForm = typeof ProfileForm.Type
