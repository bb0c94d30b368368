import { Layer } from "effect"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { XSRF_REFUSED_MESSAGE } from "../../src/http/middleware/AntiForgery.ts"
import { contentSecurityPolicy, NOT_FOUND_MESSAGE } from "../../src/http/middleware/SecurityHeaders.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { makeClient, useTestServer } from "../support/TestServer.ts"

describe("the HTTP application", () => {
  const server = useTestServer(
    serveHttp({ port: 0, development: false }).pipe(Layer.provide(layerApp(pgliteTarget().layer))),
  )

  it("answers health with the database up, and sets a readable anti-forgery cookie", async () => {
    const client = makeClient(server)
    const response = await client.get("/api/health")
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: "ok" })
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("XSRF-TOKEN="))
    expect(cookie).toBeDefined()
    expect(cookie).not.toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/Secure/)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(client.cookies.get("XSRF-TOKEN")!.length).toBeGreaterThanOrEqual(40)
  })

  it("refuses a change without the anti-forgery header, or with the wrong one, with 403", async () => {
    const client = makeClient(server)
    await client.get("/api/health")
    const missing = await client.post("/api/health", {}, { xsrf: false })
    expect(missing.status).toBe(403)
    expect(await missing.json()).toMatchObject({ message: XSRF_REFUSED_MESSAGE })
    const wrong = await client.post("/api/health", {}, { xsrf: false, headers: { "x-xsrf-token": "forged" } })
    expect(wrong.status).toBe(403)
    const noCookie = await makeClient(server).post("/api/health", {}, { headers: { "x-xsrf-token": "x" } })
    expect(noCookie.status).toBe(403)
  })

  it("puts the security headers on answers, including HSTS outside development", async () => {
    for (const path of ["/api/health", "/api/no-such-route"]) {
      const response = await makeClient(server).get(path)
      const csp = response.headers.get("content-security-policy")
      expect(csp, path).toContain("default-src 'self'")
      expect(csp, path).toContain("frame-ancestors 'none'")
      const scripts = csp?.split("; ").find((directive) => directive.startsWith("script-src"))
      expect(scripts, path).not.toContain("unsafe-inline")
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff")
      expect(response.headers.get("x-frame-options"), path).toBe("DENY")
      expect(response.headers.get("strict-transport-security"), path).toContain("max-age=")
    }
  })

  it("allows a card provider's scripts, frames and API only while it runs live (test mode loads nothing from outside)", async () => {
    // No provider keys here: both card methods run in the built-in test mode.
    const csp = (await makeClient(server).get("/api/health")).headers.get("content-security-policy") ?? ""
    expect(csp).toContain("script-src 'self';")
    expect(csp).not.toContain("stripe.com")
    expect(csp).not.toContain("squarecdn")
    expect(csp).toContain("frame-src 'none'")
    const stripe = contentSecurityPolicy({ stripe: true, square: false })
    expect(stripe).toContain("script-src 'self' https://js.stripe.com;")
    expect(stripe).toContain("frame-src https://js.stripe.com https://hooks.stripe.com;")
    expect(stripe).toContain("connect-src 'self' https://api.stripe.com;")
    expect(stripe).not.toContain("squarecdn")
    const square = contentSecurityPolicy({ stripe: false, square: true })
    expect(square).toContain("script-src 'self' https://web.squarecdn.com https://sandbox.web.squarecdn.com;")
    expect(square).not.toContain("stripe.com")
  })

  it("answers an unknown route with 404 and a JSON message", async () => {
    const response = await makeClient(server).get("/api/no-such-route")
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: NOT_FOUND_MESSAGE })
  })

  it("serves the OpenAPI document generated from the API definition, and its reference page", async () => {
    const client = makeClient(server)
    const openapi = await client.get("/api/openapi.json")
    expect(openapi.status).toBe(200)
    const document = (await openapi.json()) as { paths: Record<string, unknown> }
    expect(Object.keys(document.paths)).toContain("/api/health")
    const docs = await client.get("/api/docs")
    expect(docs.status).toBe(200)
    expect(docs.headers.get("content-type")).toContain("text/html")
    expect(docs.headers.get("content-security-policy")).toContain("script-src 'self' 'unsafe-inline'")
  })
})
