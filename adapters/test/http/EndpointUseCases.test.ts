/**
 * Who may do what (issue 37), from the API's side: every member endpoint of the HttpApi names the use cases of
 * core's table it runs (api/EndpointUseCases.ts), each name is in the table, and each entry of the table is run
 * by some endpoint, so the table stays true. A new member route without a use case fails here.
 */
import { MEMBER_USE_CASES, MemberUseCaseNames } from "@landunits/core/access/MemberUseCases.ts"
import { HttpApi } from "effect/http-api"
import { describe, expect, it } from "vitest"
import { Api } from "../../src/http/api/Api.ts"
import { Authentication } from "../../src/http/api/Authentication.ts"
import { ENDPOINT_USE_CASES } from "../../src/http/api/EndpointUseCases.ts"

const memberEndpoints: Array<string> = []
HttpApi.reflect(Api, {
  onGroup: () => {},
  onEndpoint: ({ group, endpoint, middleware }) => {
    if (middleware.has(Authentication as never))
      memberEndpoints.push(`${group.identifier}.${endpoint.identifier}`)
  },
})
const mapped = ENDPOINT_USE_CASES as Readonly<Record<string, ReadonlyArray<string>>>

describe("every member endpoint runs use cases of the table", () => {
  it("names its use cases, each of them in the table", () => {
    expect(memberEndpoints.length).toBeGreaterThan(50)
    for (const endpoint of memberEndpoints) {
      const useCases = mapped[endpoint]
      expect(useCases, `${endpoint} has no use case in EndpointUseCases.ts`).toBeDefined()
      expect(useCases?.length, endpoint).toBeGreaterThan(0)
      for (const useCase of useCases ?? []) expect(Object.keys(MEMBER_USE_CASES), endpoint).toContain(useCase)
    }
  })

  it("maps no endpoint that is not a member endpoint of the API", () => {
    expect(Object.keys(mapped).filter((e) => !memberEndpoints.includes(e))).toEqual([])
  })

  it("leaves no entry of the table without an endpoint that runs it", () => {
    const used = new Set(Object.values(mapped).flat())
    expect(MemberUseCaseNames.filter((u) => !used.has(u))).toEqual([])
  })
})
