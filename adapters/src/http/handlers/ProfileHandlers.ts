import * as fs from "node:fs/promises"
import { memberActor } from "@landunits/core/access/AccessModel.ts"
import { AccountService } from "@landunits/core/accounts/AccountService.ts"
import { formatIsoDate } from "@landunits/core/format/Format.ts"
import { type KycDocumentSlot, KycService } from "@landunits/core/kyc/KycService.ts"
import { makeProfileSchema } from "@landunits/core/members/MemberValidation.ts"
import { validate } from "@landunits/core/validation/Issues.ts"
import { Clock, Effect } from "effect"
import type { Multipart } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
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
      const sql = yield* SqlClient.SqlClient

      const userOf = (memberId: CurrentMember["Service"]["memberId"]) =>
        Effect.gen(function* () {
          const account = yield* accounts.account(memberId)
          return { user: (yield* bundles.of(account, false)).user }
        })

      return handlers
        .handle("updateProfile", ({ payload }) =>
          // One transaction: a refused file or password leaves the names and details unchanged too.
          sql
            .withTransaction(
              Effect.gen(function* () {
                const { memberId, sessionId } = yield* CurrentMember
                const actor = memberActor(memberId, sessionId)
                const account = yield* accounts.account(memberId)
                const kycInfo = yield* parseKycInfo(payload.kycInfo)
                // The form's values are checked by `validate` below. The files' names are not refused: core keeps
                // each under a safe display name (kyc/Upload.ts, uploadDisplayName).
                const today = formatIsoDate(yield* Clock.currentTimeMillis)
                const form = {
                  email: payload.email ?? account.email,
                  firstName: payload.firstName ?? account.firstName,
                  ...(payload.lastName === undefined ? {} : { lastName: payload.lastName }),
                  userType: account.userType,
                  ...(payload.newPassword === undefined ? {} : { newPassword: payload.newPassword }),
                  ...(payload.currentPassword === undefined
                    ? {}
                    : { currentPassword: payload.currentPassword }),
                  ...(payload.confirmNewPassword === undefined
                    ? {}
                    : { confirmNewPassword: payload.confirmNewPassword }),
                  ...(kycInfo === undefined ? {} : { kycInfo }),
                }
                const checked = validate(makeProfileSchema(today), form)
                if (!checked.ok) return yield* invalid(checked.errors)
                const profile = checked.value
                if (profile.email.trim().toLowerCase() !== account.email.toLowerCase()) {
                  return yield* invalid([
                    {
                      path: "email",
                      message: "Your email address cannot be changed here. Please contact support.",
                    },
                  ])
                }
                // The password and the bank details payouts go to: their core use cases carry the step-up
                // (AccountService.changePassword, KycService.saveDetails); a refusal rolls the names back too.
                yield* accounts.updateNames({
                  memberId,
                  firstName: profile.firstName,
                  lastName: profile.lastName ?? account.lastName,
                })
                // A new password ends the member's other sessions; this one continues under a new id.
                const session =
                  profile.newPassword !== undefined && profile.currentPassword !== undefined
                    ? yield* accounts.changePassword({
                        memberId,
                        currentSessionId: sessionId,
                        currentPassword: profile.currentPassword,
                        newPassword: profile.newPassword,
                      })
                    : undefined
                if (profile.kycInfo !== undefined) yield* kyc.saveDetails(actor, memberId, profile.kycInfo)
                for (const [field, slot] of FILE_SLOTS) {
                  const file = payload[field as keyof typeof payload] as Multipart.PersistedFile | undefined
                  if (file === undefined) continue
                  const bytes = yield* Effect.promise(() => fs.readFile(file.path))
                  yield* kyc.uploadDocument(actor, memberId, slot, {
                    fileName: file.name,
                    bytes: new Uint8Array(bytes),
                  })
                }
                return { answer: yield* userOf(memberId), session }
              }),
            )
            .pipe(
              Effect.catchTag("SqlError", (error) => Effect.die(error)),
              // The new session's cookie only once the transaction has committed.
              Effect.tap(({ session }) =>
                session === undefined ? Effect.void : setSessionCookie(cookies, session),
              ),
              Effect.map(({ answer }) => answer),
            ),
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
