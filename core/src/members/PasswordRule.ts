/**
 * The one password rule (issue 38; docs/decisions/0053-password-rule.md): every form that sets a password
 * (registration, the emailed reset, change password, the profile's new password) and the API behind each holds
 * a new password to the same checks and shows the same hint under the field. It is spec §5's registration rule,
 * the one every member's password was made under: at least 6 characters, a letter and a digit, at most 255.
 * Signing in and proving the current password check only the stored hash, never this rule.
 */
import { Schema } from "effect"
import { maxLength, minLength, optionalSecret, pattern, requiredSecret } from "../validation/Fields.ts"
import { HouseMessage as H, SpecMessage as S } from "../validation/Messages.ts"

export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_MAX_LENGTH = 255

/** What every form shows under a new password's field: spec §5's hint, word for word. */
export const PASSWORD_RULE = "At least 1 letter, 1 number, minimum 6 characters."

const LETTER = /\p{L}/u
const DIGIT = /[0-9]/

const checks = [
  minLength(PASSWORD_MIN_LENGTH, S.passwordMinLength6),
  maxLength(PASSWORD_MAX_LENGTH, H.passwordMaxLength),
  pattern(LETTER, S.passwordNeedsLetter),
  pattern(DIGIT, S.passwordNeedsNumber),
] as const

/** A new password, required ('Password is required'), kept exactly as typed. */
export const NewPassword = requiredSecret(S.passwordRequired, ...checks)

/** A new password a form may leave blank (the profile's): blank leaves it out, anything else meets the rule. */
export const OptionalNewPassword = optionalSecret(...checks)

/** A form's confirmation of a new password equals it ('Passwords must match', at `path`). */
export const confirmationMatches = <const K extends string, const C extends string>(
  password: K,
  confirmation: C,
) =>
  Schema.makeFilter((form: Readonly<Record<K | C, string | undefined>>) =>
    form[password] === form[confirmation] ? undefined : { path: [confirmation], issue: S.passwordsMustMatch },
  )

/** The page of an emailed reset link: the new password and its confirmation. */
export const ResetPasswordForm = Schema.Struct({
  password: NewPassword,
  confirmPassword: requiredSecret(S.confirmPasswordRequired),
}).check(confirmationMatches("password", "confirmPassword"))
export type ResetPasswordForm = typeof ResetPasswordForm.Type

/** What POST /auth/login/reset/{token} receives (spec §7: the password). */
export const ResetPasswordRequest = Schema.Struct({ password: NewPassword })
export type ResetPasswordRequest = typeof ResetPasswordRequest.Type
