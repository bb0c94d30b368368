/**
 * The client's address, for rate limits and for what records an address (the new-device email): the one place
 * that reads the request's socket peer. Behind the proxies TRUSTED_PROXIES names, the address they say they
 * received the request from (server/TrustedProxies.ts has the rule); from any other peer, the peer itself.
 * A test (adapters/test/http/ClientAddress.test.ts) fails when another file under adapters/src reads the peer.
 */
import { Context, Effect, Option } from "effect"
import { HttpServerRequest } from "effect/http"
import { clientAddressOf, NO_TRUSTED_PROXIES, type TrustedProxies } from "../server/TrustedProxies.ts"

/** The proxies in front of the app (TRUSTED_PROXIES, given by serveHttp); nobody unless given. */
export const CurrentTrustedProxies = Context.Reference<TrustedProxies>(
  "@landunits/adapters/http/handlers/CurrentTrustedProxies",
  { defaultValue: () => NO_TRUSTED_PROXIES },
)

/** The client's address as the deployment sees it (canonical text; `unknown` without an IP peer). */
export const clientAddress: Effect.Effect<string, never, HttpServerRequest.HttpServerRequest> = Effect.gen(
  function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const proxies = yield* CurrentTrustedProxies
    return clientAddressOf(
      proxies,
      Option.getOrUndefined(request.remoteAddress),
      request.headers["x-forwarded-for"],
    )
  },
)
