import { memberActor } from "@landunits/core/access/AccessModel.ts"
import { exportView, PrivacyMessages } from "@landunits/core/privacy/PrivacyModel.ts"
import { PrivacyService } from "@landunits/core/privacy/PrivacyService.ts"
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../api/Api.ts"
import { CurrentMember } from "../api/Authentication.ts"
import { clearSessionCookie, type SessionCookieOptions } from "./SessionCookie.ts"

/** Every route acts on the session's member only: no route takes a member id. */
export const PrivacyHandlers = (cookies: SessionCookieOptions) =>
  HttpApiBuilder.group(
    Api,
    "privacy",
    Effect.fn(function* (handlers) {
      const privacy = yield* PrivacyService
      return handlers
        .handle("dataExports", () =>
          Effect.gen(function* () {
            const { memberId } = yield* CurrentMember
            return { exports: (yield* privacy.exports(memberId)).map(exportView) }
          }),
        )
        .handle("requestDataExport", () =>
          Effect.gen(function* () {
            const { memberId, sessionId } = yield* CurrentMember
            return {
              export: exportView(yield* privacy.requestExport(memberId, memberActor(memberId, sessionId))),
            }
          }),
        )
        .handle("downloadDataExport", ({ params }) =>
          Effect.gen(function* () {
            const { memberId, sessionId } = yield* CurrentMember
            const archive = yield* privacy.download(
              memberId,
              params.exportId,
              memberActor(memberId, sessionId),
            )
            return HttpServerResponse.uint8Array(archive.bytes, {
              contentType: "application/zip",
              headers: { "content-disposition": `attachment; filename="${archive.fileName}"` },
            })
          }),
        )
        .handle("closeAccount", ({ payload }) =>
          Effect.gen(function* () {
            const member = yield* CurrentMember
            yield* privacy
              .closeAccount({
                memberId: member.memberId,
                closedBy: "member",
                actor: member.memberId,
                confirmEmail: payload.confirmEmail,
                sessionId: member.sessionId,
                currentPassword: payload.currentPassword,
              })
              .pipe(Effect.catchTag("AccountNotFound", Effect.die))
            yield* clearSessionCookie(cookies)
            return { message: PrivacyMessages.closed }
          }),
        )
    }),
  )
