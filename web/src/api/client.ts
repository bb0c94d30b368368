/**
 * The one way the web app talks to the API (spec §7): JSON over /api, cookies sent, the XSRF-TOKEN cookie
 * echoed in X-XSRF-TOKEN on every request, no timeout, any 2xx is success.
 *
 * A failure becomes an ApiError whose `message` is what a member is shown (spec §8):
 * - the server answered with a message: that message (and its field errors, for forms);
 * - no answer and the browser is offline: 'Network Error' (the ERR_NETWORK case);
 * - no answer while online (the server cannot be reached): 'Server down';
 * - an answer without a message: 'Request failed with status code N'.
 */
import type { FieldError } from "@landunits/core/validation/Issues.ts"
import type { AnswerOf, BodyOf, Method, PathOf } from "./contract.ts"

export const XSRF_COOKIE = "XSRF-TOKEN"
export const XSRF_HEADER = "X-XSRF-TOKEN"
export const SERVER_DOWN = "Server down"
export const NETWORK_ERROR = "Network Error"

export class ApiError extends Error {
  override readonly name = "ApiError"
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number
  readonly errors: ReadonlyArray<FieldError>
  constructor(message: string, status: number, errors: ReadonlyArray<FieldError> = []) {
    super(message)
    this.status = status
    this.errors = errors
  }
}

/** The value of a cookie readable by scripts, or undefined. */
export const readCookie = (
  name: string,
  cookies: string = typeof document === "undefined" ? "" : document.cookie,
): string | undefined => {
  for (const part of cookies.split(";")) {
    const eq = part.indexOf("=")
    if (eq === -1) continue
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim())
  }
  return undefined
}

const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false

const messageOf = (body: unknown): string | undefined =>
  typeof body === "object" && body !== null && "message" in body && typeof body.message === "string"
    ? body.message
    : undefined

const errorsOf = (body: unknown): ReadonlyArray<FieldError> =>
  typeof body === "object" && body !== null && "errors" in body && Array.isArray(body.errors)
    ? body.errors.filter(
        (e: unknown): e is FieldError =>
          typeof e === "object" &&
          e !== null &&
          typeof (e as FieldError).path === "string" &&
          typeof (e as FieldError).message === "string",
      )
    : []

export interface RequestOptions {
  readonly signal?: AbortSignal
  /** Extra request headers (the order commands' Idempotency-Key). */
  readonly headers?: Readonly<Record<string, string>>
  /** Answer the body as a Blob (downloads); failures are read as JSON as always. */
  readonly binary?: boolean
}

export type Fetch = typeof fetch

let fetchImpl: Fetch = (...args) => fetch(...args)

/** Tests replace the transport; the app never does. */
export const setFetch = (f: Fetch): void => {
  fetchImpl = f
}

/**
 * The reads the server made while it rendered this page (entry-server.tsx), by path: until the page's route has
 * loaded (`forgetRenderedAnswers`), a GET of one of them is answered from here, its failure included, so the
 * page hydrates with the data it was rendered with and asks nothing twice (a member's page reads `GET /user`
 * for the session and again for its forms: one request, on the server). Later reads go to the API.
 */
let rendered = new Map<string, RenderedRead>()

/** One read the server made for the page: its answer, or how it failed. */
export type RenderedRead =
  | { readonly ok: true; readonly body: unknown }
  | { readonly ok: false; readonly status: number; readonly body: unknown }

export const keepRenderedAnswers = (reads: Readonly<Record<string, RenderedRead>>): void => {
  rendered = new Map(Object.entries(reads))
}

export const forgetRenderedAnswers = (): void => {
  rendered = new Map()
}

/** An answer's text as JSON; undefined when it is empty or not JSON. */
export const parseAnswer = (text: string): unknown => {
  try {
    return text === "" ? undefined : JSON.parse(text)
  } catch {
    return undefined
  }
}

const failure = (status: number, body: unknown) =>
  new ApiError(messageOf(body) ?? `Request failed with status code ${status}`, status, errorsOf(body))

export const request = async <A>(
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<A> => {
  const read = method === "GET" ? rendered.get(path) : undefined
  if (read !== undefined) {
    if (read.ok) return read.body as A
    throw failure(read.status, read.body)
  }
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers }
  const token = readCookie(XSRF_COOKIE)
  if (token !== undefined) headers[XSRF_HEADER] = token
  // A FormData body (multipart uploads) sets its own Content-Type with the boundary.
  const form = typeof FormData !== "undefined" && body instanceof FormData
  if (body !== undefined && !form) headers["Content-Type"] = "application/json"
  let response: Response
  try {
    response = await fetchImpl(`/api${path}`, {
      method,
      headers,
      credentials: "include",
      ...(body === undefined ? {} : { body: form ? (body as FormData) : JSON.stringify(body) }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    })
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw new ApiError("Request aborted", 0)
    throw new ApiError(isOffline() ? NETWORK_ERROR : SERVER_DOWN, 0)
  }
  if (response.ok && options.binary === true) return (await response.blob()) as A
  const text = await response.text()
  const parsed = parseAnswer(text)
  if (response.ok) return parsed as A
  throw failure(response.status, parsed)
}

/** What a member is shown for any thrown value. */
export const errorMessage = (error: unknown): string =>
  error instanceof ApiError ? error.message : error instanceof Error ? error.message : String(error)

/**
 * A call the contract checks (contract.ts): the path must be one of the API's routes for `method`, the body
 * the route's, and the answer is the route's own type. `request` stays for what the contract cannot type
 * (a binary download).
 */
export const call = <M extends Method, P extends PathOf<M>>(
  method: M,
  path: P,
  ...rest: BodyOf<M, P> extends undefined
    ? [body?: undefined, options?: RequestOptions]
    : [body: BodyOf<M, P>, options?: RequestOptions]
): Promise<AnswerOf<M, P>> => request<AnswerOf<M, P>>(method, path, rest[0], rest[1])
