/**
 * The second factor's forms, used by the API and the web forms alike: a TOTP code (6 digits, spaces allowed
 * as apps show "123 456"), or at sign-in either a TOTP code or a recovery code ("abcde-fghij").
 */

import { Schema, type SchemaAST, SchemaGetter } from "effect"
import { CurrentPassword } from "../access/MemberProof.ts"

export const SecondFactorFormMessages = {
  codeRequired: "Enter the code from your authenticator app",
  codeFormat: "The code is 6 digits",
  signInCodeFormat: "Enter the 6-digit code from your app, or a recovery code like abcde-fghij",
  passkeyNameLength: "A passkey's name is at most 60 characters",
} as const

const M = SecondFactorFormMessages

/** Spaces and dashes people type inside a code are not part of it. */
const compact = (s: string) => s.replace(/\s+/g, "")

const Code = (check: SchemaAST.Filter<string>) =>
  Schema.String.pipe(
    Schema.decodeTo(Schema.String.check(Schema.isNonEmpty({ message: M.codeRequired }).abort(), check), {
      decode: SchemaGetter.transform(compact),
      encode: SchemaGetter.transform((s: string) => s),
    }),
    Schema.annotateKey({ messageMissingKey: M.codeRequired }),
  )

export const TOTP_CODE_PATTERN = /^\d{6}$/
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/i

/** A TOTP code: setup's first code and the step-up before a sensitive change. */
export const TotpCodeForm = Schema.Struct({
  code: Code(Schema.isPattern(TOTP_CODE_PATTERN, { message: M.codeFormat })),
})
export type TotpCodeForm = typeof TotpCodeForm.Type

/** At sign-in (and at a step-up): a TOTP code or a recovery code. */
export const SecondFactorCodeForm = Schema.Struct({
  code: Code(
    Schema.makeFilter((code: string) =>
      TOTP_CODE_PATTERN.test(code) || RECOVERY_CODE_PATTERN.test(code) ? undefined : M.signInCodeFormat,
    ),
  ),
})
export type SecondFactorCodeForm = typeof SecondFactorCodeForm.Type

/** A recovery code as stored and compared: lower case, the dash put back. */
export const normalizeRecoveryCode = (code: string): string => {
  const plain = code.replace(/[\s-]+/g, "").toLowerCase()
  return `${plain.slice(0, 5)}-${plain.slice(5)}`
}

export const isTotpCode = (code: string): boolean => TOTP_CODE_PATTERN.test(code)

/** A browser's WebAuthn answer (or the options it is given), as JSON: the library checks its shape. */
export const WebAuthnJsonSchema = Schema.Record(Schema.String, Schema.Unknown)

/** Registering a passkey: the browser's answer and an optional name ("Laptop", "Phone"). */
export const PasskeyRegistrationForm = Schema.Struct({
  name: Schema.optionalKey(
    Schema.String.check(Schema.isMaxLength(60, { message: SecondFactorFormMessages.passkeyNameLength })),
  ),
  response: WebAuthnJsonSchema,
  /** Asked of a member registering their first factor (MemberUseCases.ts: registerPasskey). */
  currentPassword: Schema.optionalKey(CurrentPassword),
})
export type PasskeyRegistrationForm = typeof PasskeyRegistrationForm.Type

/** A passkey's answer at sign-in or at a step-up. */
export const PasskeyAnswerForm = Schema.Struct({ response: WebAuthnJsonSchema })
export type PasskeyAnswerForm = typeof PasskeyAnswerForm.Type
