/**
 * Draining before a stop, for rolling restarts behind a load balancer (docs/operations.md, "Rolling restarts"):
 * when the server is told to stop (SIGTERM), it first answers GET /api/health with 503 for `drain`
 * (SHUTDOWN_DRAIN_SECONDS) while it goes on serving every other request, each answer with `Connection: close`
 * so the balancer's kept-alive connections end cleanly after their answer; the balancer's health check sees
 * the 503 and stops sending it requests. Then the HTTP server stops accepting, waits for the requests in
 * flight, and the process stops. With no drain (the default) the stop begins at once.
 */
import { Context, Duration, Effect, Layer } from "effect"
import { HttpEffect, HttpRouter, HttpServerResponse } from "effect/http"

export interface DrainingShape {
  /** Whether the server was told to stop and is draining. */
  readonly isDraining: () => boolean
}

export const Draining = Context.Reference<DrainingShape>("@landunits/adapters/http/server/Draining", {
  defaultValue: () => ({ isDraining: () => false }),
})

/** A draining switch: `service` for the routes, `start` to turn it on. */
export const makeDraining = () => {
  let draining = false
  return {
    service: { isDraining: () => draining } satisfies DrainingShape,
    start: () => {
      draining = true
    },
  }
}

/**
 * A layer whose finalizer drains: it must be built after the HTTP server, so that it is finalized before the
 * server closes. `start` turns the switch on; then it waits `drain`.
 */
export const layerDrainOnStop = (drain: Duration.Duration, start: () => void) =>
  Layer.effectDiscard(
    Effect.addFinalizer(() =>
      Duration.isZero(drain)
        ? Effect.void
        : Effect.gen(function* () {
            start()
            yield* Effect.logInfo(
              `Stopping: health answers 503 and every answer closes its connection for ${Duration.format(drain)} (SHUTDOWN_DRAIN_SECONDS), then the server stops accepting and finishes the requests in flight`,
            )
            yield* Effect.sleep(drain)
          }),
    ),
  )

const closeConnection: HttpEffect.PreResponseHandler = (_request, response) =>
  Effect.succeed(HttpServerResponse.setHeader(response, "connection", "close"))

/** `Connection: close` on every answer while draining (error answers too: it is a pre-response handler). */
export const layerCloseWhenDraining = HttpRouter.middleware(
  (httpEffect) =>
    Effect.gen(function* () {
      const draining = yield* Draining
      if (draining.isDraining()) yield* HttpEffect.appendPreResponseHandler(closeConnection)
      return yield* httpEffect
    }),
  { global: true },
)
