/**
 * The session cookie, set and cleared in one place: HttpOnly, SameSite=Lax, Secure outside development, and a
 * `Max-Age` equal to the session's own lifetime (SESSION_LIFETIME_DAYS), so the browser keeps it exactly as
 * long as the server honours it.
 *
 * Beside it goes the signed-in marker (`landunits_signed_in=1`): the same Path, SameSite, Secure and Max-Age,
 * but readable by scripts. It carries no secret (the value is always `1`); it only tells the web app that a
 * session may exist, so a guest's visit never asks `GET /api/user` and never gets its 401. Whenever the session
 * cookie ends (sign-out) or is refused (middleware/AuthenticationLive.ts), the marker ends too.
 */
import type { Session } from "@landunits/core/accounts/AccountModel.ts"
import { SIGN_IN_STEP_TTL_MS } from "@landunits/core/secondfactor/SecondFactorModel.ts"
import { SIGNED_IN_COOKIE_NAME } from "@landunits/core/shared/Constants.ts"
import { Duration, Effect } from "effect"
import { HttpEffect, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { sessionSecurity } from "../api/Authentication.ts"

export interface SessionCookieOptions {
  /** Secure cookies (everywhere but development). */
  readonly secure: boolean
}

/** What the two cookies share. */
const shared = (options: SessionCookieOptions) =>
  ({ secure: options.secure, sameSite: "lax", path: "/" }) as const

const session = (options: SessionCookieOptions) => ({ ...shared(options), httpOnly: true }) as const

/** The marker's value: the same for everyone, so it tells nothing but "a session may exist". */
const MARKER = "1"

const marker = (options: SessionCookieOptions, value: string, maxAge: Duration.Duration) =>
  HttpEffect.appendPreResponseHandler((_request, response) =>
    Effect.succeed(
      HttpServerResponse.setCookieUnsafe(response, SIGNED_IN_COOKIE_NAME, value, {
        ...shared(options),
        httpOnly: false,
        maxAge,
      }),
    ),
  )

/** Sets the cookie of `session` (a new sign-in, or the new id a password change gives the current one) and the marker. */
export const setSessionCookie = (options: SessionCookieOptions, signedIn: Session) => {
  // A Duration, never a bare number: Effect reads a bare number as milliseconds.
  const maxAge = Duration.millis(signedIn.expiresAt - signedIn.createdAt)
  return Effect.andThen(
    HttpApiBuilder.securitySetCookie(sessionSecurity, signedIn.sessionId, { ...session(options), maxAge }),
    marker(options, MARKER, maxAge),
  )
}

/** Ends the cookie and the marker (sign-out). */
export const clearSessionCookie = (options: SessionCookieOptions) =>
  Effect.andThen(
    HttpApiBuilder.securitySetCookie(sessionSecurity, "", { ...session(options), maxAge: Duration.zero }),
    clearSignedInMarker(options),
  )

/** Ends the marker alone (a session cookie the server refused: the browser is not signed in). */
export const clearSignedInMarker = (options: SessionCookieOptions) => marker(options, "", Duration.zero)

/** The half-signed-in step's cookie (password checked, second factor not yet): HttpOnly, for the auth routes only. */
export const SIGN_IN_STEP_COOKIE = "landunits_sign_in_step"
/** A random id of the browser, to tell a sign-in from a new device (HttpOnly; no secret of the account). */
export const DEVICE_COOKIE = "landunits_device"
/** Browsers keep a cookie at most 400 days. */
const DEVICE_COOKIE_DAYS = 400

const setCookie = (
  options: SessionCookieOptions,
  name: string,
  value: string,
  maxAge: Duration.Duration,
  path = "/",
) =>
  HttpEffect.appendPreResponseHandler((_request, response) =>
    Effect.succeed(
      HttpServerResponse.setCookieUnsafe(response, name, value, {
        ...shared(options),
        path,
        httpOnly: true,
        maxAge,
      }),
    ),
  )

/** The step's cookie lives as long as the step (SIGN_IN_STEP_TTL_MS), on the auth routes only. */
export const setSignInStepCookie = (options: SessionCookieOptions, token: string) =>
  setCookie(options, SIGN_IN_STEP_COOKIE, token, Duration.millis(SIGN_IN_STEP_TTL_MS), "/api/auth")

export const clearSignInStepCookie = (options: SessionCookieOptions) =>
  setCookie(options, SIGN_IN_STEP_COOKIE, "", Duration.zero, "/api/auth")

export const setDeviceCookie = (options: SessionCookieOptions, id: string) =>
  setCookie(options, DEVICE_COOKIE, id, Duration.days(DEVICE_COOKIE_DAYS))
