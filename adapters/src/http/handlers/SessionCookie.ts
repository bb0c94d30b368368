/**
 * The session cookie, set in one place: HttpOnly, SameSite=Lax, Secure outside development, and a
 * `Max-Age` equal to the session's own lifetime (SESSION_LIFETIME_DAYS), so the browser keeps it exactly as
 * long as the server honours it.
 */
import type { Session } from "@landunits/core/accounts/AccountModel.ts"
import { Duration } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { sessionSecurity } from "../api/Authentication.ts"

export interface SessionCookieOptions {
  /** Secure cookies (everywhere but development). */
  readonly secure: boolean
}

const attributes = (options: SessionCookieOptions) =>
  ({ httpOnly: true, secure: options.secure, sameSite: "lax", path: "/" }) as const

/** Sets the cookie of `session` (a new sign-in, or the new id a password change gives the current one). */
export const setSessionCookie = (options: SessionCookieOptions, session: Session) =>
  HttpApiBuilder.securitySetCookie(sessionSecurity, session.sessionId, {
    ...attributes(options),
    // A Duration, never a bare number: Effect reads a bare number as milliseconds.
    maxAge: Duration.millis(session.expiresAt - session.createdAt),
  })

/** Ends the cookie (sign-out). */
export const clearSessionCookie = (options: SessionCookieOptions) =>
  HttpApiBuilder.securitySetCookie(sessionSecurity, "", { ...attributes(options), maxAge: Duration.zero })
