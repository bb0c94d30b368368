/**
 * `landunits invoices issue-missing [--dry-run]`: the invoices of paid buys that have none — confirmed before
 * invoicing existed, or while no issuer, tax treatment or buyer's address was set (the engine then confirms the
 * payment without one: InvoiceService.ts `InvoiceIssuer`). Oldest payment first, each in its own unit of work, so
 * the numbers follow the payments and one failure keeps the others; a buy still without what its invoice needs is
 * listed with the reason and left for a later run. Idempotent: a buy with an invoice is never issued another, so a
 * second run issues nothing. Audited `invoices.issueMissing` with what it issued and left.
 */
import { Effect, Option } from "effect"
import type { ActingAdmin } from "../access/AdminOperationRunner.ts"
import { auditAdmin, refuse } from "../access/AdminUseCase.ts"
import type { OrderRecord } from "../orders/OrderModel.ts"
import { OrderRepository } from "../orders/ports/OrderRepository.ts"
import { UnitOfWork } from "../orders/ports/UnitOfWork.ts"
import { invoiceNumberText } from "./InvoiceDocument.ts"
import type { IssuedInvoice } from "./InvoiceModel.ts"
import { issueForPaidBuy } from "./InvoiceService.ts"
import { InvoiceBuyers } from "./ports/InvoiceBuyers.ts"
import { InvoiceSettings } from "./ports/InvoiceSettings.ts"
import { InvoiceStore } from "./ports/InvoiceStore.ts"

/** A paid buy's order statuses: paid (Approved), and paid with its sellers paid (Completed). */
const PAID_BUY_STATUSES = ["Approved", "Completed"] as const

/** When a buy was paid: its move to Approved (its last update for a record without one). */
export const paidAt = (order: OrderRecord): number =>
  order.timeline.find((entry) => entry.to === "Approved")?.at ?? Date.parse(order.updatedAt)

/** One paid buy without an invoice: issued now, left with the reason, or (a dry run) to issue. */
export type MissingInvoice =
  | {
      readonly _tag: "Issued"
      readonly orderId: string
      readonly paidAt: string
      readonly invoice: IssuedInvoice
    }
  | { readonly _tag: "Left"; readonly orderId: string; readonly paidAt: string; readonly reason: string }
  | { readonly _tag: "ToIssue"; readonly orderId: string; readonly paidAt: string }

/** The line an admin reads for one. */
export const missingInvoiceLine = (m: MissingInvoice): string => {
  switch (m._tag) {
    case "Issued":
      return `${m.orderId} (paid ${m.paidAt}): issued ${invoiceNumberText(m.invoice)}`
    case "Left":
      return `${m.orderId} (paid ${m.paidAt}): left without an invoice: ${m.reason}`
    case "ToIssue":
      return `${m.orderId} (paid ${m.paidAt}): would be issued`
  }
}

export const issueMissingInvoices = Effect.fn("MissingInvoices.issue")(function* (
  acting: ActingAdmin,
  options: { readonly dryRun: boolean },
) {
  if (Option.isNone(yield* (yield* InvoiceSettings).issuer)) {
    return yield* refuse("No issuer is set: set it with landunits invoices set-issuer first")
  }
  const store = yield* InvoiceStore
  const buyers = yield* InvoiceBuyers
  const uow = yield* UnitOfWork
  const paid = yield* (yield* OrderRepository).find({ orderType: "BUY", statuses: PAID_BUY_STATUSES })
  const missing: Array<OrderRecord> = []
  for (const order of paid) if (Option.isNone(yield* store.findForOrder(order.orderId))) missing.push(order)
  missing.sort((a, b) => paidAt(a) - paidAt(b) || a.sequence - b.sequence)

  const results: Array<MissingInvoice> = []
  for (const order of missing) {
    const at = { orderId: order.orderId, paidAt: new Date(paidAt(order)).toISOString() }
    if (options.dryRun) {
      results.push({ _tag: "ToIssue", ...at })
      continue
    }
    const outcome = yield* uow.transaction(
      Effect.gen(function* () {
        const buyer = yield* buyers.buyerOf(order.memberId)
        if (Option.isNone(buyer))
          return { _tag: "Left", ...at, reason: "the buyer has no name to print" } as const
        const invoice = yield* issueForPaidBuy({ order, buyer: buyer.value })
        return { _tag: "Issued", ...at, invoice } as const
      }).pipe(
        Effect.catch((error) => Effect.succeed({ _tag: "Left", ...at, reason: error.message } as const)),
      ),
    )
    results.push(outcome)
  }
  const issued = results.filter((r) => r._tag === "Issued")
  yield* auditAdmin(acting, "invoices.issueMissing", "invoices:missing", {
    dryRun: String(options.dryRun),
    found: String(missing.length),
    issued: issued.map((r) => invoiceNumberText(r.invoice)).join(" ") || "none",
    left: String(results.filter((r) => r._tag === "Left").length),
  })
  return results
})
