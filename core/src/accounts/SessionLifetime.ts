/** How long a member's session lasts from sign-in, and the installation's setting of it. */
import { Context } from "effect"

const DAY = 24 * 60 * 60_000
/** Sessions last 30 days from sign-in unless the installation says otherwise (SessionLifetime). */
export const SESSION_TTL_MS = 30 * DAY

/**
 * How long a session lasts from sign-in, in milliseconds. The composition root sets it from the
 * installation's settings (SESSION_LIFETIME_DAYS); the session cookie's lifetime is the session's.
 */
export const SessionLifetime = Context.Reference<number>("@landunits/core/accounts/SessionLifetime", {
  defaultValue: () => SESSION_TTL_MS,
})
