/**
 * The admins' reads of issued invoices and credit notes (`landunits invoices list|show|export`): a period's documents
 * (days yyyy-mm-dd, both included, UTC), one document by number (of the issuer set in InvoiceSettings unless named),
 * and a period's export for the accountant (audited). Reads only: an issued document never changes.
 */
import { Effect, Option } from "effect"
import type { ActingAdmin } from "../access/AdminOperationRunner.ts"
import { auditAdmin, refuse } from "../access/AdminUseCase.ts"
import type { IssuedInvoice } from "./InvoiceModel.ts"
import { InvoiceSettings } from "./ports/InvoiceSettings.ts"
import { InvoiceStore } from "./ports/InvoiceStore.ts"

const DAY = /^\d{4}-\d{2}-\d{2}$/
const DAY_MS = 86_400_000

/** A day's UTC midnight as an ISO instant, or undefined when `day` is not a real yyyy-mm-dd. */
const midnight = (day: string): number | undefined => {
  if (!DAY.test(day)) return undefined
  const at = Date.parse(`${day}T00:00:00.000Z`)
  return Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== day ? undefined : at
}

export interface InvoiceListInput {
  readonly from: string
  readonly to: string
  readonly issuer?: string | undefined
}

/** The documents issued from the first day to the last, both included, by issuer and number. */
export const listInvoices = Effect.fn("InvoicesAdmin.list")(function* (input: InvoiceListInput) {
  const from = midnight(input.from)
  const to = midnight(input.to)
  if (from === undefined) return yield* refuse(`--from must be a day, yyyy-mm-dd (got ${input.from})`)
  if (to === undefined) return yield* refuse(`--to must be a day, yyyy-mm-dd (got ${input.to})`)
  if (to < from) return yield* refuse("--to must not be before --from")
  const store = yield* InvoiceStore
  return yield* store.listForPeriod({
    from: new Date(from).toISOString(),
    to: new Date(to + DAY_MS).toISOString(),
    issuerId: input.issuer,
  })
})

/** One document by its number, of the named issuer or else the one set. */
export const showInvoice = Effect.fn("InvoicesAdmin.show")(function* (number: string, issuer?: string) {
  const n = Number(number)
  if (!/^\d+$/.test(number) || !Number.isSafeInteger(n) || n < 1) {
    return yield* refuse(`An invoice number is a whole number from 1 (got ${number})`)
  }
  let issuerId = issuer
  if (issuerId === undefined) {
    const set = yield* (yield* InvoiceSettings).issuer
    if (Option.isNone(set)) return yield* refuse("No issuer is set: name one with --issuer")
    issuerId = set.value.issuerId
  }
  const found = yield* (yield* InvoiceStore).find(issuerId, n)
  if (Option.isNone(found)) return yield* refuse(`No invoice ${n} of ${issuerId}`)
  return found.value
})

export const INVOICE_EXPORT_FORMATS = ["csv", "pdf"] as const
export type InvoiceExportFormat = (typeof INVOICE_EXPORT_FORMATS)[number]

export interface InvoiceExportInput extends InvoiceListInput {
  readonly format: string
}

/**
 * A period's documents for the accountant: `write` keeps them (one CSV, or one PDF per document, written by the
 * caller); the export is audited with its period, format and count.
 */
export const exportInvoices = Effect.fn("InvoicesAdmin.export")(function* <E, R>(
  acting: ActingAdmin,
  input: InvoiceExportInput,
  write: (
    format: InvoiceExportFormat,
    documents: ReadonlyArray<IssuedInvoice>,
  ) => Effect.Effect<ReadonlyArray<string>, E, R>,
) {
  const format = INVOICE_EXPORT_FORMATS.find((f) => f === input.format)
  if (format === undefined) return yield* refuse(`--format must be csv or pdf (got ${input.format})`)
  const documents = yield* listInvoices(input)
  const files = yield* write(format, documents)
  yield* auditAdmin(acting, "invoices.export", `invoices:${input.from}..${input.to}`, {
    format,
    documents: String(documents.length),
    ...(input.issuer === undefined ? {} : { issuer: input.issuer }),
  })
  return { documents: documents.length, files }
})
