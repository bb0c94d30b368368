/**
 * Issued invoices, credit notes and payout statements on PostgreSQL (migrations 2920, 2940). `issue` takes the
 * issuer's next number by an upsert of its `invoice_sequences` row returning the new number, and inserts the
 * document, in one transaction: the caller's when there is one (a savepoint inside it), so an order whose transaction
 * rolls back takes its number back. Concurrent issues queue on the counter row until the first commits: unique,
 * gap-free numbers. A second invoice for an order (a concurrent retry) hits `invoices_one_per_order`, a second
 * statement for a payout `invoices_one_per_payout`; its savepoint rolls back, number included, and the document
 * already issued is answered. Nothing here updates or deletes a document; the table's trigger refuses both.
 */
import { InvoiceNotCreditable, InvoiceNotFound } from "@landunits/core/invoices/InvoiceErrors.ts"
import { type InvoiceDraft, IssuedInvoice } from "@landunits/core/invoices/InvoiceModel.ts"
import { creditNoteOf, creditRefusal } from "@landunits/core/invoices/Invoices.ts"
import { InvoiceStore } from "@landunits/core/invoices/ports/InvoiceStore.ts"
import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { isUniqueViolation } from "./SqlErrors.ts"

const decode = Schema.decodeUnknownSync(IssuedInvoice)
const documents = (rows: ReadonlyArray<{ document: unknown }>): ReadonlyArray<IssuedInvoice> =>
  rows.map((r) => decode(typeof r.document === "string" ? JSON.parse(r.document) : r.document))

export const InvoiceStorePg = Layer.effect(InvoiceStore)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    const find = (issuerId: string, number: number) =>
      sql<{ document: unknown }>`
        SELECT document FROM invoices WHERE issuer_id = ${issuerId} AND number = ${number}`.pipe(
        Effect.map((rows) => Option.fromNullishOr(documents(rows)[0])),
        Effect.orDie,
      )
    const findForOrder = (orderId: string) =>
      sql<{ document: unknown }>`
        SELECT document FROM invoices WHERE order_id = ${orderId} AND kind = 'invoice'`.pipe(
        Effect.map((rows) => Option.fromNullishOr(documents(rows)[0])),
        Effect.orDie,
      )
    const findForPayout = (payoutId: string) =>
      sql<{ document: unknown }>`
        SELECT document FROM invoices WHERE payout_id = ${payoutId}`.pipe(
        Effect.map((rows) => Option.fromNullishOr(documents(rows)[0])),
        Effect.orDie,
      )
    const findCreditNote = (issuerId: string, number: number) =>
      sql<{ document: unknown }>`
        SELECT document FROM invoices WHERE issuer_id = ${issuerId} AND credits = ${number}`.pipe(
        Effect.map((rows) => Option.fromNullishOr(documents(rows)[0])),
        Effect.orDie,
      )
    /** The document already issued for what a draft documents: the order's invoice, the payout's statement. */
    const issuedFor = (draft: InvoiceDraft) =>
      draft.kind === "payoutStatement" && draft.payoutId !== undefined
        ? findForPayout(draft.payoutId)
        : findForOrder(draft.orderId)

    /** Numbers and keeps a draft, in a transaction (a savepoint in the caller's). */
    const keep = (draft: InvoiceDraft) =>
      sql.withTransaction(
        Effect.gen(function* () {
          const issuerId = draft.issuer.issuerId
          const [counter] = yield* sql<{ last_number: number }>`
            INSERT INTO invoice_sequences (issuer_id, last_number) VALUES (${issuerId}, 1)
            ON CONFLICT (issuer_id) DO UPDATE SET last_number = invoice_sequences.last_number + 1
            RETURNING last_number`
          const issued: IssuedInvoice = { ...draft, number: Number(counter!.last_number) }
          yield* sql`
            INSERT INTO invoices
              (issuer_id, number, kind, order_id, member_id, credits, payout_id, issued_at, document)
            VALUES (${issuerId}, ${issued.number}, ${issued.kind}, ${issued.orderId}, ${issued.buyer.memberId},
                    ${issued.credits ?? null}, ${issued.payoutId ?? null}, ${issued.issuedAt},
                    ${JSON.stringify(issued)}::jsonb)`
          return issued
        }),
      )

    return InvoiceStore.of({
      issue: (draft) =>
        Effect.gen(function* () {
          const existing = yield* issuedFor(draft)
          if (Option.isSome(existing)) return existing.value
          return yield* keep(draft).pipe(
            Effect.catchIf(isUniqueViolation, () =>
              issuedFor(draft).pipe(
                Effect.flatMap((found) =>
                  Option.isSome(found)
                    ? Effect.succeed(found.value)
                    : Effect.die("invoice raced and vanished"),
                ),
              ),
            ),
            Effect.orDie,
          )
        }),
      creditNote: (issuerId, number, issuedAt, reason) =>
        Effect.gen(function* () {
          const invoice = yield* find(issuerId, number)
          if (Option.isNone(invoice))
            return yield* new InvoiceNotFound({ message: `No invoice ${number}`, issuerId, number })
          const refusal = creditRefusal(
            invoice.value,
            Option.getOrUndefined(yield* findCreditNote(issuerId, number)),
          )
          if (refusal !== undefined) return yield* refusal
          // A concurrent credit note of the same invoice hits invoices_one_credit_note: refused as credited.
          const credited = Effect.flatMap(findCreditNote(issuerId, number), (creditNote) =>
            Effect.fail(
              creditRefusal(invoice.value, Option.getOrUndefined(creditNote)) ??
                new InvoiceNotCreditable({
                  message: `Invoice ${number} is already credited`,
                  issuerId,
                  number,
                }),
            ),
          )
          return yield* keep(creditNoteOf(invoice.value, issuedAt, reason)).pipe(
            Effect.catch((error) => (isUniqueViolation(error) ? credited : Effect.die(error))),
          )
        }),
      find,
      findForOrder,
      findForPayout,
      findCreditNote,
      listForMember: (memberId) =>
        sql<{ document: unknown }>`
          SELECT document FROM invoices WHERE member_id = ${memberId}
          ORDER BY issued_at DESC, number DESC`.pipe(Effect.map(documents), Effect.orDie),
      listForPeriod: ({ from, to, issuerId }) =>
        sql<{ document: unknown }>`
          SELECT document FROM invoices
          WHERE issued_at >= ${from} AND issued_at < ${to}
            AND (${issuerId ?? null}::text IS NULL OR issuer_id = ${issuerId ?? null})
          ORDER BY issuer_id, number`.pipe(Effect.map(documents), Effect.orDie),
    })
  }),
)
