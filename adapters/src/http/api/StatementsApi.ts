/** A member's statement for a period, as a PDF (or CSV with format=csv), downloaded (spec §7 /etc). */
import { StatementRequest } from "@landunits/core/statements/StatementRequest.ts"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { Authentication } from "./Authentication.ts"

export class StatementsApi extends HttpApiGroup.make("statements")
  .add(
    HttpApiEndpoint.get("generate", "/etc/generate-statement", {
      query: StatementRequest,
      // PDF by default; CSV with format=csv (text, streamed).
      success: [
        Schema.Uint8Array.pipe(HttpApiSchema.asUint8Array({ contentType: "application/pdf" })),
        Schema.String.pipe(HttpApiSchema.asText({ contentType: "text/csv" })),
      ],
    }),
  )
  .middleware(Authentication) {}
