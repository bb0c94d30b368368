/**
 * Session recording's routes. A batch is kept only when the installation is configured to record (core's
 * configuredRecordingHost: PUBLIC_HOST set and, when APP_URL is set, naming APP_URL's host; otherwise recording is
 * off: 404; the request's Host header plays no part, since anyone can write it), within the address's batch quota
 * and the day's storage budget of the address and of the installation (429, core's RecordingService), and for a
 * recording its own session started: the first batch of a browser session gets the recording cookie
 * (a random token, HttpOnly, SameSite=Strict, no Max-Age: it ends with the browser session), and a recording
 * is bound to the hash of that token. A signed-in member's batch (the session cookie's live session) names the
 * member. The browser decides the rest (the path list, the visitor's consent, masking) before anything is sent.
 */
import { createHash, randomBytes } from "node:crypto"
import { AccountService } from "@landunits/core/accounts/AccountService.ts"
import { LimitsService } from "@landunits/core/limits/LimitsService.ts"
import { configuredRecordingHost } from "@landunits/core/recording/RecordedPaths.ts"
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
  /** APP_URL: the site's public URL; when set, recording runs only if its host is PUBLIC_HOST. */
  readonly appUrl?: string | undefined
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
      const publicHost = configuredRecordingHost(options.publicHost, options.appUrl)
      if (publicHost === undefined && (options.publicHost?.trim() ?? "") !== "")
        yield* Effect.logWarning(
          "Session recording is off: PUBLIC_HOST does not name APP_URL's host (docs/operations.md, Session recording).",
        )
      return handlers
        .handle("settings", () => Effect.succeed({ publicHost: publicHost ?? null }))
        .handle("record", ({ payload }) =>
          Effect.gen(function* () {
            if (publicHost === undefined) return yield* recordingOff()
            const request = yield* HttpServerRequest.HttpServerRequest
            const address = yield* clientAddress
            yield* limits.recordingBatch(address)
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
              address,
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
