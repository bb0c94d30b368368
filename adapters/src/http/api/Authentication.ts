/**
 * Member routes carry this middleware: it reads the session cookie, finds the session in the database and
 * provides the signed-in member to the handler; without a live session the route answers 401. Declared
 * here (the contract); implemented by middleware/AuthenticationLive.ts.
 */
import type { MemberId } from "@landunits/core/shared/Ids.ts"
import { Context } from "effect"
import { HttpApiMiddleware, HttpApiSecurity } from "effect/http-api"
import { NotSignedIn } from "./ApiErrors.ts"

/** HttpOnly, SameSite=Lax, Secure outside development (decisions.md). */
export const SESSION_COOKIE = "landunits_session"

/** The member a live session cookie names, provided to member routes' handlers. */
export class CurrentMember extends Context.Service<
  CurrentMember,
  { readonly memberId: MemberId; readonly sessionId: string; readonly role: "member" | "admin" }
>()("@landunits/adapters/http/api/CurrentMember") {}

/** The session cookie as an API-key security scheme (read by the middleware, set at login). */
export const sessionSecurity = HttpApiSecurity.apiKey({ in: "cookie", key: SESSION_COOKIE })

export class Authentication extends HttpApiMiddleware.Service<Authentication, { provides: CurrentMember }>()(
  "@landunits/adapters/http/api/Authentication",
  {
    error: NotSignedIn,
    security: { session: sessionSecurity },
  },
) {}

/**
 * Marks an endpoint that shows the member's own records (GET /user): for it the middleware reads the session with
 * the account AND the member's KYC record, transfers and their orders, in one read (SignedInMemberService), and
 * hands them to the handler (middleware/SignedInAccount.ts). Every other member route reads the session and
 * account alone.
 */
export const WithOwnRecords = Context.Reference<boolean>("@landunits/adapters/http/api/WithOwnRecords", {
  defaultValue: () => false,
})
