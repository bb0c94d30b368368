import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isNoIndex } from "../../src/content/Indexing.ts"
import { PAGE_AUDIENCES, pageAudience } from "../../src/content/PageAudience.ts"

describe("whom the server renders a page for", () => {
  it.each([
    ["/dashboard", "member"],
    ["/dashboard/", "member"],
    ["/Dashboard/Transaction", "member"],
    ["/dashboard/transaction/ord_1", "member"],
    ["/logout", "browser"],
    ["/account/confirm", "browser"],
    ["/subscribe/confirm", "browser"],
    ["/login/reset", "browser"],
    ["/", "guest"],
    ["/dashboards", "guest"],
    ["/login", "guest"],
    ["/login/forgot", "guest"],
    ["/news/dashboard", "guest"],
  ] as const)("%s: %s", (path, audience) => {
    expect(pageAudience(path)).toBe(audience)
  })

  it("a member's page is never indexed, whatever follows its prefix", () => {
    const memberPrefixes = PAGE_AUDIENCES.filter((a) => a.audience === "member").map((a) => a.prefix)
    fc.assert(
      fc.property(fc.constantFrom(...memberPrefixes), fc.webPath(), (prefix, rest) => {
        const path = `${prefix}/${rest.replace(/^\/+/, "")}`
        expect(pageAudience(path)).toBe("member")
        expect(isNoIndex(path)).toBe(true)
      }),
    )
  })
})
