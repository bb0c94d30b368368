/** The accounts context's refusals, each with the status the API answers and a message members can act on. */
import { Schema } from "effect"

const Message = { message: Schema.String }

export class EmailTaken extends Schema.TaggedError<EmailTaken>()("EmailTaken", Message, {
  httpApiStatus: 409,
}) {}

export class InvalidCredentials extends Schema.TaggedError<InvalidCredentials>()(
  "InvalidCredentials",
  Message,
  {
    httpApiStatus: 401,
  },
) {}

export class EmailNotConfirmedYet extends Schema.TaggedError<EmailNotConfirmedYet>()(
  "EmailNotConfirmedYet",
  Message,
  { httpApiStatus: 403 },
) {}

export class TokenInvalid extends Schema.TaggedError<TokenInvalid>()("TokenInvalid", Message, {
  httpApiStatus: 400,
}) {}

export class AccountNotFound extends Schema.TaggedError<AccountNotFound>()("AccountNotFound", Message, {
  httpApiStatus: 404,
}) {}

export const AccountMessages = {
  emailTaken: "An account with this email already exists. Log in, or reset your password.",
  invalidCredentials: "The email or password is not correct.",
  emailNotConfirmed:
    "Please confirm your email address first: we sent you a link. You can ask for a new one from the login page.",
  tokenInvalid: "This link is not valid or has expired. Please ask for a new one.",
  currentPasswordWrong: "The current password is not correct.",
  confirmationSent: "Thank you for registering! We have sent you an email to confirm your address.",
  confirmationResent: "If an account is waiting for confirmation at this address, we have sent a new link.",
  resetSent: "If an account exists for this address, we have sent a link to reset the password.",
  registrationCancelled: "Your registration has been cancelled.",
} as const
