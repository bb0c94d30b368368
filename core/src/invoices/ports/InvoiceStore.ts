import { Context, Effect, Layer, Option } from "effect"
import type { MemberId, OrderId, PayoutId } from "../../shared/Ids.ts"
import { type InvoiceNotCreditable, InvoiceNotFound } from "../InvoiceErrors.ts"
import type { InvoiceDraft, IssuedInvoice } from "../InvoiceModel.ts"
import { creditNoteOf, creditRefusal } from "../Invoices.ts"

/** Documents issued in [from, to) (ISO-8601 instants), optionally of one issuer. */
export interface InvoicePeriod {
  readonly from: string
  readonly to: string
  readonly issuerId?: string | undefined
}

/**
 * Port: issued invoices, credit notes and payout statements, never changed once issued (issue 46).
 * - `issue` numbers a draft (an invoice or a payout statement) with the next number of its issuer's one sequence
 *   (1, 2, 3, …, shared by every kind: docs/decisions/0068) and keeps it. On PostgreSQL the counter row is updated
 *   in the caller's transaction, so an order whose transaction rolls back leaves no gap, and concurrent issues queue
 *   on the counter row: numbers are unique and gap-free. An order has one invoice and a payout one statement:
 *   issuing again for the same order (payout) answers the document already issued, without using a number.
 * - `creditNote` cancels an issued invoice with a new document of its own number (same sequence), every amount
 *   negated (Invoices.ts creditNoteOf), with the admin's reason, at most once per invoice; a credit note or a
 *   payout statement is refused in words (Invoices.ts creditRefusal).
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
      reason?: string,
    ) => Effect.Effect<IssuedInvoice, InvoiceNotFound | InvoiceNotCreditable>
    readonly find: (issuerId: string, number: number) => Effect.Effect<Option.Option<IssuedInvoice>>
    /** A buy's invoice. */
    readonly findForOrder: (orderId: OrderId) => Effect.Effect<Option.Option<IssuedInvoice>>
    /** A payout's statement. */
    readonly findForPayout: (payoutId: PayoutId) => Effect.Effect<Option.Option<IssuedInvoice>>
    /** The credit note of an invoice, when it has one. */
    readonly findCreditNote: (issuerId: string, number: number) => Effect.Effect<Option.Option<IssuedInvoice>>
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
    const creditNoteFor = (issuerId: string, number: number) =>
      documents.find((d) => d.issuer.issuerId === issuerId && d.credits === number)
    /** The document already issued for what a draft documents: the order's invoice, the payout's statement. */
    const issuedFor = (draft: InvoiceDraft) =>
      draft.kind === "payoutStatement"
        ? documents.find((d) => d.kind === "payoutStatement" && d.payoutId === draft.payoutId)
        : documents.find((d) => d.kind === "invoice" && d.orderId === draft.orderId)
    return InvoiceStore.of({
      issue: (draft) => Effect.sync(() => issuedFor(draft) ?? keep(draft)),
      creditNote: (issuerId, number, issuedAt, reason) =>
        Effect.suspend((): Effect.Effect<IssuedInvoice, InvoiceNotFound | InvoiceNotCreditable> => {
          const invoice = find(issuerId, number)
          if (invoice === undefined)
            return Effect.fail(new InvoiceNotFound({ message: `No invoice ${number}`, issuerId, number }))
          const refused = creditRefusal(invoice, creditNoteFor(issuerId, number))
          if (refused !== undefined) return Effect.fail(refused)
          return Effect.succeed(keep(creditNoteOf(invoice, issuedAt, reason)))
        }),
      find: (issuerId, number) => Effect.sync(() => Option.fromNullishOr(find(issuerId, number))),
      findForPayout: (payoutId) =>
        Effect.sync(() =>
          Option.fromNullishOr(
            documents.find((d) => d.kind === "payoutStatement" && d.payoutId === payoutId),
          ),
        ),
      findCreditNote: (issuerId, number) =>
        Effect.sync(() => Option.fromNullishOr(creditNoteFor(issuerId, number))),
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
