/** The session's GET /api/user handed once to the page's first loader (api/sessionBundle.ts). */
import { describe, expect, it } from "vitest"
import { FRESH_MS, keepSessionBundle, takeSessionBundle } from "../src/api/sessionBundle.ts"

type Bundle = Parameters<typeof keepSessionBundle>[0] extends Promise<infer B> ? B : never
const aBundle = { user: { id: "mem_1" } } as unknown as Bundle

describe("the session's bundle, shared with the page's first loader", () => {
  it("is handed over once while fresh; the next loader asks the server", async () => {
    const request = Promise.resolve(aBundle)
    expect(keepSessionBundle(request, 1_000)).toBe(request)
    expect(takeSessionBundle(1_000 + FRESH_MS - 1)).toBe(request)
    expect(takeSessionBundle(1_000 + FRESH_MS - 1)).toBeUndefined()
  })

  it("is not handed over once FRESH_MS have passed since its request", () => {
    keepSessionBundle(Promise.resolve(aBundle), 1_000)
    expect(takeSessionBundle(1_000 + FRESH_MS)).toBeUndefined()
    expect(takeSessionBundle(1_000)).toBeUndefined()
  })

  it("is not handed over when it failed: the loader asks again", async () => {
    const failed = Promise.reject(new Error("offline"))
    keepSessionBundle(failed, 1_000).catch(() => undefined)
    await failed.catch(() => undefined)
    expect(takeSessionBundle(1_001)).toBeUndefined()
  })
})
