import { Clock, Context, Effect, Layer, Schema } from "effect"
import type { Forbidden } from "../access/AccessErrors.ts"
import { memberActor } from "../access/AccessModel.ts"
import type { AccountNotFound, InvalidCredentials } from "../accounts/AccountErrors.ts"
import type { Session } from "../accounts/AccountModel.ts"
import { AccountService } from "../accounts/AccountService.ts"
import { formatIsoDate } from "../format/Format.ts"
import type { KycDocumentSlot, UploadedFile } from "../kyc/KycDocuments.ts"
import type {
  KycDocumentSlotUnavailable,
  KycFileTooLarge,
  KycMemberNotFound,
  KycUnsupportedFileType,
} from "../kyc/KycErrors.ts"
import { KycService } from "../kyc/KycService.ts"
import { UnitOfWork } from "../orders/ports/UnitOfWork.ts"
import type { SecondFactorRequired } from "../secondfactor/SecondFactorErrors.ts"
import type { MemberId } from "../shared/Ids.ts"
import type { FieldError } from "../validation/FieldError.ts"
import { validate } from "../validation/Issues.ts"
import { makeProfileSchema } from "./MemberValidation.ts"

/** The profile form does not meet the rules; `errors` says which field broke which rule. */
export class InvalidProfile extends Schema.TaggedError<InvalidProfile>()("InvalidProfile", {
  message: Schema.String,
  errors: Schema.Array(Schema.Struct({ path: Schema.String, message: Schema.String })),
}) {}

const invalid = (errors: ReadonlyArray<FieldError>) =>
  new InvalidProfile({ message: errors[0]?.message ?? "The profile is not valid.", errors })

/** The member's profile form as sent: each field absent keeps what the account has. */
export interface ProfileForm {
  readonly email?: string | undefined
  readonly firstName?: string | undefined
  readonly lastName?: string | undefined
  readonly newPassword?: string | undefined
  readonly currentPassword?: string | undefined
  readonly confirmNewPassword?: string | undefined
  /** The KYC details, as parsed from the form (checked by the profile's schema). */
  readonly kycInfo?: unknown
  /** The files uploaded with the form, each for its document slot. */
  readonly documents: ReadonlyArray<{ readonly slot: KycDocumentSlot; readonly file: UploadedFile }>
}

export type ProfileError =
  | InvalidProfile
  | AccountNotFound
  | InvalidCredentials
  | SecondFactorRequired
  | Forbidden
  | KycMemberNotFound
  | KycDocumentSlotUnavailable
  | KycFileTooLarge
  | KycUnsupportedFileType

/**
 * The member's profile form (POST /user/update_profile): names, a new password, the KYC details and documents,
 * saved in one unit of work, so a refused file or password leaves the names and details unchanged too. The
 * password and the bank details payouts go to carry their step-up in their own use cases
 * (AccountService.changePassword, KycService.saveDetails).
 */
export class ProfileService extends Context.Service<
  ProfileService,
  {
    /**
     * Saves the form for the member signed in on `sessionId`. A new password ends the member's other sessions;
     * this one continues under the new session answered (its cookie is the caller's, once this has committed).
     */
    readonly update: (input: {
      readonly memberId: MemberId
      readonly sessionId: string
      readonly form: ProfileForm
    }) => Effect.Effect<{ readonly session: Session | undefined }, ProfileError>
  }
>()("@landunits/core/members/ProfileService") {
  static readonly layer = Layer.effect(ProfileService)(
    Effect.gen(function* () {
      const accounts = yield* AccountService
      const kyc = yield* KycService
      const unitOfWork = yield* UnitOfWork
      return ProfileService.of({
        update: Effect.fn("ProfileService.update")(function* ({ memberId, sessionId, form: sent }) {
          return yield* unitOfWork.transaction(
            Effect.gen(function* () {
              const actor = memberActor(memberId, sessionId)
              const account = yield* accounts.account(memberId)
              // The files' names are not refused: core keeps each under a safe display name
              // (kyc/Upload.ts, uploadDisplayName).
              const today = formatIsoDate(yield* Clock.currentTimeMillis)
              const form = {
                email: sent.email ?? account.email,
                firstName: sent.firstName ?? account.firstName,
                ...(sent.lastName === undefined ? {} : { lastName: sent.lastName }),
                userType: account.userType,
                ...(sent.newPassword === undefined ? {} : { newPassword: sent.newPassword }),
                ...(sent.currentPassword === undefined ? {} : { currentPassword: sent.currentPassword }),
                ...(sent.confirmNewPassword === undefined
                  ? {}
                  : { confirmNewPassword: sent.confirmNewPassword }),
                ...(sent.kycInfo === undefined ? {} : { kycInfo: sent.kycInfo }),
              }
              const checked = validate(makeProfileSchema(today), form)
              if (!checked.ok) return yield* invalid(checked.errors)
              const profile = checked.value
              if (profile.email.trim().toLowerCase() !== account.email.toLowerCase()) {
                return yield* invalid([
                  {
                    path: "email",
                    message: "Your email address cannot be changed here. Please contact support.",
                  },
                ])
              }
              // A refusal after this (the password, the details' step-up, a file) rolls the names back too.
              yield* accounts.updateNames({
                memberId,
                firstName: profile.firstName,
                lastName: profile.lastName ?? account.lastName,
              })
              // A new password ends the member's other sessions; this one continues under a new id.
              const session =
                profile.newPassword !== undefined && profile.currentPassword !== undefined
                  ? yield* accounts.changePassword({
                      memberId,
                      currentSessionId: sessionId,
                      currentPassword: profile.currentPassword,
                      newPassword: profile.newPassword,
                    })
                  : undefined
              if (profile.kycInfo !== undefined) yield* kyc.saveDetails(actor, memberId, profile.kycInfo)
              for (const { slot, file } of sent.documents)
                yield* kyc.uploadDocument(actor, memberId, slot, file)
              return { session }
            }),
          )
        }),
      })
    }),
  )
}
