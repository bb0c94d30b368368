/**
 * The member's bundle (GET /api/user) that the session asks for while the page loads, handed ONCE to the first
 * order page loader that needs the same bundle at that same moment: a hard load of /dashboard/transaction or
 * /dashboard/convert asked the server for it twice at once (the session and the page's loader).
 *
 * Only a request started less than FRESH_MS ago is handed over, and only once: a loader that runs later (after an
 * order, a price change, a navigation) asks the server again, so no page shows an older bundle than before. A
 * request that failed is not handed over either: the loader asks again and shows its own answer.
 */
import { call } from "./client.ts"

/** How recent the session's request must be for a loader to share it: the span of one page load. */
export const FRESH_MS = 2_000

type FullBundle = Awaited<ReturnType<typeof getBundle>>

const getBundle = () => call("GET", "/user")

let kept: { readonly request: Promise<FullBundle>; readonly at: number } | undefined

/** Keeps a request of the session's for the first loader; answers it to the session unchanged. */
export const keepSessionBundle = (request: Promise<FullBundle>, now: number = Date.now()) => {
  kept = { request, at: now }
  request.catch(() => {
    if (kept?.request === request) kept = undefined
  })
  return request
}

/** The session's GET /api/user, kept for the first loader. */
export const sessionBundle = () => keepSessionBundle(getBundle())

/** The session's request when it is fresh and not yet taken; otherwise undefined (ask the server). */
export const takeSessionBundle = (now: number = Date.now()): Promise<FullBundle> | undefined => {
  const found = kept
  kept = undefined
  return found !== undefined && now - found.at < FRESH_MS ? found.request : undefined
}
