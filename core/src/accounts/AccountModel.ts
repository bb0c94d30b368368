/**
 * A member's account as the accounts store keeps it: identity, names, role, whether the email is confirmed,
 * and the password's hash (never the password; the hash never leaves the accounts context). Sessions and
 * single-use tokens are records of their own.
 */
import { Schema } from "effect"
import { UserType } from "../shared/Enums.ts"
import { MemberId } from "../shared/Ids.ts"

export const Role = Schema.Literals(["member", "admin"])
export type Role = typeof Role.Type

/** Which Terms and Conditions the member accepted, and when (epoch ms): recorded at registration. */
export const TermsAcceptance = Schema.Struct({
  version: Schema.String,
  acceptedAt: Schema.Int,
})
export type TermsAcceptance = typeof TermsAcceptance.Type

export const Account = Schema.Struct({
  memberId: MemberId,
  /** As typed at registration; unique ignoring letter case. */
  email: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  userType: UserType,
  businessName: Schema.optionalKey(Schema.String),
  role: Role,
  /** The PasswordHasher's encoded hash (algorithm, parameters, salt, digest). */
  passwordHash: Schema.String,
  /** Epoch ms the email was confirmed; absent until then. */
  emailConfirmedAt: Schema.optionalKey(Schema.Int),
  /** True until the member's first sign-in has been answered. */
  firstLogin: Schema.Boolean,
  createdAt: Schema.Int,
  /** The terms accepted at registration; absent on accounts made before they were recorded (and admins'). */
  termsAccepted: Schema.optionalKey(TermsAcceptance),
  /** Epoch ms an admin disabled the account: it cannot sign in and has no session. Absent while enabled. */
  disabledAt: Schema.optionalKey(Schema.Int),
  /**
   * Epoch ms the account was closed (by the member, or an admin for a request by post): it is disabled too, and
   * its names and email are pseudonymised (privacy/PrivacyService.ts). Absent while open.
   */
  closedAt: Schema.optionalKey(Schema.Int),
})
export type Account = typeof Account.Type

/** A server-side session; its id is the cookie's value (random, 256 bits). */
export const Session = Schema.Struct({
  sessionId: Schema.String,
  memberId: MemberId,
  createdAt: Schema.Int,
  expiresAt: Schema.Int,
  /** A public handle of the session (settings lists it and signs it out by it); never the secret id. */
  ref: Schema.optionalKey(Schema.String),
  /** The device as its user agent names it ("Chrome 131 on Linux"); absent when it sent none. */
  device: Schema.optionalKey(Schema.String),
  /** Epoch ms of the session's last request (kept to a few minutes, not every request). */
  lastSeenAt: Schema.optionalKey(Schema.Int),
  /** Epoch ms a second factor was last given on this session (sign-in or step-up). */
  secondFactorAt: Schema.optionalKey(Schema.Int),
})
export type Session = typeof Session.Type

/** "sign-in-second-factor": the half-signed-in step between the password and the second factor. */
export const TokenPurpose = Schema.Literals(["confirm-email", "reset-password", "sign-in-second-factor"])
export type TokenPurpose = typeof TokenPurpose.Type

/** A single-use token as stored: only the SHA-256 of the token the member received. */
export const StoredToken = Schema.Struct({
  tokenHash: Schema.String,
  purpose: TokenPurpose,
  memberId: MemberId,
  expiresAt: Schema.Int,
})
export type StoredToken = typeof StoredToken.Type

export const normalizeEmail = (email: string) => email.trim().toLowerCase()
