/**
 * The browser a sign-in comes from: its device cookie (made here when it has none: 256 random bits) and a name
 * from its user agent ("Chrome 131 on Linux", by `bowser`). The place (from the IP address) is left out: no
 * local geolocation database is shipped (docs/decisions.md).
 */
import { randomBytes } from "node:crypto"
import type { SignInDevice } from "@landunits/core/accounts/AccountService.ts"
import type { AnswerOrigin } from "@landunits/core/secondfactor/SecondFactorModel.ts"
import Bowser from "bowser"
import { Effect } from "effect"
import { HttpServerRequest } from "effect/http"
import { clientAddress } from "./ClientAddress.ts"
import { DEVICE_COOKIE, type SessionCookieOptions, setDeviceCookie } from "./SessionCookie.ts"

/** "Chrome 131 on Linux", "Safari on iOS", or undefined for a request without a user agent. */
export const deviceName = (userAgent: string | undefined): string | undefined => {
  if (userAgent === undefined || userAgent.trim() === "") return undefined
  const parsed = Bowser.parse(userAgent)
  const major = parsed.browser.version?.split(".")[0]
  const browser = [parsed.browser.name, major].filter((p) => p !== undefined && p !== "").join(" ")
  const os = parsed.os.name
  const name = [browser, os].filter((p) => p !== undefined && p !== "").join(" on ")
  return name === "" ? userAgent.slice(0, 60) : name
}

/** The request's device, giving it a device cookie when it has none. */
export const signInDevice = (cookies: SessionCookieOptions) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    let id = request.cookies[DEVICE_COOKIE] ?? ""
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(id)) {
      id = randomBytes(32).toString("base64url")
      yield* setDeviceCookie(cookies, id)
    }
    return { id, name: deviceName(request.headers["user-agent"]) } satisfies SignInDevice
  })

/**
 * Where a second-factor answer comes from, as core's limits count it: the client's address and the browser's device
 * cookie when it has one (a device the member signed in from before is never held by strangers' wrong answers).
 */
export const answerOrigin = Effect.gen(function* () {
  const request = yield* HttpServerRequest.HttpServerRequest
  const device = request.cookies[DEVICE_COOKIE]
  return { address: yield* clientAddress, ...(device === undefined ? {} : { device }) } satisfies AnswerOrigin
})
