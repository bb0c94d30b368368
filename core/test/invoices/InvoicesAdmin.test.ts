import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { listInvoices, showInvoice } from "../../src/invoices/InvoicesAdmin.ts"
import { InvoiceSettings } from "../../src/invoices/ports/InvoiceSettings.ts"
import { InvoiceStore } from "../../src/invoices/ports/InvoiceStore.ts"
import { sampleDraft, sampleIssuer } from "../support/InvoiceSample.ts"

const stores = () => Layer.mergeAll(InvoiceStore.layerMemory, InvoiceSettings.layerMemory)
const issued = Effect.gen(function* () {
  const store = yield* InvoiceStore
  yield* store.issue(sampleDraft({ orderId: "o-1" }, { issuedAt: "2026-10-31T23:59:59.999Z" }))
  yield* store.issue(sampleDraft({ orderId: "o-2" }, { issuedAt: "2026-11-01T00:00:00.000Z" }))
  yield* store.issue(sampleDraft({ orderId: "o-3" }, { issuedAt: "2026-11-30T23:59:59.999Z" }))
  yield* store.issue(sampleDraft({ orderId: "o-4" }, { issuedAt: "2026-12-01T00:00:00.000Z" }))
})

describe("the admins' invoice reads", () => {
  it.effect("lists a period's documents, its first and last days included", () =>
    Effect.gen(function* () {
      yield* issued
      const november = yield* listInvoices({ from: "2026-11-01", to: "2026-11-30" })
      expect(november.map((d) => d.orderId)).toEqual(["o-2", "o-3"])
    }).pipe(Effect.provide(stores())),
  )

  it.effect("refuses a period that is not two days in order", () =>
    Effect.gen(function* () {
      for (const input of [
        { from: "2026-11", to: "2026-11-30" },
        { from: "2026-11-01", to: "2026-02-30" },
        { from: "2026-11-02", to: "2026-11-01" },
      ]) {
        const refused = yield* Effect.flip(listInvoices(input))
        expect(refused._tag).toBe("AdminOperationRefused")
      }
    }).pipe(Effect.provide(stores())),
  )

  it.effect("shows a document by number, of the issuer set unless one is named", () =>
    Effect.gen(function* () {
      yield* issued
      const noIssuer = yield* Effect.flip(showInvoice("1"))
      expect(noIssuer.message).toContain("No issuer is set")
      expect((yield* showInvoice("2", "landunits")).orderId).toBe("o-2")
      yield* (yield* InvoiceSettings).setIssuer(sampleIssuer)
      expect((yield* showInvoice("3")).orderId).toBe("o-3")
      expect((yield* Effect.flip(showInvoice("9"))).message).toBe("No invoice 9 of landunits")
      expect((yield* Effect.flip(showInvoice("x1"))).message).toContain("whole number")
    }).pipe(Effect.provide(stores())),
  )
})
