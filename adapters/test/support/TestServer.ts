/**
 * The real HTTP server on an ephemeral loopback port, for HTTP tests: `fetch` against `baseUrl`.
 * A small cookie jar per client keeps the session and anti-forgery cookies like a browser does.
 */

import { apiClient } from "@landunits/test-support/ApiClient.ts"
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

/** A browser-like client of `server` (keeps cookies, echoes XSRF-TOKEN unless told not to): test-support's. */
export const makeClient = (server: { readonly baseUrl: () => string }) => apiClient(server.baseUrl)

/** A response's JSON body, for assertions field by field. */
// biome-ignore lint/suspicious/noExplicitAny: test bodies are checked field by field by the assertions
export const json = async (response: Response): Promise<any> => response.json()
