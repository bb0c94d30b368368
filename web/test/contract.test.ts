/**
 * The web's calls are typed by the API contract (web/src/api/contract.ts): a path that is no route, a body of
 * the wrong shape, or an answer read as what the route does not answer fails the typecheck (`npm run
 * typecheck`, which covers this file). Each `@ts-expect-error` below fails the typecheck once it stops being
 * an error; the runtime checks show `call` reaches the path it was given.
 */
import { afterEach, describe, expect, expectTypeOf, it } from "vitest"
import { call, setFetch } from "../src/api/client.ts"
import type { AnswerOf, BodyOf, PathOf } from "../src/api/contract.ts"

const calls: Array<{ url: string; method: string; body: unknown }> = []
afterEach(() => {
  calls.length = 0
  setFetch((...args) => fetch(...args))
})

const answering = (answer: unknown) =>
  setFetch(async (url, init) => {
    calls.push({ url: String(url), method: init?.method ?? "GET", body: init?.body })
    return new Response(JSON.stringify(answer), { status: 200 })
  })

describe("the contract types the web's calls", () => {
  it("names routes by method and path, path parameters and queries included", () => {
    expectTypeOf<"/user/holdings">().toExtend<PathOf<"GET">>()
    expectTypeOf<`/auth/confirmation/${string}`>().toExtend<PathOf<"GET">>()
    expectTypeOf<`/user/analytics?days=${number}`>().toExtend<PathOf<"GET">>()
    expectTypeOf<"/user/register">().toExtend<PathOf<"POST">>()
    expectTypeOf<"/user/nope">().not.toExtend<PathOf<"GET">>()
    expectTypeOf<"/user/register">().not.toExtend<PathOf<"GET">>()
  })

  it("takes the route's body and answers the route's type", () => {
    expectTypeOf<BodyOf<"POST", "/saleschat/messages">>().toEqualTypeOf<{ readonly text: string }>()
    expectTypeOf<BodyOf<"GET", "/user/holdings">>().toEqualTypeOf<undefined>()
    expectTypeOf<BodyOf<"POST", "/user/update_profile">>().toEqualTypeOf<FormData>()
    expectTypeOf<AnswerOf<"GET", "/community/agent-status">>().toHaveProperty("isAgent")
    expectTypeOf<AnswerOf<"GET", "/community/agent-status">["isAgent"]>().toEqualTypeOf<boolean>()
  })

  it("refuses a path that is no route and a body of the wrong shape", async () => {
    answering({ memberId: "m", messages: [], awaitingReply: false })
    // @ts-expect-error a path that is not a route of the contract
    await call("GET", "/saleschat/nope")
    // @ts-expect-error the route takes { text }, not { body }
    await call("POST", "/saleschat/messages", { body: "hello" })
    const thread = await call("POST", "/saleschat/messages", { text: "hello" })
    // @ts-expect-error the route answers the thread, which has no `ok`
    expect(thread.ok).toBeUndefined()
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "GET /api/saleschat/nope",
      "POST /api/saleschat/messages",
      "POST /api/saleschat/messages",
    ])
    expect(calls[2]!.body).toBe(JSON.stringify({ text: "hello" }))
  })
})
