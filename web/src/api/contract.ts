/**
 * The web's view of the API contract (`adapters/src/http/api/Api.ts`), in types only: a route's path, its
 * body and its answer come from the HttpApi definition the server runs, so a route whose schema changes on
 * the server fails the web's typecheck where the web calls it. Nothing of this file reaches the bundle
 * (docs/decisions.md "One contract for server and web" says why not effect's runtime HttpApiClient).
 *
 * A route is named by its method and its path as the web writes it (without /api): `/user/holdings`,
 * `/auth/confirmation/${token}` for a path parameter, `/user/analytics?days=30` with a query.
 */
import type { Api } from "@landunits/adapters/http/api/Api.ts"
import type { Brand } from "effect"
import type { HttpApi, HttpApiEndpoint, HttpApiGroup } from "effect/http-api"

type Groups = typeof Api extends HttpApi.HttpApi<infer _Id, infer G> ? G : never
/** Every endpoint of the contract. */
export type Endpoint = HttpApiGroup.Endpoints<Groups>

/** `/api/auth/confirmation/:token` as the web writes it: `/auth/confirmation/${string}`. */
type PatternOf<Path extends string> = Path extends `/api${infer Rest}` ? Params<Rest> : never
type Params<Path extends string> = Path extends `${infer Head}/:${infer _Param}/${infer Tail}`
  ? `${Head}/${string}/${Params<Tail>}`
  : Path extends `${infer Head}/:${infer _Param}`
    ? `${Head}/${string}`
    : Path

export type Method = "GET" | "POST"

/** The endpoint a call reaches: its method, and its path with or without a query. */
export type EndpointAt<M extends Method, P extends string> = Endpoint extends infer E
  ? E extends { readonly method: M; readonly path: infer Path extends string }
    ? P extends PatternOf<Path> | `${PatternOf<Path>}?${string}`
      ? E
      : never
    : never
  : never

/** Every path the web may call with `method`. */
export type PathOf<M extends Method> = Endpoint extends infer E
  ? E extends { readonly method: M; readonly path: infer Path extends string }
    ? PatternOf<Path> | `${PatternOf<Path>}?${string}`
    : never
  : never

/** What the route answers on success, as the contract's schema describes it. */
export type AnswerOf<M extends Method, P extends string> = HttpApiEndpoint.Success<EndpointAt<M, P>>["Type"]

/**
 * The body the route takes: its schema's decoded side, which is what the web's forms produce (they validate
 * with the same schemas) and what JSON carries unchanged for these schemas (effect types the encoded side of
 * a JSON payload as any JSON). Multipart routes take the FormData.
 */
export type BodyOf<M extends Method, P extends string> = [HttpApiEndpoint.Payload<EndpointAt<M, P>>] extends [
  never,
]
  ? undefined
  : P extends "/user/update_profile"
    ? FormData
    : Unbranded<HttpApiEndpoint.Payload<EndpointAt<M, P>>["Type"]>

/** A branded id (OrderId, QuestionId, …) is a plain string in a request: the server brands what it decodes. */
type Unbranded<T> = T extends string & Brand.Brand<infer _K>
  ? string
  : T extends number & Brand.Brand<infer _K>
    ? number
    : T extends ReadonlyArray<infer U>
      ? ReadonlyArray<Unbranded<U>>
      : T extends object
        ? { readonly [K in keyof T]: Unbranded<T[K]> }
        : T
