import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { memberStatement } from "../../statements/MemberStatement.ts"
import { Api } from "../api/Api.ts"
import { CurrentMember } from "../api/Authentication.ts"

export const StatementHandlers = HttpApiBuilder.group(
  Api,
  "statements",
  Effect.fn(function* (handlers) {
    const context = yield* Effect.context<Effect.Services<ReturnType<typeof memberStatement>>>()
    return handlers.handle("generate", ({ query }) =>
      Effect.gen(function* () {
        const { memberId } = yield* CurrentMember
        const file = yield* memberStatement(
          memberId,
          { from: query.fromDate, to: query.toDate },
          query.format,
        ).pipe(Effect.provide(context))
        return HttpServerResponse.uint8Array(file.bytes, {
          contentType: file.contentType,
          headers: { "content-disposition": `attachment; filename="${file.fileName}"` },
        })
      }),
    )
  }),
)
