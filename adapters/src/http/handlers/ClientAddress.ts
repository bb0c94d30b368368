/** The client's address for rate limits: the socket's peer (set TRUST_PROXY handling at the proxy). */
import { Effect, Option } from "effect"
import { HttpServerRequest } from "effect/http"

export const clientAddress = Effect.map(HttpServerRequest.HttpServerRequest, (request) =>
  Option.getOrElse(request.remoteAddress, () => "unknown"),
)
