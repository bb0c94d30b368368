import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { Api } from "../api/Api.ts"

export const SystemHandlers = HttpApiBuilder.group(
  Api,
  "system",
  Effect.fn(function* (handlers) {
    const sql = yield* SqlClient.SqlClient
    return handlers.handle("health", () =>
      sql`SELECT 1`.pipe(Effect.as({ status: "ok" as const }), Effect.orDie),
    )
  }),
)
