/**
 * The profile and KYC form (spec §7 POST /user/update_profile, multipart: the names, email, an optional new
 * password, kycInfo as JSON, and up to four files) and the member's "submit for verification"
 * (POST /user/approve_profile). Files are streamed to temporary storage as they arrive, so an upload over
 * 8 MB is refused (413, the spec's message: middleware/BodyLimits.ts) without ever being held whole in
 * memory; their type is judged by content. The form's limits are in BodyLimits.ts.
 */

import { Forbidden } from "@landunits/core/access/AccessErrors.ts"
import { AccountNotFound, InvalidCredentials } from "@landunits/core/accounts/AccountErrors.ts"
import {
  InvalidKycTransition,
  KycDocumentSlotUnavailable,
  KycFileTooLarge,
  KycIncomplete,
  KycMemberNotFound,
  KycUnsupportedFileType,
} from "@landunits/core/kyc/KycErrors.ts"
import { User } from "@landunits/core/members/MemberModel.ts"
import { SecondFactorRequired } from "@landunits/core/secondfactor/SecondFactorErrors.ts"
import { UPLOAD_MAX_BYTES } from "@landunits/core/shared/Constants.ts"
import { Schema } from "effect"
import { Multipart } from "effect/http"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { InvalidInput } from "./ApiErrors.ts"
import { Authentication } from "./Authentication.ts"
import { MULTIPART_BODY_MAX_BYTES, MULTIPART_FIELD_MAX_BYTES, MULTIPART_MAX_PARTS } from "./BodyLimits.ts"

const OptionalFile = Schema.optionalKey(Multipart.SingleFileSchema)

export const ProfileForm = Schema.Struct({
  firstName: Schema.optionalKey(Schema.String),
  lastName: Schema.optionalKey(Schema.String),
  email: Schema.optionalKey(Schema.String),
  newPassword: Schema.optionalKey(Schema.String),
  currentPassword: Schema.optionalKey(Schema.String),
  confirmNewPassword: Schema.optionalKey(Schema.String),
  /** kycInfo as JSON text (multipart carries text). */
  kycInfo: Schema.optionalKey(Schema.String),
  "kycInfo.passport.passportFile": OptionalFile,
  "kycInfo.optionalDocument": OptionalFile,
  "kycInfo.businessInfo.registrationDocument": OptionalFile,
  "kycInfo.businessInfo.optionalDocument": OptionalFile,
}).pipe(
  HttpApiSchema.asMultipart({
    maxFileSize: UPLOAD_MAX_BYTES,
    maxParts: MULTIPART_MAX_PARTS,
    maxFieldSize: MULTIPART_FIELD_MAX_BYTES,
    maxTotalSize: MULTIPART_BODY_MAX_BYTES,
  }),
)

const ProfileErrors = [
  InvalidInput,
  InvalidCredentials,
  AccountNotFound,
  Forbidden,
  KycMemberNotFound,
  KycDocumentSlotUnavailable,
  KycFileTooLarge,
  KycUnsupportedFileType,
  SecondFactorRequired,
] as const

export class ProfileApi extends HttpApiGroup.make("profile")
  .add(
    HttpApiEndpoint.post("updateProfile", "/user/update_profile", {
      payload: ProfileForm,
      success: Schema.Struct({ user: User }),
      error: ProfileErrors,
    }),
    HttpApiEndpoint.post("approveProfile", "/user/approve_profile", {
      success: Schema.Struct({ user: User }),
      error: [Forbidden, KycMemberNotFound, KycIncomplete, InvalidKycTransition, AccountNotFound],
    }),
  )
  .middleware(Authentication) {}
