/**
 * Walks the API definition: every route that changes anything refuses a request without X-XSRF-TOKEN
 * (403), every member route refuses an anonymous request (401), and every route is either a member route
 * or named below as public. A new route that is neither fails this test until someone decides.
 * The only routes exempt from anti-forgery are the payment providers' webhooks, named below: they are
 * authenticated by the provider's signature instead, so an unsigned request is refused (400).
 */
import { Layer } from "effect"
import { HttpApi } from "effect/http-api"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { Api } from "../../src/http/api/Api.ts"
import { Authentication } from "../../src/http/api/Authentication.ts"
import { WEBHOOK_ROUTES } from "../../src/http/api/PaymentsApi.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { makeClient, useTestServer } from "../support/TestServer.ts"

interface Route {
  readonly name: string
  readonly method: string
  readonly path: string
  readonly member: boolean
}

const routes: Array<Route> = []
HttpApi.reflect(Api, {
  onGroup: () => {},
  onEndpoint: ({ group, endpoint, middleware }) => {
    routes.push({
      name: `${group.identifier}.${endpoint.identifier}`,
      method: endpoint.method,
      path: endpoint.path,
      member: middleware.has(Authentication as never),
    })
  },
})

/** The routes anyone may call: the public site, registration, sign-in and the links in emails. */
const PUBLIC = [
  "system.health",
  "auth.login",
  // Issue 23: the second step of a sign-in, before any session (its own short-lived HttpOnly cookie).
  "auth.loginSecondFactor",
  "auth.loginPasskeyOptions",
  "auth.loginPasskey",
  "auth.forgot",
  "auth.reset",
  "auth.confirmation",
  "auth.verifyPasswordToken",
  "auth.sendConfirmation",
  "user.register",
  "user.cancelRegistration",
  "user.contact",
  "content.projects",
  "content.project",
  "content.news",
  "content.newsCategories",
  "content.team",
  "content.faq",
  "content.references",
  "content.subscribe",
  "content.verifySubscription",
  "market.fees",
  "market.statistics",
  "market.exchangeRates",
  "market.dailyExchangeRates",
  "market.envMetrics",
  // Issue 24: anyone may check how the published price moved.
  "market.priceHistory",
  "ledger.checkpoints",
  "ledger.publicKey",
  "paymentWebhooks.stripe",
  "paymentWebhooks.square",
  // Issue 24: session recording runs on the public pages too, for guests who allowed Statistics.
  "recordings.settings",
  "recordings.record",
].sort()

/** Exempt from anti-forgery, because a payment provider (not a browser) calls them, with its signature. */
const SIGNED_WEBHOOKS = ["paymentWebhooks.square", "paymentWebhooks.stripe"]

/** A concrete URL for a route's path (parameters filled with a harmless value). */
const urlOf = (route: Route) => `${route.path.replace(/:(\w+)/g, "x123456789")}`

describe("every route of the API definition", () => {
  const server = useTestServer(
    serveHttp({ port: 0, development: true }).pipe(Layer.provide(layerApp(pgliteTarget().layer))),
  )

  it("is a member route or on the public list", () => {
    expect(routes.length).toBeGreaterThan(20)
    expect(
      routes
        .filter((r) => !r.member)
        .map((r) => r.name)
        .sort(),
    ).toEqual(PUBLIC)
  })

  it("exempts from anti-forgery only the signed payment webhooks, which the server exempts by the same names", () => {
    expect(WEBHOOK_ROUTES.map((r) => r.name).sort()).toEqual(SIGNED_WEBHOOKS)
    for (const exempt of WEBHOOK_ROUTES) {
      const route = routes.find((r) => r.name === exempt.name)
      expect(route && { method: route.method, path: route.path }).toEqual({
        method: exempt.method,
        path: exempt.path,
      })
      expect(route?.member).toBe(false)
    }
  })

  it("refuses an unsigned webhook (400), with or without the anti-forgery header", async () => {
    const client = makeClient(server)
    await client.get("/api/health")
    for (const route of routes.filter((r) => SIGNED_WEBHOOKS.includes(r.name))) {
      for (const xsrf of [true, false]) {
        const response = await client.request(route.method, urlOf(route), { body: {}, xsrf })
        expect(response.status, route.name).toBe(400)
      }
    }
  })

  it("refuses a change without the anti-forgery header (403)", async () => {
    const client = makeClient(server)
    await client.get("/api/health")
    const mutating = routes.filter((r) => r.method !== "GET" && !SIGNED_WEBHOOKS.includes(r.name))
    expect(mutating.length).toBeGreaterThan(10)
    for (const route of mutating) {
      const response = await client.request(route.method, urlOf(route), { body: {}, xsrf: false })
      expect(response.status, route.name).toBe(403)
    }
  })

  it("refuses a member route to an anonymous caller (401), even with the anti-forgery header", async () => {
    const client = makeClient(server)
    await client.get("/api/health")
    for (const route of routes.filter((r) => r.member)) {
      const response = await client.request(route.method, urlOf(route), {
        body: route.method === "GET" ? undefined : {},
        headers: { "idempotency-key": "route-walk-key" },
      })
      expect(response.status, route.name).toBe(401)
    }
  })
})
