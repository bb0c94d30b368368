/**
 * `Cache-Control: no-store` on every API answer that does not say otherwise: an answer can carry a member's
 * data (GET /api/user holds their bank details), and no browser cache or shared proxy may keep it. Set as a
 * pre-response handler, so error answers made further out (an unknown route, a defect) get it too. Answers
 * outside /api (the web app's files) keep their own caching.
 */
import { Effect } from "effect"
import { HttpEffect, HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"

export const API_PREFIX = "/api/"

const noStore: HttpEffect.PreResponseHandler = (_request, response) =>
  Effect.succeed(
    response.headers["cache-control"] === undefined
      ? HttpServerResponse.setHeader(response, "cache-control", "no-store")
      : response,
  )

export const layerNoStore = HttpRouter.middleware(
  (httpEffect) =>
    Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
      request.url.startsWith(API_PREFIX)
        ? Effect.andThen(HttpEffect.appendPreResponseHandler(noStore), httpEffect)
        : httpEffect,
    ),
  { global: true },
)
