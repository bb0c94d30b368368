import { Context, Effect, Layer, Option } from "effect"
import type { MemberId, OrderId } from "../../shared/Ids.ts"
import { InvoiceNotCreditable, InvoiceNotFound } from "../InvoiceErrors.ts"
import type { InvoiceDraft, IssuedInvoice } from "../InvoiceModel.ts"
import { creditNoteOf } from "../Invoices.ts"

/** Documents issued in [from, to) (ISO-8601 instants), optionally of one issuer. */
export interface InvoicePeriod {
  readonly from: string
  readonly to: string
  readonly issuerId?: string | undefined
}

/**
 * Port: issued invoices and credit notes, never changed once issued (issue 46).
 * - `issue` numbers a draft invoice with the next number of its issuer's sequence (1, 2, 3, …) and keeps it. On
 *   PostgreSQL the counter row is updated in the caller's transaction, so an order whose transaction rolls back
 *   leaves no gap, and concurrent issues queue on the counter row: numbers are unique and gap-free. An order has one
 *   invoice: issuing again for the same order answers the invoice already issued, without using a number.
 * - `creditNote` cancels an issued invoice with a new document of its own number (same sequence), every amount
 *   negated (Invoices.ts creditNoteOf), at most once per invoice.
 * - There is no update and no delete: the PostgreSQL table refuses both (a trigger).
 */
export class InvoiceStore extends Context.Service<
  InvoiceStore,
  {
    readonly issue: (draft: InvoiceDraft) => Effect.Effect<IssuedInvoice>
    readonly creditNote: (
      issuerId: string,
      number: number,
      issuedAt: string,
    ) => Effect.Effect<IssuedInvoice, InvoiceNotFound | InvoiceNotCreditable>
    readonly find: (issuerId: string, number: number) => Effect.Effect<Option.Option<IssuedInvoice>>
    readonly findForOrder: (orderId: OrderId) => Effect.Effect<Option.Option<IssuedInvoice>>
    /** A member's documents, newest first. */
    readonly listForMember: (memberId: MemberId) => Effect.Effect<ReadonlyArray<IssuedInvoice>>
    /** The documents issued in a period, by issuer and number. */
    readonly listForPeriod: (period: InvoicePeriod) => Effect.Effect<ReadonlyArray<IssuedInvoice>>
  }
>()("@landunits/core/invoices/ports/InvoiceStore") {
  /** In memory: the reference for the PostgreSQL adapter's contract tests. */
  static readonly layerMemory = Layer.sync(InvoiceStore)(() => {
    const documents: Array<IssuedInvoice> = []
    const nextNumber = (issuerId: string) =>
      documents.filter((d) => d.issuer.issuerId === issuerId).reduce((max, d) => Math.max(max, d.number), 0) +
      1
    const keep = (draft: InvoiceDraft): IssuedInvoice => {
      const issued = { ...draft, number: nextNumber(draft.issuer.issuerId) }
      documents.push(issued)
      return issued
    }
    const find = (issuerId: string, number: number) =>
      documents.find((d) => d.issuer.issuerId === issuerId && d.number === number)
    return InvoiceStore.of({
      issue: (draft) =>
        Effect.sync(
          () => documents.find((d) => d.kind === "invoice" && d.orderId === draft.orderId) ?? keep(draft),
        ),
      creditNote: (issuerId, number, issuedAt) =>
        Effect.suspend((): Effect.Effect<IssuedInvoice, InvoiceNotFound | InvoiceNotCreditable> => {
          const invoice = find(issuerId, number)
          if (invoice === undefined)
            return Effect.fail(new InvoiceNotFound({ message: `No invoice ${number}`, issuerId, number }))
          const credited = documents.some((d) => d.issuer.issuerId === issuerId && d.credits === number)
          if (invoice.kind !== "invoice" || credited)
            return Effect.fail(
              new InvoiceNotCreditable({
                message: `Document ${number} is a credit note or already credited`,
                issuerId,
                number,
              }),
            )
          return Effect.succeed(keep(creditNoteOf(invoice, issuedAt)))
        }),
      find: (issuerId, number) => Effect.sync(() => Option.fromNullishOr(find(issuerId, number))),
      findForOrder: (orderId) =>
        Effect.sync(() =>
          Option.fromNullishOr(documents.find((d) => d.kind === "invoice" && d.orderId === orderId)),
        ),
      listForMember: (memberId) =>
        Effect.sync(() =>
          documents
            .filter((d) => d.buyer.memberId === memberId)
            .sort((a, b) => b.issuedAt.localeCompare(a.issuedAt) || b.number - a.number),
        ),
      listForPeriod: ({ from, to, issuerId }) =>
        Effect.sync(() =>
          documents
            .filter(
              (d) =>
                d.issuedAt >= from &&
                d.issuedAt < to &&
                (issuerId === undefined || d.issuer.issuerId === issuerId),
            )
            .sort((a, b) => a.issuer.issuerId.localeCompare(b.issuer.issuerId) || a.number - b.number),
        ),
    })
  })
}
