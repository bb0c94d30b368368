import * as fs from "node:fs/promises"
import { memberActor } from "@landunits/core/access/AccessModel.ts"
import { AccountService } from "@landunits/core/accounts/AccountService.ts"
import { type KycDocumentSlot, KycService } from "@landunits/core/kyc/KycService.ts"
import { ProfileService } from "@landunits/core/members/ProfileService.ts"
import { Effect } from "effect"
import type { Multipart } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../api/Api.ts"
import { InvalidInput } from "../api/ApiErrors.ts"
import { CurrentMember } from "../api/Authentication.ts"
import { type SessionCookieOptions, setSessionCookie } from "./SessionCookie.ts"
import { UserBundles } from "./UserBundle.ts"

const FILE_SLOTS: ReadonlyArray<readonly [string, KycDocumentSlot]> = [
  ["kycInfo.passport.passportFile", "passportFile"],
  ["kycInfo.optionalDocument", "optionalDocument"],
  ["kycInfo.businessInfo.registrationDocument", "registrationDocument"],
  ["kycInfo.businessInfo.optionalDocument", "businessOptionalDocument"],
]

const invalid = (errors: ReadonlyArray<{ readonly path: string; readonly message: string }>) =>
  new InvalidInput({ message: errors[0]?.message ?? "The profile is not valid.", errors })

const parseKycInfo = (text: string | undefined) =>
  Effect.try({
    try: () => (text === undefined || text.trim() === "" ? undefined : (JSON.parse(text) as unknown)),
    catch: () => invalid([{ path: "kycInfo", message: "kycInfo must be JSON" }]),
  })

export const ProfileHandlers = (cookies: SessionCookieOptions) =>
  HttpApiBuilder.group(
    Api,
    "profile",
    Effect.fn(function* (handlers) {
      const accounts = yield* AccountService
      const kyc = yield* KycService
      const bundles = yield* UserBundles
      const profiles = yield* ProfileService

      const userOf = (memberId: CurrentMember["Service"]["memberId"]) =>
        Effect.gen(function* () {
          const account = yield* accounts.account(memberId)
          return { user: (yield* bundles.of(account, false)).user }
        })

      return handlers
        .handle("updateProfile", ({ payload }) =>
          Effect.gen(function* () {
            const { memberId, sessionId } = yield* CurrentMember
            const kycInfo = yield* parseKycInfo(payload.kycInfo)
            const documents = yield* Effect.forEach(
              FILE_SLOTS.flatMap(([field, slot]) => {
                const file = payload[field as keyof typeof payload] as Multipart.PersistedFile | undefined
                return file === undefined ? [] : [{ slot, file }]
              }),
              ({ slot, file }) =>
                Effect.map(
                  Effect.promise(() => fs.readFile(file.path)),
                  (bytes) => ({
                    slot,
                    file: { fileName: file.name, bytes: new Uint8Array(bytes) },
                  }),
                ),
            )
            // One use case, one unit of work: a refused file or password leaves the names and details unchanged too.
            const { session } = yield* profiles
              .update({
                memberId,
                sessionId,
                form: {
                  email: payload.email,
                  firstName: payload.firstName,
                  lastName: payload.lastName,
                  newPassword: payload.newPassword,
                  currentPassword: payload.currentPassword,
                  confirmNewPassword: payload.confirmNewPassword,
                  kycInfo,
                  documents,
                },
              })
              .pipe(Effect.catchTag("InvalidProfile", (refused) => Effect.fail(invalid(refused.errors))))
            const answer = yield* userOf(memberId)
            // The new session's cookie only once the unit of work has committed.
            if (session !== undefined) yield* setSessionCookie(cookies, session)
            return answer
          }),
        )
        .handle("approveProfile", () =>
          Effect.gen(function* () {
            const { memberId } = yield* CurrentMember
            yield* kyc.submitForVerification(memberActor(memberId), memberId)
            return yield* userOf(memberId)
          }),
        )
    }),
  )
