/**
 * Request bodies have a size limit (docs/api.md): 1 MiB for JSON, 8 MB per uploaded file plus the form for
 * multipart. A body over it is answered 413 in JSON with a message in words, while it streams: the server
 * stops reading instead of taking the whole body first. Each body here is 100 MB generated lazily over a raw
 * socket that waits for the server to take each chunk, so the bytes the client got to write bound what the
 * server consumed.
 */
import { SpecMessage } from "@landunits/core/validation/Messages.ts"
import { Layer } from "effect"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { seedDemo } from "../../src/demo/DemoSeed.ts"
import {
  BodyTooLargeMessage,
  JSON_BODY_MAX_BYTES,
  MULTIPART_BODY_MAX_BYTES,
} from "../../src/http/api/BodyLimits.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { apiMembers } from "../support/ApiMembers.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { streamedRequest } from "../support/StreamedRequest.ts"
import { json, useTestServer } from "../support/TestServer.ts"

const server = useTestServer(
  Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
    Layer.provideMerge(layerApp(pgliteTarget().layer)),
  ),
)
const { signedIn } = apiMembers(server)

const BODY_BYTES = 100 * 1024 * 1024
/**
 * What a refused 100 MB body may cost: the limit the server reads up to, the 256 KiB Node drains after an
 * answer, and what the loopback socket buffers of both ends accept while the answer is on its way.
 */
const CONSUMED_AT_MOST = (limit: number) => limit + 16 * 1024 * 1024

/** An anonymous caller with a made-up anti-forgery token (the check is a double submit: cookie = header). */
const anonymousJson = {
  "content-type": "application/json",
  cookie: "XSRF-TOKEN=t0k3n",
  "x-xsrf-token": "t0k3n",
}

const memberHeaders = async () => {
  const client = await signedIn()
  return {
    cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    "x-xsrf-token": client.cookies.get("XSRF-TOKEN") ?? "",
  }
}

const BOUNDARY = "----landunits-body-limit"
const filePart = new TextEncoder().encode(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="kycInfo.passport.passportFile"; filename="passport.pdf"\r\n` +
    "Content-Type: application/pdf\r\n\r\n%PDF-1.4\n",
)

describe("JSON bodies are limited to 1 MiB", () => {
  it("a 100 MB JSON body to the public /api/user/register answers 413 in words before the server read it", async () => {
    const answer = await streamedRequest({
      url: `${server.baseUrl()}/api/user/register`,
      headers: anonymousJson,
      prefix: new TextEncoder().encode('{"email":"'),
      fillerBytes: BODY_BYTES,
    })
    expect(answer.status).toBe(413)
    expect(answer.headers["content-type"]).toContain("application/json")
    expect(JSON.parse(answer.body)).toMatchObject({ message: BodyTooLargeMessage.json })
    expect(answer.bytesWritten).toBeLessThan(CONSUMED_AT_MOST(JSON_BODY_MAX_BYTES))
    // The security headers reach this answer like any other.
    expect(answer.headers["x-content-type-options"]).toBe("nosniff")
  })

  it("a JSON body declared over 1 MiB is refused on its Content-Length, without waiting for any of it", async () => {
    const answer = await streamedRequest({
      url: `${server.baseUrl()}/api/user/register`,
      headers: anonymousJson,
      contentLength: JSON_BODY_MAX_BYTES + 1,
      fillerBytes: 0,
    })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toMatchObject({ message: BodyTooLargeMessage.json })
  }, 30_000)

  it("a body just under 1 MiB is read and judged by the route's rules", async () => {
    const firstName = "x".repeat(JSON_BODY_MAX_BYTES - 200)
    const response = await fetch(`${server.baseUrl()}/api/user/register`, {
      method: "POST",
      headers: anonymousJson,
      body: JSON.stringify({
        email: "big@example.com",
        firstName,
        password: "secret9",
        userType: "USER",
        termsAccepted: true,
      }),
    })
    expect(response.status).toBe(400)
    expect((await json(response)).errors).toEqual([
      { path: "firstName", message: "First Name must be at most 50 characters" },
    ])
  })
})

describe("uploads are limited to 8 MB per file", () => {
  it("a 100 MB passport file answers 413 with the spec's message before the server read it", async () => {
    const answer = await streamedRequest({
      url: `${server.baseUrl()}/api/user/update_profile`,
      headers: { ...(await memberHeaders()), "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      prefix: filePart,
      fillerBytes: BODY_BYTES,
    })
    expect(answer.status).toBe(413)
    expect(answer.headers["content-type"]).toContain("application/json")
    expect(JSON.parse(answer.body)).toMatchObject({ message: SpecMessage.fileTooLarge })
    expect(answer.bytesWritten).toBeLessThan(CONSUMED_AT_MOST(8_388_608))
  })

  it("an upload declared over the form's limit is refused on its Content-Length, without waiting for it", async () => {
    const answer = await streamedRequest({
      url: `${server.baseUrl()}/api/user/update_profile`,
      headers: { ...(await memberHeaders()), "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      contentLength: MULTIPART_BODY_MAX_BYTES + 1,
      fillerBytes: 0,
    })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toMatchObject({ message: BodyTooLargeMessage.upload })
  }, 30_000)

  it("a 9 MB file sent whole answers 413 in JSON with the spec's message", async () => {
    const client = await signedIn()
    const data = new FormData()
    const big = new Uint8Array(9 * 1024 * 1024)
    big.set(new TextEncoder().encode("%PDF-1.4\n"))
    data.append("kycInfo.passport.passportFile", new Blob([big]), "passport.pdf")
    const response = await client.post("/api/user/update_profile", data)
    expect(response.status).toBe(413)
    expect(await json(response)).toMatchObject({ message: SpecMessage.fileTooLarge })
  })
})
