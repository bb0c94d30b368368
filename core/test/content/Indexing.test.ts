import { describe, expect, it } from "vitest"
import { isNoIndex } from "../../src/content/Indexing.ts"

describe("which pages search engines may index (spec §2)", () => {
  it.each([
    "/dashboard",
    "/dashboard/settings",
    "/Dashboard/Settings",
    "/account/confirm",
    "/subscribe/confirm",
    "/logout",
    "/user-manual",
  ])("%s is noindex", (page) => {
    expect(isNoIndex(page)).toBe(true)
  })

  it.each(["/", "/news", "/news/soil-carbon", "/accounting", "/dashboards", "/login", "/register"])(
    "%s may be indexed",
    (page) => {
      expect(isNoIndex(page)).toBe(false)
    },
  )
})
