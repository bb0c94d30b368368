/**
 * The login form, which the API checks with its own small payload. Built from core's field builders and the
 * spec's messages, so the words are core's; the other forms use core's schemas directly (the password reset:
 * core's members/PasswordRule.ts).
 */
import { maxLength, requiredSecret, requiredText } from "@landunits/core/validation/Fields.ts"
import { HouseMessage as H, SpecMessage as S } from "@landunits/core/validation/Messages.ts"
import { Schema } from "effect"

export const LoginForm = Schema.Struct({
  email: requiredText(S.emailRequired, maxLength(255, H.emailMaxLength)),
  password: requiredSecret(S.passwordRequired, maxLength(255, H.passwordMaxLength)),
})
export type LoginForm = typeof LoginForm.Type
