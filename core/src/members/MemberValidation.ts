/**
 * The rules of the member forms (spec §5: Registration, Newsletter, Change password, Profile), with the
 * spec's messages. Each form schema decodes what the form holds into the values to act on: text trimmed,
 * blank text absent, passwords exactly as typed.
 *
 * A rule that relates two fields (passwords must match) is checked once every field of the form is valid
 * on its own: Effect checks a struct-level filter on a decoded value only.
 */
import { Effect, Schema, SchemaGetter } from "effect"
import { makeKycInfoSchema } from "../kyc/KycValidation.ts"
import { TERMS_VERSION } from "../shared/Constants.ts"
import { UserTypes } from "../shared/Enums.ts"
import { OptionalBusinessName, RequiredBusinessName } from "../validation/BusinessName.ts"
import {
  accepted,
  choice,
  clearableText,
  maxLength,
  minLength,
  optionalSecret,
  pattern,
  requiredSecret,
  requiredText,
  textOrEmpty,
} from "../validation/Fields.ts"
import { HouseMessage as H, SpecMessage as S } from "../validation/Messages.ts"
import { RegistrationPayload } from "./MemberModel.ts"
import { confirmationMatches, NewPassword, OptionalNewPassword } from "./PasswordRule.ts"

/** An address with a local part, an @, and a domain of dot-separated labels (at least two). */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/

/** Email of the registration and profile forms: 5 to 255 characters, valid, required ('Email is Required'). */
const memberEmail = requiredText(
  S.emailRequiredRegistration,
  minLength(5, S.emailMinLength),
  maxLength(255, H.emailMaxLength),
  pattern(EMAIL_PATTERN, S.invalidEmailFormat),
)

const userType = Schema.optionalKey(choice(UserTypes, S.invalidUserType))

// Registration

const registrationFields = {
  email: memberEmail,
  firstName: requiredText(
    S.firstNameRequired,
    minLength(2, S.firstNameMinLength),
    maxLength(50, H.firstNameMaxLength),
  ),
  lastName: textOrEmpty(maxLength(50, H.lastNameMaxLength)),
  password: NewPassword,
  confirmPassword: requiredSecret(S.confirmPasswordRequired),
  userType,
  termsAccepted: accepted(H.termsNotAccepted),
}

const passwordsMatch = confirmationMatches("password", "confirmPassword")

/** The registration form of the home and landing pages: businessName optional (the one rule when given). */
export const LandingRegistrationForm = Schema.Struct({
  ...registrationFields,
  businessName: OptionalBusinessName,
}).check(passwordsMatch)
export type LandingRegistrationForm = typeof LandingRegistrationForm.Type

/**
 * The registration form of the business pages: businessName required, by KYC's rule (at least 3 characters,
 * validation/BusinessName.ts), so KYC starts from a name it accepts.
 */
export const BusinessRegistrationForm = Schema.Struct({
  ...registrationFields,
  businessName: RequiredBusinessName,
}).check(passwordsMatch)
export type BusinessRegistrationForm = typeof BusinessRegistrationForm.Type

export type RegistrationForm = LandingRegistrationForm | BusinessRegistrationForm

/**
 * The submit step of spec §5: confirmPassword is dropped; with a non-empty businessName the member is a
 * BUSINESS, otherwise businessName is removed and the member is a USER (whatever userType the form held).
 */
export const toRegistrationPayload = (form: RegistrationForm): RegistrationPayload => {
  const { confirmPassword: _confirm, businessName, userType: _type, ...rest } = form
  const name = businessName?.trim() ?? ""
  const sent = { ...rest, termsVersion: TERMS_VERSION }
  return name === "" ? { ...sent, userType: "USER" } : { ...sent, businessName: name, userType: "BUSINESS" }
}

const submitted = <Form extends typeof LandingRegistrationForm | typeof BusinessRegistrationForm>(
  form: Form,
) =>
  form.pipe(
    Schema.decodeTo(RegistrationPayload, {
      decode: SchemaGetter.transform((values: RegistrationForm) => toRegistrationPayload(values)),
      encode: SchemaGetter.forbidden(() => "a registration payload is not turned back into a form"),
    }),
  )

/** The landing form, validated and turned into the payload to send. */
export const LandingRegistrationSubmit = submitted(LandingRegistrationForm)
export type LandingRegistrationSubmit = typeof LandingRegistrationSubmit.Type

/** The business form, validated and turned into the payload to send. */
export const BusinessRegistrationSubmit = submitted(BusinessRegistrationForm)
export type BusinessRegistrationSubmit = typeof BusinessRegistrationSubmit.Type

/**
 * The payload as POST /user/register receives it: the form's field rules without confirmPassword, and
 * userType consistent with businessName (BUSINESS exactly when a business name is given). The terms must be
 * accepted (`termsAccepted: true`); `termsVersion`, when sent, must be the terms now in force (TERMS_VERSION),
 * so a page that showed older terms cannot accept them. The account records the version and the time.
 */
export const RegistrationRequest = Schema.Struct({
  email: memberEmail,
  firstName: registrationFields.firstName,
  lastName: registrationFields.lastName,
  password: NewPassword,
  businessName: OptionalBusinessName,
  userType: choice(UserTypes, S.invalidUserType),
  termsAccepted: accepted(H.termsNotAccepted),
  /** TERMS_VERSION when not sent. */
  termsVersion: Schema.String.check(
    Schema.makeFilter((v) => (v === TERMS_VERSION ? undefined : H.termsVersionOutdated)),
  ).pipe(Schema.withDecodingDefaultKey(Effect.succeed(TERMS_VERSION))),
}).check(
  Schema.makeFilter((request) =>
    request.userType === "BUSINESS" && request.businessName === undefined
      ? { path: ["businessName"], issue: S.businessNameRequired }
      : request.userType === "USER" && request.businessName !== undefined
        ? { path: ["userType"], issue: S.invalidUserType }
        : undefined,
  ),
)
export type RegistrationRequest = typeof RegistrationRequest.Type

// Newsletter

export const NewsletterForm = Schema.Struct({
  email: requiredText(
    S.emailRequired,
    maxLength(255, H.emailMaxLength),
    pattern(EMAIL_PATTERN, S.invalidEmailFormat),
  ),
})
export type NewsletterForm = typeof NewsletterForm.Type

// Change password

/**
 * The new password follows the one password rule (PasswordRule.ts). The current password is only required: it
 * is checked against the stored hash, never against a rule.
 */
export const ChangePasswordForm = Schema.Struct({
  currentPassword: requiredSecret(S.passwordRequired, maxLength(255, H.passwordMaxLength)),
  newPassword: NewPassword,
  confirmNewPassword: requiredSecret(S.confirmNewPasswordRequired),
}).check(confirmationMatches("newPassword", "confirmNewPassword"))
export type ChangePasswordForm = typeof ChangePasswordForm.Type

// Profile

/**
 * The profile form, with kycInfo judged on `today` (YYYY-MM-DD, see KycValidation.makePassportSchema).
 * Email and firstName are always sent; the other fields only when non-empty, except lastName, which may
 * be sent as "" to clear it. A new password needs the current one and a matching confirmation.
 */
export const makeProfileSchema = (today: string) =>
  Schema.Struct({
    email: memberEmail,
    firstName: requiredText(
      S.firstNameRequired,
      minLength(3, H.profileFirstNameMinLength),
      maxLength(50, H.firstNameMaxLength),
    ),
    lastName: clearableText(maxLength(50, H.lastNameMaxLength)),
    userType,
    newPassword: OptionalNewPassword,
    currentPassword: optionalSecret(maxLength(255, H.passwordMaxLength)),
    confirmNewPassword: optionalSecret(),
    kycInfo: Schema.optionalKey(makeKycInfoSchema(today)),
  }).check(
    Schema.makeFilter((profile) => [
      ...(profile.newPassword === profile.confirmNewPassword
        ? []
        : [{ path: ["confirmNewPassword"], issue: S.passwordsMustMatch }]),
      ...(profile.newPassword !== undefined && profile.currentPassword === undefined
        ? [{ path: ["currentPassword"], issue: H.currentPasswordRequired }]
        : []),
    ]),
  )
export type ProfileInput = ReturnType<typeof makeProfileSchema>["Type"]
