/**
 * Session recording's routes. A batch is kept only when it reaches the production host (PUBLIC_HOST, compared
 * with the request's Host header by core's isProductionHost; with no PUBLIC_HOST recording is off: 404), within the address's quota (429),
 * and for a recording its own session started: the first batch of a browser session gets the recording cookie
 * (a random token, HttpOnly, SameSite=Strict, no Max-Age: it ends with the browser session), and a recording
 * is bound to the hash of that token. A signed-in member's batch (the session cookie's live session) names the
 * member. The browser decides the rest (the path list, the visitor's consent, masking) before anything is sent.
 */
import { createHash, randomBytes } from "node:crypto"
import { AccountService } from "@landunits/core/accounts/AccountService.ts"
import { LimitsService } from "@landunits/core/limits/LimitsService.ts"
import { isProductionHost } from "@landunits/core/recording/RecordedPaths.ts"
import { recordingOff } from "@landunits/core/recording/RecordingErrors.ts"
import { RecordingService } from "@landunits/core/recording/RecordingService.ts"
import { Effect, Option } from "effect"
import { HttpEffect, HttpServerRequest, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../api/Api.ts"
import { SESSION_COOKIE } from "../api/Authentication.ts"
import { RECORDING_COOKIE } from "../api/RecordingsApi.ts"
import { clientAddress } from "./ClientAddress.ts"

export interface RecordingSettingsOptions {
  /** PUBLIC_HOST: the production host, as a browser's address bar shows it (`landunits.example`); unset: off. */
  readonly publicHost: string | undefined
  /** Secure cookies (everywhere but development). */
  readonly secure: boolean
}

const sessionKeyOf = (token: string) => createHash("sha256").update(token).digest("base64url")

const TOKEN = /^[A-Za-z0-9_-]{43}$/

export const RecordingHandlers = (options: RecordingSettingsOptions) =>
  HttpApiBuilder.group(
    Api,
    "recordings",
    Effect.fn(function* (handlers) {
      const recordings = yield* RecordingService
      const limits = yield* LimitsService
      const accounts = yield* AccountService
      const publicHost = options.publicHost?.trim() === "" ? undefined : options.publicHost?.trim()
      return handlers
        .handle("settings", () => Effect.succeed({ publicHost: publicHost ?? null }))
        .handle("record", ({ payload }) =>
          Effect.gen(function* () {
            const request = yield* HttpServerRequest.HttpServerRequest
            if (!isProductionHost(request.headers.host, publicHost)) return yield* recordingOff()
            yield* limits.recordingBatch(yield* clientAddress)
            const presented = request.cookies[RECORDING_COOKIE]
            const token =
              presented !== undefined && TOKEN.test(presented)
                ? presented
                : randomBytes(32).toString("base64url")
            const sessionId = request.cookies[SESSION_COOKIE]
            const member =
              sessionId === undefined || sessionId === ""
                ? Option.none()
                : yield* accounts.currentSession(sessionId)
            yield* recordings.record(payload, {
              sessionKey: sessionKeyOf(token),
              memberId: Option.match(member, { onNone: () => undefined, onSome: (s) => s.account.memberId }),
            })
            if (token !== presented) {
              yield* HttpEffect.appendPreResponseHandler((_request, response) =>
                Effect.succeed(
                  HttpServerResponse.setCookieUnsafe(response, RECORDING_COOKIE, token, {
                    httpOnly: true,
                    sameSite: "strict",
                    secure: options.secure,
                    path: "/api/recordings",
                  }),
                ),
              )
            }
            return { recordingId: payload.recordingId, sequence: payload.sequence }
          }),
        )
    }),
  )
