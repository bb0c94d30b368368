/**
 * Every error status answers JSON in the documented shape `{ message, errors? }` (issue 18, docs/api.md
 * "Rules every route follows"): an unknown API route, a known path with the wrong method, a body of a type the
 * route does not take, a body too large, too many attempts (with Retry-After), and a body that is not JSON.
 */

import { Layer } from "effect"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { seedDemo } from "../../src/demo/DemoSeed.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { apiMembers } from "../support/ApiMembers.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { json, useTestServer } from "../support/TestServer.ts"

const server = useTestServer(
  Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
    Layer.provideMerge(layerApp(pgliteTarget().layer)),
  ),
)
const { anonymous, signedIn } = apiMembers(server)

/** A JSON answer with `status` and a message in words; answers its body. */
const errorAnswer = async (response: Response, status: number) => {
  expect(response.status).toBe(status)
  expect(response.headers.get("content-type")).toMatch(/^application\/json/)
  const body = await json(response)
  expect(typeof body.message).toBe("string")
  expect(body.message.length).toBeGreaterThan(3)
  expect(body.message).not.toMatch(/Expected|SyntaxError|Unexpected token/)
  return body as { message: string; errors?: Array<{ path: string; message: string }> }
}

/** A POST of a raw body as a signed-out browser sends it (cookies and the anti-forgery header). */
const rawPost = async (path: string, contentType: string, body: string) => {
  const visitor = await anonymous()
  const cookie = [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join("; ")
  return fetch(`${server.baseUrl()}${path}`, {
    method: "POST",
    headers: { cookie, "x-xsrf-token": visitor.cookies.get("XSRF-TOKEN") ?? "", "content-type": contentType },
    body,
  })
}

describe("error answers in the documented shape", () => {
  it("404: an unknown API route", async () => {
    const visitor = await anonymous()
    await errorAnswer(await visitor.get("/api/no-such-route"), 404)
    await errorAnswer(await visitor.post("/api/no/such/route", {}), 404)
  })

  it("405: a known path with the wrong method names the methods it takes", async () => {
    const visitor = await anonymous()
    const response = await visitor.request("DELETE", "/api/content/news")
    const body = await errorAnswer(response, 405)
    expect(response.headers.get("allow")).toBe("GET")
    expect(body.message).toContain("GET")
    const post = await visitor.post("/api/content/faq", {})
    expect(post.headers.get("allow")).toBe("GET")
    await errorAnswer(post, 405)
    const get = await visitor.get("/api/auth/login")
    expect(get.headers.get("allow")).toBe("POST")
    await errorAnswer(get, 405)
  })

  it("415: a body of a type the route does not take", async () => {
    const response = await rawPost("/api/auth/login", "text/plain", "email=a")
    const body = await errorAnswer(response, 415)
    expect(body.message).toContain("application/json")
  })

  it("413: a JSON body over 1 MiB, in words", async () => {
    const visitor = await anonymous()
    const response = await visitor.post("/api/auth/login", { email: "x".repeat(1_100_000), password: "p" })
    await errorAnswer(response, 413)
  })

  it("413: an upload over 8 MB says spec §5's message", async () => {
    const member = await signedIn()
    const form = new FormData()
    form.append("kycInfo.passport.passportFile", new Blob([new Uint8Array(8 * 1024 * 1024 + 10)]), "a.pdf")
    const body = await errorAnswer(await member.post("/api/user/update_profile", form), 413)
    expect(body.message).toBe("File too large. Please upload a file less than 8Mb")
  })

  it("400: a body that is not valid JSON says so", async () => {
    for (const text of ["{", "{'email': 1}", "not json", "[1,]"]) {
      const response = await rawPost("/api/auth/login", "application/json", text)
      const body = await errorAnswer(response, 400)
      expect(body.message).toBe("The request body is not valid JSON.")
      expect(body.errors).toEqual([{ path: "", message: "The request body is not valid JSON." }])
    }
  })

  it("429: too many attempts, with Retry-After in seconds", async () => {
    const visitor = await anonymous()
    const email = `limits-${Date.now()}@example.com`
    let refused: Response | undefined
    for (let i = 0; i < 8 && refused === undefined; i++) {
      const response = await visitor.post("/api/auth/login/forgot", { email })
      if (response.status === 429) refused = response
      else expect(response.status).toBe(200)
    }
    expect(refused).toBeDefined()
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0)
    await errorAnswer(refused!, 429)
  })
})
