/**
 * The `redirect` of /login (issue 38) is an open redirect unless checked: only the site's own member pages pass,
 * as paths; whatever else a link writes there (another host, a scheme, backslashes, control characters, encoded
 * tricks, a path that climbs out of the member pages) is dropped. Examples from the known tricks, then properties:
 * every answer stays on the site whatever base it is resolved against, and passes again unchanged.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { afterLoginRoute, WELCOME_ROUTE } from "../src/components/auth/LoginForm.tsx"
import { loginSearchFor, MAX_REDIRECT_LENGTH, MEMBER_PAGES, safeRedirect } from "../src/lib/redirectTarget.ts"

/** Tricks that lead browsers, routers or servers off the site, or out of the member pages. */
const REFUSED = [
  "//evil.example",
  "//evil.example/dashboard",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/dashboard\\..\\..\\evil",
  "https://evil.example/dashboard",
  "http:evil.example",
  "https:/dashboard",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "dashboard/transaction/ord_1",
  " /dashboard",
  "/\t/evil.example",
  "/\n/evil.example",
  "/dashboard\r\nSet-Cookie: x=1",
  "/%2F%2Fevil.example",
  "/%2f/evil.example",
  "%2F%2Fevil.example",
  "/%5Cevil.example",
  "/dashboard/%5C%5Cevil",
  "/%09/evil.example",
  "/dashboard%0a",
  "/%252F%252Fevil.example",
  "/dashboard/%E0%A4%A",
  "/dashboard/../login",
  "/dashboard/%2e%2e/%2e%2e/evil",
  "/dashboard@evil.example",
  "/dashboardx",
  "/login",
  "/",
  "",
  `/dashboard/${"a".repeat(MAX_REDIRECT_LENGTH)}`,
  "/dashboard/\u0085",
]

describe("the redirect of /login", () => {
  it.each(REFUSED.map((r) => [JSON.stringify(r), r]))("refuses %s", (_, value) => {
    expect(safeRedirect(value)).toBeUndefined()
  })

  it("refuses what is not text", () => {
    for (const value of [undefined, null, 42, ["/dashboard"], { href: "/dashboard" }]) {
      expect(safeRedirect(value)).toBeUndefined()
    }
  })

  it.each([
    ["/dashboard", "/dashboard"],
    ["/dashboard/transaction/ord_123", "/dashboard/transaction/ord_123"],
    ["/dashboard/settings#your-data", "/dashboard/settings#your-data"],
    ["/dashboard/transaction?tab=sell", "/dashboard/transaction?tab=sell"],
    ["/dashboard/buy-units/payment-bank?orderId=ord_1", "/dashboard/buy-units/payment-bank?orderId=ord_1"],
    ["/dashboard/settings/./security", "/dashboard/settings/security"],
  ])("keeps the member page %s", (value, kept) => {
    expect(safeRedirect(value)).toBe(kept)
  })

  it("the dashboard's guard sends the page asked for, and nothing for the dashboard itself", () => {
    expect(loginSearchFor("/dashboard/transaction/ord_1")).toEqual({
      redirect: "/dashboard/transaction/ord_1",
    })
    expect(loginSearchFor("/dashboard")).toEqual({})
    expect(loginSearchFor("/dashboard/")).toEqual({})
    expect(loginSearchFor("//evil.example")).toEqual({})
  })

  it("after sign-in: the page asked for, else the welcome page the first time, else the dashboard", () => {
    const bundle = (firstLogin: boolean) =>
      ({ user: { firstLogin } }) as Parameters<typeof afterLoginRoute>[0]
    expect(afterLoginRoute(bundle(false), "/dashboard/transaction/ord_1")).toBe(
      "/dashboard/transaction/ord_1",
    )
    expect(afterLoginRoute(bundle(true), "/dashboard/transaction/ord_1")).toBe("/dashboard/transaction/ord_1")
    expect(afterLoginRoute(bundle(true))).toBe(WELCOME_ROUTE)
    expect(afterLoginRoute(bundle(false))).toBe("/dashboard")
  })
})

/** A path segment of the characters member pages' ids and names use. */
const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/)
const memberPage = fc
  .array(segment, { maxLength: 4 })
  .map((segments) => [MEMBER_PAGES, ...segments].join("/"))

/** Whatever a link may put there: any text, and text built from the pieces the tricks use. */
const TRICKY_PIECES = [
  "/",
  "//",
  "\\",
  "%2F",
  "%2f",
  "%5C",
  "%5c",
  "%25",
  "%2e",
  ".",
  "..",
  ":",
  "@",
  "?",
  "#",
  "\t",
  "\n",
  " ",
  "\u0000",
  "\u00a0",
  "https:",
  "javascript:",
  "evil.example",
  "dashboard",
  "/dashboard",
  "%",
]
const anything = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.array(fc.constantFrom(...TRICKY_PIECES), { maxLength: 10 }).map((parts) => parts.join("")),
  fc
    .array(fc.constantFrom(...TRICKY_PIECES), { maxLength: 8 })
    .map((parts) => `/dashboard/${parts.join("")}`),
)

describe("the redirect of /login, over generated input (properties)", () => {
  it("keeps every member page written plainly, as it is", () => {
    fc.assert(
      fc.property(memberPage, (page) => {
        expect(safeRedirect(page)).toBe(page)
      }),
    )
  })

  it("whatever it is given, answers nothing or a member page of this site: a path, no backslash, no control character", () => {
    fc.assert(
      fc.property(anything, (value) => {
        const target = safeRedirect(value)
        if (target === undefined) return
        expect(target.startsWith("/")).toBe(true)
        expect(target[1]).not.toBe("/")
        expect(target).not.toMatch(/[\\\s\p{Cc}]/u)
        for (const base of ["https://landunits.example", "http://localhost:3000/dashboard/x"]) {
          const resolved = new URL(target, base)
          expect(resolved.origin).toBe(new URL(base).origin)
          expect(resolved.pathname === MEMBER_PAGES || resolved.pathname.startsWith(`${MEMBER_PAGES}/`)).toBe(
            true,
          )
        }
        const decoded = decodeURIComponent(target)
        expect(decoded.startsWith("//")).toBe(false)
        expect(decoded).not.toMatch(/[\\\s\p{Cc}]/u)
        // What passed passes again unchanged (the login page's URL keeps it as it is).
        expect(safeRedirect(target)).toBe(target)
      }),
      { numRuns: 2000 },
    )
  })

  it("refuses anything that starts with another host, a scheme or a backslash, whatever follows", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          "//",
          "/\\",
          "\\",
          "https:",
          "http:",
          "javascript:",
          "/%2F",
          "/%5C",
          "%2F",
          "/\t/",
          "/%09/",
        ),
        fc.string({ maxLength: 40 }),
        (prefix, rest) => {
          expect(safeRedirect(`${prefix}${rest}`)).toBeUndefined()
        },
      ),
    )
  })
})
