/**
 * `landunits invoices credit <number> [--issuer X] --reason "…"`: an admin cancels an issued invoice with its credit
 * note (InvoiceStore.creditNote: the next number of the issuer's sequence, every amount negated, the reason printed
 * on it). A credit note changes what the books say a member was charged, so it is a money-or-power operation with a
 * second admin always (core/src/access/AdminOperations.ts), like the invoice settings: `prepare` fixes the issuer
 * (the one set, when not named) and checks the invoice can be credited, refusing a credit note, a payout statement
 * or an invoice already credited in words (Invoices.ts creditRefusal); `apply` re-checks, issues it and audits it.
 */
import { Clock, Effect, Option } from "effect"
import type { OperationHandler, OperationParams } from "../access/AdminOperationRunner.ts"
import { auditAdmin, param, refuse } from "../access/AdminUseCase.ts"
import { formatMoney } from "../format/Format.ts"
import { invoiceNumberText } from "./InvoiceDocument.ts"
import type { IssuedInvoice } from "./InvoiceModel.ts"
import { creditRefusal } from "./Invoices.ts"
import { showInvoice } from "./InvoicesAdmin.ts"
import { InvoiceStore } from "./ports/InvoiceStore.ts"

/** The longest reason printed on a credit note. */
export const CREDIT_REASON_MAX = 500

/** The invoice named by `params` (number, issuer), creditable, and the admin's reason; refused in words otherwise. */
const creditable = (params: OperationParams) =>
  Effect.gen(function* () {
    const reason = (params.reason ?? "").trim()
    if (reason === "") return yield* refuse("--reason must say why the invoice is cancelled (it is printed)")
    if (reason.length > CREDIT_REASON_MAX || /\p{Cc}/u.test(reason)) {
      return yield* refuse(
        `--reason is one line of at most ${CREDIT_REASON_MAX} characters (got ${reason.length})`,
      )
    }
    const invoice = yield* showInvoice(yield* param(params, "number"), params.issuer)
    const store = yield* InvoiceStore
    const refusal = creditRefusal(
      invoice,
      Option.getOrUndefined(yield* store.findCreditNote(invoice.issuer.issuerId, invoice.number)),
    )
    if (refusal !== undefined) return yield* refuse(refusal.message)
    return { invoice, reason }
  })

const amountOf = (d: IssuedInvoice) => formatMoney(d.total, d.currency)

export const creditInvoice: OperationHandler<IssuedInvoice> = {
  prepare: (params) =>
    Effect.map(creditable(params), ({ invoice, reason }) => ({
      params: { number: String(invoice.number), issuer: invoice.issuer.issuerId, reason },
      summary: `Issue a credit note cancelling invoice ${invoiceNumberText(invoice)} (${amountOf(invoice)} to ${invoice.buyer.name}): ${reason}`,
    })),
  recheck: (params) => Effect.asVoid(creditable(params)),
  apply: (acting, params, facts) =>
    Effect.gen(function* () {
      const { invoice, reason } = yield* creditable(params)
      const issuedAt = new Date(yield* Clock.currentTimeMillis).toISOString()
      const note = yield* (yield* InvoiceStore)
        .creditNote(invoice.issuer.issuerId, invoice.number, issuedAt, reason)
        .pipe(Effect.catch((error) => refuse(error.message)))
      yield* auditAdmin(
        acting,
        "invoices.credit",
        `invoice:${invoiceNumberText(invoice)}`,
        {
          creditNote: invoiceNumberText(note),
          currency: note.currency,
          totalCents: String(note.total),
          reason,
        },
        facts,
      )
      return note
    }),
  outcome: (note) =>
    `Credit note ${invoiceNumberText(note)} cancels invoice ${invoiceNumberText({ issuer: note.issuer, number: note.credits ?? 0 })} (${amountOf(note)})`,
}

/** The credit notes' money-or-power operations, by name. */
export const CreditNotesAdminOperations = { "invoices.credit": creditInvoice } as const
