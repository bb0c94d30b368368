/** docs/api.md lists every route of the contract, with its method and auth, and no route that does not exist. */
import * as fs from "node:fs"
import { HttpApi } from "effect/http-api"
import { describe, expect, it } from "vitest"
import { Api } from "../../src/http/api/Api.ts"
import { Authentication } from "../../src/http/api/Authentication.ts"

const contract: Array<string> = []
HttpApi.reflect(Api, {
  onGroup: () => {},
  onEndpoint: ({ endpoint, middleware }) =>
    contract.push(
      `${endpoint.method} ${endpoint.path} ${middleware.has(Authentication as never) ? "member" : "public"}`,
    ),
})

const documented = fs
  .readFileSync(new URL("../../../docs/api.md", import.meta.url), "utf8")
  .split("\n")
  .flatMap((line) => {
    const m = /^\| (GET|POST|PUT|PATCH|DELETE) \| `([^`]+)` \| (member|public)/.exec(line)
    return m === null ? [] : [`${m[1]} ${m[2]} ${m[3]}`]
  })

describe("docs/api.md", () => {
  it("documents every route of the API with its method and auth, once, and nothing else", () => {
    expect(documented.length).toBe(new Set(documented).size)
    expect(documented.toSorted()).toEqual(contract.toSorted())
  })
})
