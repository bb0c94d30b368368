import { Context, Effect, Layer, Option } from "effect"
import type { MemberId } from "../../shared/Ids.ts"
import type { InvoiceBuyer } from "../InvoiceModel.ts"

/**
 * Port: the buyer as an invoice names them: the member's name (or their company's), address, and the company's
 * registration and VAT numbers when given. None when the member has not given an address yet.
 */
export class InvoiceBuyers extends Context.Service<
  InvoiceBuyers,
  {
    readonly buyerOf: (memberId: MemberId) => Effect.Effect<Option.Option<InvoiceBuyer>>
  }
>()("@landunits/core/invoices/ports/InvoiceBuyers") {
  /** In memory over the buyers given. */
  static readonly layerMemory = (buyers: ReadonlyArray<InvoiceBuyer>) =>
    Layer.succeed(InvoiceBuyers)({
      buyerOf: (memberId) =>
        Effect.sync(() => Option.fromNullishOr(buyers.find((b) => b.memberId === memberId))),
    })
}
