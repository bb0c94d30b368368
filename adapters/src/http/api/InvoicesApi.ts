/**
 * The member's own documents (issue 46): their invoices and credit notes listed (all, or one order's with
 * `?orderId=`), and one as a PDF download. Another member's order or document answers 404 exactly as a missing one
 * (core's invoices/MemberInvoices.ts).
 */
import { InvoiceNotFound } from "@landunits/core/invoices/InvoiceErrors.ts"
import {
  InvoicePdfParams,
  MemberInvoice,
  MemberInvoicesQuery,
} from "@landunits/core/invoices/MemberInvoices.ts"
import { OrderNotFound } from "@landunits/core/orders/OrderErrors.ts"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { Authentication } from "./Authentication.ts"

export class InvoicesApi extends HttpApiGroup.make("invoices")
  .add(
    HttpApiEndpoint.get("list", "/invoices", {
      query: MemberInvoicesQuery,
      success: Schema.Struct({ invoices: Schema.Array(MemberInvoice) }),
      error: OrderNotFound,
    }),
    HttpApiEndpoint.get("pdf", "/invoices/:issuerId/:number/pdf", {
      params: InvoicePdfParams,
      success: Schema.Uint8Array.pipe(HttpApiSchema.asUint8Array({ contentType: "application/pdf" })),
      error: InvoiceNotFound,
    }),
  )
  .middleware(Authentication) {}
