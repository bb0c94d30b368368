import { Schema } from "effect"

/** The actor may not do this (not the owner, not an admin, not an agent, not the asker). HTTP 403. */
export class Forbidden extends Schema.TaggedError<Forbidden>()(
  "Forbidden",
  { message: Schema.String },
  { httpApiStatus: 403 },
) {}

/**
 * A change that a member without a second factor makes only with their current password (closing the account,
 * setting up a first factor) was asked without it, or with a wrong one. HTTP 403.
 */
export class PasswordRequired extends Schema.TaggedError<PasswordRequired>()(
  "PasswordRequired",
  { message: Schema.String },
  { httpApiStatus: 403 },
) {}

export const AccessMessages = {
  passwordRequired: "For your security, enter your current password to make this change.",
  passwordWrong: "The current password is not correct.",
} as const
