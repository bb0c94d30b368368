/**
 * Forms the API checks with its own small payloads (login, password reset). Built from core's field
 * builders and the spec's messages, so the words are core's; the other forms use core's schemas directly.
 */
import {
  maxLength,
  minLength,
  pattern,
  requiredSecret,
  requiredText,
} from "@landunits/core/validation/Fields.ts"
import { HouseMessage as H, SpecMessage as S } from "@landunits/core/validation/Messages.ts"
import { Schema } from "effect"

export const LoginForm = Schema.Struct({
  email: requiredText(S.emailRequired, maxLength(255, H.emailMaxLength)),
  password: requiredSecret(S.passwordRequired, maxLength(255, H.passwordMaxLength)),
})
export type LoginForm = typeof LoginForm.Type

/** The reset password follows the registration rule (POST /auth/login/reset checks the same). */
export const ResetPasswordForm = Schema.Struct({
  password: requiredSecret(
    S.passwordRequired,
    minLength(6, S.passwordMinLength6),
    maxLength(255, H.passwordMaxLength),
    pattern(/\p{L}/u, S.passwordNeedsLetter),
    pattern(/[0-9]/, S.passwordNeedsNumber),
  ),
  confirmPassword: requiredSecret(S.confirmPasswordRequired),
}).check(
  Schema.makeFilter((form) =>
    form.password === form.confirmPassword
      ? undefined
      : { path: ["confirmPassword"], issue: S.passwordsMustMatch },
  ),
)
export type ResetPasswordForm = typeof ResetPasswordForm.Type
