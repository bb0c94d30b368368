import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlError } from "effect/sql"
import { databasePing } from "../../postgres/DatabasePingPg.ts"
import { isDatabaseUnreachable } from "../../postgres/SqlErrors.ts"
import { Api } from "../api/Api.ts"
import { serviceUnavailable } from "../api/ApiErrors.ts"
import { HEALTH_TIMEOUT } from "../api/SystemApi.ts"
import { Draining } from "../server/Draining.ts"

export const SystemHandlers = HttpApiBuilder.group(
  Api,
  "system",
  Effect.fn(function* (handlers) {
    const ping = yield* databasePing
    const draining = yield* Draining
    return handlers.handle("health", () =>
      ping.pipe(
        Effect.as({ status: "ok" as const }),
        // A database that does not answer in time is as unready as one that refuses.
        Effect.timeoutOrElse({ duration: HEALTH_TIMEOUT, orElse: () => Effect.fail(serviceUnavailable()) }),
        // Any other database failure is a bug: a 500, logged.
        Effect.catchIf(SqlError.isSqlError, (error) =>
          isDatabaseUnreachable(error) ? Effect.fail(serviceUnavailable()) : Effect.die(error),
        ),
        // A process told to stop answers 503 while it drains, so the load balancer stops sending to it.
        (check) => (draining.isDraining() ? Effect.fail(serviceUnavailable()) : check),
      ),
    )
  }),
)
