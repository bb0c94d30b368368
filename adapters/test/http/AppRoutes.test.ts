/** Which paths are pages of the web app, by the route manifest its build writes (AppRoutes.ts). */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { appRoutes, ROUTE_MANIFEST_FILE, readAppRoutes } from "../../src/http/server/AppRoutes.ts"

describe("the web app's pages", () => {
  const isPage = appRoutes(["/", "/news", "/news/$slug", "/dashboard/What-are-Land-Units", "/docs/$"])

  it("a literal pattern matches its path in any letter case, with or without one trailing slash", () => {
    expect(isPage("/")).toBe(true)
    expect(isPage("/news")).toBe(true)
    expect(isPage("/news/")).toBe(true)
    expect(isPage("/dashboard/what-are-land-units")).toBe(true)
    expect(isPage("/newsletter")).toBe(false)
    expect(isPage("/news//")).toBe(false)
  })

  it("$name stands for exactly one non-empty segment, $ for the rest of the path", () => {
    expect(isPage("/news/spring-planting-kent")).toBe(true)
    expect(isPage("/news/a/b")).toBe(false)
    expect(isPage("/docs/a/b/c")).toBe(true)
    expect(isPage("/docs/")).toBe(true)
  })

  it("reads the build's manifest; a build without one keeps every path a page, a broken one fails", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-routes-"))
    try {
      expect(readAppRoutes(dir)("/anything")).toBe(true)
      fs.writeFileSync(path.join(dir, ROUTE_MANIFEST_FILE), JSON.stringify({ routes: ["/", "/team"] }))
      const fromFile = readAppRoutes(dir)
      expect(fromFile("/team")).toBe(true)
      expect(fromFile("/anything")).toBe(false)
      fs.writeFileSync(path.join(dir, ROUTE_MANIFEST_FILE), JSON.stringify({ routes: ["team"] }))
      expect(() => readAppRoutes(dir)).toThrow()
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
