import { LedgerCheckpointService } from "@landunits/core/ledger/LedgerCheckpointService.ts"
import { Effect } from "effect"
import { HttpEffect, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../api/Api.ts"
import { CurrentMember } from "../api/Authentication.ts"
import { CHECKPOINTS_CACHE, OLDER_CHECKPOINTS_CACHE, PUBLIC_KEY_CACHE } from "../api/LedgerApi.ts"

/** The answer's Cache-Control (public data), in place of the API's no-store. */
const cacheFor = (value: string) =>
  HttpEffect.appendPreResponseHandler((_request, response) =>
    Effect.succeed(HttpServerResponse.setHeader(response, "cache-control", value)),
  )

export const LedgerHandlers = HttpApiBuilder.group(
  Api,
  "ledger",
  Effect.fn(function* (handlers) {
    const checkpoints = yield* LedgerCheckpointService
    return handlers
      .handle("checkpoints", ({ query }) =>
        Effect.andThen(
          cacheFor(query.before === undefined ? CHECKPOINTS_CACHE : OLDER_CHECKPOINTS_CACHE),
          checkpoints.list(query),
        ),
      )
      .handle("publicKey", () => Effect.as(cacheFor(PUBLIC_KEY_CACHE), checkpoints.publicKey))
      .handle("proof", ({ params }) =>
        Effect.flatMap(CurrentMember, ({ memberId }) => checkpoints.proof(memberId, params.orderId)),
      )
      .handle("liabilitiesProof", () =>
        Effect.flatMap(CurrentMember, ({ memberId }) => checkpoints.liabilitiesProof(memberId)),
      )
  }),
)
