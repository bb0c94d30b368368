/**
 * The site passkeys belong to (WebAuthn's relying party): APP_URL's origin and host name when it is set (a
 * production start refuses to run without it: ProductionSettings.ts); without it, in development, the origin this
 * request was made to (its Host), which is what a development start on localhost is. Browsers refuse passkeys on a bare IP address: open the app on
 * localhost or a name.
 */
import type { RelyingParty } from "@landunits/core/secondfactor/ports/PasskeyCeremonies.ts"
import { Config, Effect, Option } from "effect"
import { HttpServerRequest } from "effect/http"

export const relyingParty = Effect.gen(function* () {
  const configured = yield* Effect.orElseSucceed(Config.option(Config.String("APP_URL")), () =>
    Option.none<string>(),
  )
  const request = yield* HttpServerRequest.HttpServerRequest
  const origin = Option.match(configured, {
    onSome: (url) => new URL(url).origin,
    onNone: () => {
      const host = request.headers.host ?? "localhost"
      const proto = request.headers["x-forwarded-proto"] === "https" ? "https" : "http"
      return `${proto}://${host}`
    },
  })
  return { id: new URL(origin).hostname, name: "Landunits", origin } satisfies RelyingParty
})
