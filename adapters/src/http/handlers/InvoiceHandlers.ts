import { invoiceDocument } from "@landunits/core/invoices/InvoiceDocument.ts"
import { invoiceFileName, memberInvoice, viewInvoices } from "@landunits/core/invoices/MemberInvoices.ts"
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { statementPdfBytes } from "../../statements/MemberStatement.ts"
import { Api } from "../api/Api.ts"
import { CurrentMember } from "../api/Authentication.ts"

/** Every route reads the session's member's own documents only: no route takes a member id. */
export const InvoiceHandlers = HttpApiBuilder.group(
  Api,
  "invoices",
  Effect.fn(function* (handlers) {
    const context = yield* Effect.context<
      Effect.Services<ReturnType<typeof viewInvoices>> | Effect.Services<ReturnType<typeof memberInvoice>>
    >()
    return handlers
      .handle("list", ({ query }) =>
        Effect.gen(function* () {
          const { memberId } = yield* CurrentMember
          return { invoices: yield* viewInvoices(memberId, query).pipe(Effect.provideContext(context)) }
        }),
      )
      .handle("pdf", ({ params }) =>
        Effect.gen(function* () {
          const { memberId } = yield* CurrentMember
          const invoice = yield* memberInvoice(memberId, params.issuerId, params.number).pipe(
            Effect.provideContext(context),
          )
          // The statement's renderer draws core's document (adapters/src/statements/StatementPdf.ts).
          return HttpServerResponse.uint8Array(yield* statementPdfBytes(invoiceDocument(invoice)), {
            contentType: "application/pdf",
            headers: {
              "content-disposition": `attachment; filename="${invoiceFileName(invoice)}"`,
              "cache-control": "no-store",
            },
          })
        }),
      )
  }),
)
