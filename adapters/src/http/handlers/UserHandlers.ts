import { AccountService } from "@landunits/core/accounts/AccountService.ts"
import { ContentService } from "@landunits/core/content/ContentService.ts"
import { RecipientLookup } from "@landunits/core/orders/RecipientLookup.ts"
import { Effect, Option } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../api/Api.ts"
import { CurrentMember } from "../api/Authentication.ts"
import { SignedInAccount, SignedInOwnRecords } from "../middleware/SignedInAccount.ts"
import { clientAddress } from "./ClientAddress.ts"
import { type SessionCookieOptions, setSessionCookie } from "./SessionCookie.ts"
import { UserBundles } from "./UserBundle.ts"

export const UserHandlers = (cookies: SessionCookieOptions) =>
  HttpApiBuilder.group(
    Api,
    "user",
    Effect.fn(function* (handlers) {
      const accounts = yield* AccountService
      const content = yield* ContentService
      const recipients = yield* RecipientLookup
      const bundles = yield* UserBundles
      return handlers
        .handle("register", ({ payload }) =>
          Effect.flatMap(clientAddress, (address) =>
            Effect.map(accounts.register(payload, address), ({ message }) => ({ message })),
          ),
        )
        .handle("cancelRegistration", ({ payload }) =>
          Effect.map(accounts.cancelRegistration(payload.email), (message) => ({ message })),
        )
        .handle("contact", ({ payload }) =>
          Effect.flatMap(clientAddress, (address) =>
            Effect.map(content.sendContactMessage(payload, address), (message) => ({ message })),
          ),
        )
        .handle("me", () =>
          Effect.gen(function* () {
            const member = yield* CurrentMember
            const signedIn = yield* SignedInAccount
            const account = Option.isSome(signedIn)
              ? signedIn.value
              : yield* accounts.account(member.memberId)
            return yield* bundles.of(account, false, yield* SignedInOwnRecords)
          }),
        )
        .handle("changePassword", ({ payload }) =>
          Effect.gen(function* () {
            const member = yield* CurrentMember
            // A member with a second factor gives it again first: AccountService.changePassword's guard.
            const session = yield* accounts.changePassword({
              currentSessionId: member.sessionId,
              memberId: member.memberId,
              currentPassword: payload.currentPassword,
              newPassword: payload.newPassword,
            })
            // The member's other sessions end; this one continues under a new id.
            yield* setSessionCookie(cookies, session)
            return { message: "Your password has been changed." }
          }),
        )
        .handle("userNameByEmail", ({ query }) =>
          Effect.flatMap(CurrentMember, ({ memberId }) =>
            Effect.map(recipients.nameFor(memberId, query.email), (name) => ({ name })),
          ),
        )
    }),
  )
