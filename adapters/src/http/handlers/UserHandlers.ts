import { AccountService } from "@landunits/core/accounts/AccountService.ts"
import { ContentService } from "@landunits/core/content/ContentService.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { Effect, Option } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../api/Api.ts"
import { CurrentMember, sessionSecurity } from "../api/Authentication.ts"
import { SignedInAccount } from "../middleware/SignedInAccount.ts"
import type { SessionCookieOptions } from "./AuthHandlers.ts"
import { UserBundles } from "./UserBundle.ts"

export const UserHandlers = (cookies: SessionCookieOptions) =>
  HttpApiBuilder.group(
    Api,
    "user",
    Effect.fn(function* (handlers) {
      const accounts = yield* AccountService
      const content = yield* ContentService
      const orders = yield* OrderService
      const bundles = yield* UserBundles
      return handlers
        .handle("register", ({ payload }) =>
          Effect.map(accounts.register(payload), ({ message }) => ({ message })),
        )
        .handle("cancelRegistration", ({ payload }) =>
          Effect.map(accounts.cancelRegistration(payload.email), (message) => ({ message })),
        )
        .handle("contact", ({ payload }) =>
          Effect.map(content.sendContactMessage(payload), (message) => ({ message })),
        )
        .handle("me", () =>
          Effect.gen(function* () {
            const member = yield* CurrentMember
            const signedIn = yield* SignedInAccount
            const account = Option.isSome(signedIn)
              ? signedIn.value
              : yield* accounts.account(member.memberId)
            return yield* bundles.of(account, false)
          }),
        )
        .handle("changePassword", ({ payload }) =>
          Effect.gen(function* () {
            const member = yield* CurrentMember
            const session = yield* accounts.changePassword({
              memberId: member.memberId,
              currentPassword: payload.currentPassword,
              newPassword: payload.newPassword,
            })
            // The member's other sessions end; this one continues under a new id.
            yield* HttpApiBuilder.securitySetCookie(sessionSecurity, session.sessionId, {
              httpOnly: true,
              secure: cookies.secure,
              sameSite: "lax",
              path: "/",
              maxAge: Math.floor((session.expiresAt - session.createdAt) / 1000),
            })
            return { message: "Your password has been changed." }
          }),
        )
        .handle("userNameByEmail", ({ query }) =>
          Effect.map(orders.recipientName(query.email), (name) => ({ name })),
        )
    }),
  )
