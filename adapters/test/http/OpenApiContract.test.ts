/**
 * The OpenAPI document says what the server answers and what it accepts (issue 40): every change may be refused by
 * the anti-forgery check (403 NotAllowed, beside the route's own 403s), the statement is a PDF or a CSV, and the
 * request fields carry the rules of core's validation schemas (lengths, patterns) that the server runs. The
 * Prism walk (PrismContract.test.ts) checks real answers against it.
 */
import { CommunityLimits } from "@landunits/core/community/CommunityModel.ts"
import { OpenApi } from "effect/http-api"
import { describe, expect, it } from "vitest"
import { Api } from "../../src/http/api/Api.ts"
import { WEBHOOK_ROUTES } from "../../src/http/api/PaymentsApi.ts"

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON, read by key
type Json = any
const document: Json = OpenApi.fromApi(Api)
const webhooks = new Set(WEBHOOK_ROUTES.map((route) => `${route.method} ${route.path}`))
const bodyOf = (path: string) => document.paths[path].post.requestBody.content["application/json"].schema

describe("the OpenAPI document as the server's contract", () => {
  it("documents the anti-forgery 403 on every change but the webhooks, beside each route's own 403s", () => {
    for (const [path, byMethod] of Object.entries<Json>(document.paths)) {
      for (const [method, operation] of Object.entries<Json>(byMethod)) {
        const key = `${method.toUpperCase()} ${path}`
        if (method === "get" || webhooks.has(key)) continue
        const forbidden = JSON.stringify(operation.responses["403"] ?? null)
        expect(forbidden, key).toContain('"enum":["NotAllowed"]')
      }
    }
    // create_order keeps its own 403s beside it.
    const createOrder = JSON.stringify(document.paths["/api/order/create_order"].post.responses["403"])
    for (const tag of ["EmailNotConfirmed", "KycNotVerified", "SecondFactorRequired"])
      expect(createOrder).toContain(`${tag}Encoded`)
  })

  it("types the statement as a PDF, or a CSV with format=csv", () => {
    const content = document.paths["/api/etc/generate-statement"].get.responses["200"].content
    expect(Object.keys(content).sort()).toEqual(["application/pdf", "text/csv"])
  })

  it("carries the field rules of core's schemas: lengths and patterns", () => {
    const register = bodyOf("/api/user/register").properties
    expect(register.firstName).toMatchObject({ type: "string", minLength: 2, maxLength: 50 })
    expect(register.email).toMatchObject({ type: "string", minLength: 5, maxLength: 255 })
    expect(typeof register.email.pattern).toBe("string")
    expect(register.password).toMatchObject({ type: "string", minLength: 6 })
    // An optional field may be left blank: no minimum.
    expect(register.lastName).toMatchObject({ maxLength: 50 })
    expect(register.lastName.minLength).toBeUndefined()
    const contact = bodyOf("/api/user/create_contact_form_email").properties
    expect(contact.message).toMatchObject({ type: "string", minLength: 10, maxLength: 2000 })
    expect(bodyOf("/api/community/create-question").properties.question).toMatchObject({
      minLength: 1,
      maxLength: CommunityLimits.question,
    })
    expect(bodyOf("/api/order/update_order_amount").properties.numberOfUnits).toMatchObject({
      maximum: 1_000_000,
    })
  })
})
