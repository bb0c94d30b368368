/**
 * `invoices.credit` (core/src/invoices/CreditNotesAdmin.ts): the issuer fixed when the admin names none, the reason
 * required and printed, a credit note or a payout statement or an invoice already credited refused in words before
 * anything is filed, and the credit note audited.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { AdminOperations } from "../../src/access/AdminOperations.ts"
import { AuditLog } from "../../src/audit/ports/AuditLog.ts"
import { creditInvoice } from "../../src/invoices/CreditNotesAdmin.ts"
import { InvoiceSettings } from "../../src/invoices/ports/InvoiceSettings.ts"
import { InvoiceStore } from "../../src/invoices/ports/InvoiceStore.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { sampleDraft, sampleIssuer, samplePayoutStatement } from "../support/InvoiceSample.ts"

const acting = {
  admin: { adminId: MemberId.make("mem_admin"), name: "Ada Admin", email: "ada@example.com" },
  via: "cli",
  osUser: "ops",
}

const world = () =>
  Layer.mergeAll(InvoiceStore.layerMemory, InvoiceSettings.layerMemory, AuditLog.layerMemory)

/** A handler's effect (its requirements typed `unknown`) over the in-memory world. */
const inWorld = <A, E>(effect: Effect.Effect<A, E, unknown>) =>
  Effect.provide(effect as Effect.Effect<A, E, InvoiceStore | InvoiceSettings | AuditLog>, world())

const issued = Effect.gen(function* () {
  yield* (yield* InvoiceSettings).setIssuer(sampleIssuer)
  const store = yield* InvoiceStore
  yield* store.issue(sampleDraft({ orderId: "o-1" }))
  yield* store.issue(samplePayoutStatement({ payoutId: "p-1" }))
})

describe("an admin cancels an invoice with its credit note", () => {
  it("is money-or-power with a second admin always", () => {
    expect(AdminOperations["invoices.credit"]).toEqual({
      class: "money-or-power",
      fourEyes: "always",
      what: "Issuing a credit note",
    })
  })

  it.effect(
    "prepares with the issuer set and the reason, then issues the credit note with the reason and audits it",
    () =>
      Effect.gen(function* () {
        yield* issued
        const prepared = yield* creditInvoice.prepare({ number: "1", reason: "  Wrong company named " })
        expect(prepared.params).toEqual({ number: "1", issuer: "landunits", reason: "Wrong company named" })
        expect(prepared.summary).toBe(
          "Issue a credit note cancelling invoice landunits-000001 (€153.15 to Acme Farming GmbH): Wrong company named",
        )
        const note = yield* creditInvoice.apply(acting, prepared.params, { approvedBy: "mem_bob" })
        expect(note).toMatchObject({
          kind: "creditNote",
          number: 3,
          credits: 1,
          reason: "Wrong company named",
        })
        expect(creditInvoice.outcome(note)).toBe(
          "Credit note landunits-000003 cancels invoice landunits-000001 (-€153.15)",
        )
        const audited = yield* (yield* AuditLog).list({ action: "invoices.credit" })
        expect(audited.map((a) => [a.subject, a.details])).toEqual([
          [
            "invoice:landunits-000001",
            {
              creditNote: "landunits-000003",
              currency: "EUR",
              totalCents: "-15315",
              reason: "Wrong company named",
              approvedBy: "mem_bob",
              via: "cli",
              osUser: "ops",
            },
          ],
        ])
        // An approved request applied after someone credited it meanwhile is refused, and issues nothing.
        const recheck = yield* Effect.flip(creditInvoice.recheck!(prepared.params))
        expect(recheck).toMatchObject({
          message: "Invoice landunits-000001 is already credited by credit note landunits-000003",
        })
      }).pipe(inWorld),
  )

  it.effect(
    "refuses without a reason, a credit note, a payout statement and an unknown number, in words",
    () =>
      Effect.gen(function* () {
        yield* issued
        const refused = (params: Record<string, string>) =>
          Effect.map(Effect.flip(creditInvoice.prepare(params)), (e) => (e as { message: string }).message)
        expect(yield* refused({ number: "1", reason: " " })).toBe(
          "--reason must say why the invoice is cancelled (it is printed)",
        )
        expect(yield* refused({ number: "1", reason: "two\nlines" })).toContain("--reason is one line")
        expect(yield* refused({ number: "2", reason: "x" })).toBe(
          "landunits-000002 is a payout statement: only an invoice has a credit note",
        )
        expect(yield* refused({ number: "7", reason: "x" })).toBe("No invoice 7 of landunits")
        yield* creditInvoice.apply(acting, { number: "1", issuer: "landunits", reason: "x" }, {})
        expect(yield* refused({ number: "3", reason: "x" })).toBe(
          "landunits-000003 is a credit note: a credit note is never itself credited",
        )
      }).pipe(inWorld),
  )
})
