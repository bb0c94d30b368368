/**
 * The second factor of a member (issue 23): an authenticator app (TOTP, RFC 6238), one-time recovery codes,
 * and passkeys (WebAuthn). What is stored: the TOTP secret encrypted at rest by the adapter (the document key),
 * recovery codes only as SHA-256, passkeys as their public keys. The step-up window and the half-signed-in
 * step's lifetime are here, as numbers docs/security.md repeats.
 */
import { Context, Schema } from "effect"
import { MemberId } from "../shared/Ids.ts"

const MINUTE = 60_000

/** How long the step between the password and the second factor lasts (the pending half-session). */
export const SIGN_IN_STEP_TTL_MS = 5 * MINUTE
/** The default of STEP_UP_SECONDS. */
export const DEFAULT_STEP_UP_SECONDS = 300
/**
 * How long a second factor given on a session lets it do what moves Units or data out or changes its security
 * (MemberUseCases.ts): the setting STEP_UP_SECONDS, read by adapters from the environment and provided here.
 */
export const StepUpSeconds = Context.Reference<number>("@landunits/core/secondfactor/StepUpSeconds", {
  defaultValue: () => DEFAULT_STEP_UP_SECONDS,
})
/** How many recovery codes a member gets, each usable once. */
export const RECOVERY_CODE_COUNT = 10
/** The issuer shown in authenticator apps. */
export const TOTP_ISSUER = "Landunits"

/** The TOTP enrollment as core sees it: the secret in base32 (the adapter stores it encrypted). */
export const TotpEnrollment = Schema.Struct({
  memberId: MemberId,
  secret: Schema.String,
  createdAt: Schema.Int,
  /** Absent while the member has not yet entered a first code from the app (the setup is not in force). */
  confirmedAt: Schema.optionalKey(Schema.Int),
  /** The last time step accepted: a code is never accepted twice (RFC 6238 §5.2). */
  lastUsedStep: Schema.Int,
})
export type TotpEnrollment = typeof TotpEnrollment.Type

/** A registered passkey (WebAuthn credential): its id and public key, never a secret. */
export const Passkey = Schema.Struct({
  credentialId: Schema.String,
  memberId: MemberId,
  /** The COSE public key, base64url. */
  publicKey: Schema.String,
  counter: Schema.Int,
  transports: Schema.Array(Schema.String),
  name: Schema.String,
  createdAt: Schema.Int,
  lastUsedAt: Schema.optionalKey(Schema.Int),
})
export type Passkey = typeof Passkey.Type

export const SecondFactorMethod = Schema.Literals(["totp", "recovery-code", "passkey"])
export type SecondFactorMethod = typeof SecondFactorMethod.Type

/** What settings shows: which factors are in force (never a secret). */
export const SecondFactorStatus = Schema.Struct({
  totp: Schema.Boolean,
  recoveryCodesLeft: Schema.Int,
  passkeys: Schema.Array(
    Schema.Struct({
      credentialId: Schema.String,
      name: Schema.String,
      createdAt: Schema.Int,
      lastUsedAt: Schema.optionalKey(Schema.Int),
    }),
  ),
})
export type SecondFactorStatus = typeof SecondFactorStatus.Type

/**
 * Where a second-factor answer is given (LimitsService counts answers by it): a browser, by the client's address
 * and its device cookie (unknown devices are held to the account's bound on wrong answers from new devices), or
 * the admin's terminal (the CLI on the server, whose operator already holds the database).
 */
export type AnswerOrigin =
  | { readonly address: string; readonly device?: string | undefined }
  | { readonly terminal: true }
