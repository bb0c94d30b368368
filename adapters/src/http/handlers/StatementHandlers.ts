import { Effect, Stream } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import {
  memberStatement,
  STATEMENT_CONTENT_TYPE,
  statementCsvStream,
  statementPdfBytes,
} from "../../statements/MemberStatement.ts"
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
        const format = query.format ?? "pdf"
        const { document, fileName } = yield* memberStatement(memberId, {
          from: query.fromDate,
          to: query.toDate,
        }).pipe(Effect.orDie, Effect.provide(context))
        const options = {
          contentType: STATEMENT_CONTENT_TYPE[format],
          headers: { "content-disposition": `attachment; filename="${fileName(format)}"` },
        }
        // The CSV is written to the answer as it is made (constant memory); the PDF needs its page count first.
        if (format === "csv") {
          return HttpServerResponse.stream(
            Stream.fromIterable(statementCsvStream(document)).pipe(Stream.encodeText),
            options,
          )
        }
        return HttpServerResponse.uint8Array(yield* statementPdfBytes(document), options)
      }),
    )
  }),
)
