/** The second factor's refusals, each with the status the API answers and a message members can act on. */
import { Schema } from "effect"

const Message = { message: Schema.String }

/** A wrong, used or expired code (TOTP, recovery code) or a passkey answer that does not verify. */
export class SecondFactorInvalid extends Schema.TaggedError<SecondFactorInvalid>()(
  "SecondFactorInvalid",
  Message,
  { httpApiStatus: 401 },
) {}

/** A change that needs the second factor again (step-up) was asked without a recent one on this session. */
export class SecondFactorRequired extends Schema.TaggedError<SecondFactorRequired>()(
  "SecondFactorRequired",
  Message,
  { httpApiStatus: 403 },
) {}

/** The half-signed-in step (password checked, second factor not yet) is over or was never started. */
export class SignInStepExpired extends Schema.TaggedError<SignInStepExpired>()("SignInStepExpired", Message, {
  httpApiStatus: 401,
}) {}

/** Setting up what is already set up, or confirming a setup never begun, or removing what is not there. */
export class SecondFactorConflict extends Schema.TaggedError<SecondFactorConflict>()(
  "SecondFactorConflict",
  Message,
  { httpApiStatus: 409 },
) {}

export const SecondFactorMessages = {
  codeInvalid: "That code is not correct or has already been used. Enter the current code from your app.",
  recoveryCodeInvalid: "That recovery code is not correct or has already been used.",
  passkeyInvalid: "The passkey could not be verified. Please try again.",
  stepUpRequired: "For your security, confirm it is you with your second factor before this change.",
  signInStepExpired: "Your sign-in has expired. Please enter your email and password again.",
  totpAlreadySetUp: "An authenticator app is already set up. Remove it first to set up another.",
  totpSetupNotStarted: "Start the authenticator setup first.",
  totpNotSetUp: "No authenticator app is set up.",
  passkeyNotFound: "That passkey was not found.",
  lastFactorHasRecovery: "Recovery codes need an authenticator app or a passkey.",
} as const

/** Settings asked to end a session the member does not have (already ended, or another member's). */
export class SessionNotFound extends Schema.TaggedError<SessionNotFound>()("SessionNotFound", Message, {
  httpApiStatus: 404,
}) {}
