/**
 * One request with several invalid fields gets every one of them back, on every route (issue 18): the body of
 * each route that takes JSON (every field of its schema given a value of the wrong kind, so the expected paths
 * come from the contract itself), the query, and the multipart profile form. `message` is the first error's.
 */

import { Layer } from "effect"
import { OpenApi } from "effect/http-api"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { seedDemo } from "../../src/demo/DemoSeed.ts"
import { Api } from "../../src/http/api/Api.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { apiMembers } from "../support/ApiMembers.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { json, useTestServer } from "../support/TestServer.ts"

const server = useTestServer(
  Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
    Layer.provideMerge(layerApp(pgliteTarget().layer)),
  ),
)
const { signedIn } = apiMembers(server)

interface JsonSchema {
  readonly $ref?: string
  readonly type?: string | ReadonlyArray<string>
  readonly anyOf?: ReadonlyArray<JsonSchema>
  readonly oneOf?: ReadonlyArray<JsonSchema>
  readonly allOf?: ReadonlyArray<JsonSchema>
  readonly properties?: Record<string, JsonSchema>
}

const document = OpenApi.fromApi(Api) as unknown as {
  readonly paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
  >
  readonly components: { readonly schemas: Record<string, JsonSchema> }
}

const resolve = (schema: JsonSchema): JsonSchema =>
  schema.$ref === undefined ? schema : resolve(document.components.schemas[schema.$ref.split("/").pop()!]!)

/** Every JSON type a schema accepts. */
const typesOf = (schema: JsonSchema): Set<string> => {
  const s = resolve(schema)
  const own = s.type === undefined ? [] : typeof s.type === "string" ? [s.type] : s.type
  const parts = [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].flatMap((p) => [...typesOf(p)])
  return new Set([...own, ...parts])
}

/** A value of a kind the field does not take. */
const wrongKind = (schema: JsonSchema): unknown => {
  const types = typesOf(schema)
  if (!types.has("object")) return { wrong: true }
  if (!types.has("boolean")) return true
  return []
}

/** Each route that takes a JSON body, with a body whose every field is of the wrong kind. */
const jsonRoutes = Object.entries(document.paths).flatMap(([path, operations]) =>
  Object.entries(operations).flatMap(([method, operation]) => {
    const schema = operation.requestBody?.content["application/json"]?.schema
    if (schema === undefined) return []
    const fields = Object.entries(resolve(schema).properties ?? {})
    const body = Object.fromEntries(fields.map(([name, field]) => [name, wrongKind(field)]))
    return [{ method, path, fields: fields.map(([name]) => name), body }]
  }),
)

/** A 400 in the invalid-input shape; answers its errors. */
const invalidInput = async (response: Response) => {
  expect(response.status).toBe(400)
  const body = await json(response)
  expect(body.message).toBe(body.errors[0].message)
  return body.errors as Array<{ path: string; message: string }>
}

let keys = 0

describe("every failing field in one answer", () => {
  it("the contract has JSON routes whose bodies have several fields", () => {
    expect(jsonRoutes.filter((route) => route.fields.length >= 2).length).toBeGreaterThanOrEqual(10)
  })

  it.each(jsonRoutes.filter((route) => route.fields.length >= 2))(
    "$method $path reports each of its fields",
    async ({ method, path, fields, body }) => {
      const member = await signedIn()
      const url = path.replace(/\{[^}]+\}/g, "1")
      const response = await member.request(method.toUpperCase(), url, {
        body,
        headers: { "idempotency-key": `every-error-${++keys}-${Date.now()}` },
      })
      const errors = await invalidInput(response)
      const reported = new Set(errors.map((error) => error.path.split(".")[0]))
      expect([...reported].toSorted()).toEqual(fields.toSorted())
    },
  )

  it("registration: a short email, a one-letter first name and a password without a digit, all at once", async () => {
    const member = await signedIn()
    const response = await member.post("/api/user/register", {
      email: "a@b",
      firstName: "A",
      password: "secret",
      userType: "USER",
      termsAccepted: true,
    })
    const errors = await invalidInput(response)
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: "email", message: "Email must be at least 5 characters" },
        { path: "firstName", message: "First Name must be at least 2 characters" },
        { path: "password", message: "Password must contain at least one number" },
      ]),
    )
    expect(new Set(errors.map((error) => error.path))).toEqual(new Set(["email", "firstName", "password"]))
  })

  it("a query with several invalid parameters reports each", async () => {
    const member = await signedIn()
    const errors = await invalidInput(
      await member.get("/api/order/getTransactions?page=abc&pageSize=0&unitType=LAND_XYZ"),
    )
    expect(errors.map((error) => error.path)).toEqual(["page", "pageSize", "unitType"])
  })

  it("the multipart profile form reports each of its fields", async () => {
    const member = await signedIn()
    const form = new FormData()
    form.append("firstName", "A")
    form.append(
      "kycInfo",
      JSON.stringify({ address: { townCity: "L" }, passport: { passportNumber: "" }, phone: 7 }),
    )
    const errors = await invalidInput(await member.post("/api/user/update_profile", form))
    expect(errors.length).toBeGreaterThanOrEqual(3)
    expect(errors.map((error) => error.path)).toContain("firstName")
    expect(errors.filter((error) => error.path.startsWith("kycInfo.")).length).toBeGreaterThanOrEqual(2)
  })
})
