/**
 * The real HTTP server on an ephemeral loopback port, for HTTP tests: `fetch` against `baseUrl`.
 * A small cookie jar per client keeps the session and anti-forgery cookies like a browser does.
 */
import { Effect, type Layer, ManagedRuntime } from "effect"
import { HttpServer } from "effect/http"
import { afterAll, beforeAll } from "vitest"

export interface TestServer<R = HttpServer.HttpServer> {
  readonly baseUrl: () => string
  /** Runs an effect with the server's services (its database, its core services). */
  readonly run: <A, E>(effect: Effect.Effect<A, E, R>) => Promise<A>
}

export const useTestServer = <R, E>(
  layer: Layer.Layer<R | HttpServer.HttpServer, E>,
): TestServer<R | HttpServer.HttpServer> => {
  let runtime: ManagedRuntime.ManagedRuntime<R | HttpServer.HttpServer, E> | undefined
  let baseUrl: string | undefined
  beforeAll(async () => {
    runtime = ManagedRuntime.make(layer)
    const address = await runtime.runPromise(Effect.map(HttpServer.HttpServer, (s) => s.address))
    if (address._tag === "UnixPathAddress") throw new Error("The test server must listen on TCP")
    baseUrl = `http://127.0.0.1:${address.port}`
  }, 120_000)
  afterAll(async () => {
    await runtime?.dispose()
  })
  return {
    run: (effect) => {
      if (runtime === undefined) throw new Error("The test server is used outside its suite")
      return runtime.runPromise(effect)
    },
    baseUrl: () => {
      if (baseUrl === undefined) throw new Error("The test server is used outside its suite")
      return baseUrl
    },
  }
}

/** A browser-like client: keeps cookies, and echoes XSRF-TOKEN in X-XSRF-TOKEN unless told not to. */
export const makeClient = (server: { readonly baseUrl: () => string }) => {
  const cookies = new Map<string, string>()
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";")
      const eq = pair!.indexOf("=")
      const name = pair!.slice(0, eq).trim()
      const value = pair!.slice(eq + 1).trim()
      if (value === "" || /max-age=0/i.test(line)) cookies.delete(name)
      else cookies.set(name, value)
    }
  }
  const request = async (
    method: string,
    path: string,
    options: { body?: unknown; xsrf?: boolean; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { ...options.headers }
    if (cookies.size > 0) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ")
    const xsrf = cookies.get("XSRF-TOKEN")
    if (options.xsrf !== false && xsrf !== undefined) headers["x-xsrf-token"] = xsrf
    let body: FormData | string | undefined
    if (options.body instanceof FormData) body = options.body
    else if (options.body !== undefined) {
      headers["content-type"] = "application/json"
      body = JSON.stringify(options.body)
    }
    const response = await fetch(`${server.baseUrl()}${path}`, {
      method,
      headers,
      body: body ?? null,
      redirect: "manual",
    })
    remember(response)
    return response
  }
  return {
    cookies,
    get: (path: string, options?: { headers?: Record<string, string> }) => request("GET", path, options),
    post: (path: string, body?: unknown, options?: { xsrf?: boolean; headers?: Record<string, string> }) =>
      request("POST", path, { ...options, body }),
    request,
  }
}

/** A response's JSON body, for assertions field by field. */
// biome-ignore lint/suspicious/noExplicitAny: test bodies are checked field by field by the assertions
export const json = async (response: Response): Promise<any> => response.json()
