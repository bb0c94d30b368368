/**
 * The OpenAPI document as a product (issue 18): Redocly's recommended rules find nothing in it (redocly.yaml),
 * every operation has a summary and a description, the headers a client must send are documented where they
 * apply, the KYC example is one the API accepts, and docs/api.md lists the same routes as the document.
 */
import { execFile } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { promisify } from "node:util"
import { makeKycInfoSchema } from "@landunits/core/kyc/KycValidation.ts"
import { validate } from "@landunits/core/validation/Issues.ts"
import { OpenApi } from "effect/http-api"
import { describe, expect, it } from "vitest"
import { Api } from "../../src/http/api/Api.ts"
import { KYC_INFO_EXAMPLE } from "../../src/http/api/openapi/Examples.ts"
import { OPERATIONS } from "../../src/http/api/openapi/Operations.ts"
import { WEBHOOK_ROUTES } from "../../src/http/api/PaymentsApi.ts"

const root = path.resolve(import.meta.dirname, "../../..")
// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON, read by key
type Json = any
const document: Json = OpenApi.fromApi(Api)
const operations = Object.entries<Record<string, Json>>(document.paths).flatMap(([route, byMethod]) =>
  Object.entries(byMethod).map(([method, operation]) => ({
    key: `${method.toUpperCase()} ${route}`,
    method,
    operation,
  })),
)

describe("the OpenAPI document", () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-openapi-"))
    const file = path.join(dir, "openapi.json")
    fs.writeFileSync(file, JSON.stringify(document))
    const redocly = path.join(root, "node_modules/.bin/redocly")
    const run = await promisify(execFile)(
      redocly,
      ["lint", file, "--config", path.join(root, "redocly.yaml"), "--format=json", "--max-problems=1000"],
      { cwd: root },
    ).catch((failure: { stdout: string }) => failure)
    fs.rmSync(dir, { recursive: true, force: true })
    const report = JSON.parse(run.stdout)
    const problems = report.problems.map(
      (p: { ruleId: string; message: string; location: Array<{ pointer: string }> }) =>
        `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`,
    )
    expect(problems).toEqual([])
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 })
  }, 60_000)

  it("names and describes every operation, and Operations.ts holds no route the API lacks", () => {
    for (const { key, operation } of operations) {
      expect(operation.summary, key).toBe(OPERATIONS[key]?.summary)
      expect(operation.description?.length ?? 0, key).toBeGreaterThan(10)
    }
    expect(Object.keys(OPERATIONS).toSorted()).toEqual(operations.map((o) => o.key).toSorted())
  })

  it("documents X-XSRF-TOKEN on every change but the webhooks, Idempotency-Key on order commands, Retry-After on 429", () => {
    const webhooks = new Set(WEBHOOK_ROUTES.map((route) => `${route.method} ${route.path}`))
    const headersOf = (operation: { parameters?: Array<{ in: string; name: string }> }) =>
      (operation.parameters ?? []).filter((p) => p.in === "header").map((p) => p.name)
    for (const { key, method, operation } of operations) {
      const needsToken = method !== "get" && !webhooks.has(key)
      expect(headersOf(operation).includes("X-XSRF-TOKEN"), key).toBe(needsToken)
      if (key.startsWith("POST /api/order/")) expect(headersOf(operation), key).toContain("Idempotency-Key")
      const limited = operation.responses["429"]
      if (limited !== undefined) expect(Object.keys(limited.headers ?? {}), key).toContain("Retry-After")
      for (const [status, response] of Object.entries<Json>(operation.responses)) {
        if (Number(status) >= 400)
          expect(Object.keys(response.content ?? {}), `${key} ${status}`).toContain("application/json")
      }
    }
    expect(operations.filter((o) => o.operation.responses["429"] !== undefined).length).toBeGreaterThan(3)
  })

  it("has servers, tags with descriptions, and examples for the order, KYC and statement requests", () => {
    expect(document.servers.length).toBeGreaterThan(0)
    const used = new Set(operations.flatMap((o) => o.operation.tags ?? []))
    expect(document.tags.map((t: { name: string }) => t.name).toSorted()).toEqual([...used].toSorted())
    const order = document.paths["/api/order/create_order"].post.requestBody.content["application/json"]
    expect(Object.keys(order.examples)).toEqual(["buyByBank", "sell", "transfer", "convert"])
    // A buy's example carries the confirmation every buyer gives and a purchase-order reference (issue 46).
    expect(order.examples.buyByBank.value).toMatchObject({
      confirmsBusinessPurpose: true,
      purchaseOrderReference: "PO-2026/118",
    })
    const text = JSON.stringify(document)
    // The request's field is core's (BuyReview.ts): at most 64 characters, none a control character.
    expect(text).toContain(
      '"purchaseOrderReference":{"anyOf":[{"type":"string"},{"type":"null"}],"maxLength":64',
    )
    expect(text).toContain("BusinessPurposeNotConfirmed")
    const kyc = document.paths["/api/user/update_profile"].post.requestBody.content["multipart/form-data"]
    expect(JSON.parse(kyc.example.kycInfo)).toEqual(KYC_INFO_EXAMPLE)
    const statement = document.paths["/api/etc/generate-statement"].get.parameters
    expect(statement.every((p: { example?: string }) => p.example !== undefined)).toBe(true)
  })

  it("the KYC example is one the API accepts", () => {
    expect(validate(makeKycInfoSchema("2026-01-01"), KYC_INFO_EXAMPLE)).toMatchObject({ ok: true })
  })
})

describe("docs/api.md and the OpenAPI document", () => {
  it("list the same routes", () => {
    const documented = fs
      .readFileSync(path.join(root, "docs/api.md"), "utf8")
      .split("\n")
      .flatMap((line) => {
        const m = /^\| (GET|POST|PUT|PATCH|DELETE) \| `([^`]+)` \|/.exec(line)
        return m === null ? [] : [`${m[1]} ${m[2]!.replace(/:(\w+)/g, "{$1}")}`]
      })
    expect(documented.toSorted()).toEqual(operations.map((o) => o.key).toSorted())
  })
})
