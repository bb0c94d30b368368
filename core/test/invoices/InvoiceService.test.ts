import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { issueForPaidBuy } from "../../src/invoices/InvoiceService.ts"
import { InvoiceSettings } from "../../src/invoices/ports/InvoiceSettings.ts"
import { InvoiceStore } from "../../src/invoices/ports/InvoiceStore.ts"
import { sampleBuyer, sampleBuyOrder, sampleIssuer, vat21 } from "../support/InvoiceSample.ts"
import { invoiceSettingsContract } from "../support/InvoiceSettingsContract.ts"

invoiceSettingsContract("memory", () => InvoiceSettings.layerMemory)

const stores = () => Layer.mergeAll(InvoiceStore.layerMemory, InvoiceSettings.layerMemory)
const configured = Effect.gen(function* () {
  const settings = yield* InvoiceSettings
  yield* settings.setIssuer(sampleIssuer)
  yield* settings.setTaxTreatment("EUR", vat21)
})

describe("issuing a paid buy's invoice", () => {
  it.effect(
    "numbers it with the admin's issuer and the currency's treatment, dated when it is issued, once per order",
    () =>
      Effect.gen(function* () {
        yield* configured
        yield* TestClock.setTime(Date.parse("2026-11-03T12:00:00.000Z"))
        const order = sampleBuyOrder()
        const paid = { order: { ...order, buy: { purchaseOrderReference: "PO-1" } }, buyer: sampleBuyer }
        const invoice = yield* issueForPaidBuy(paid)
        expect(invoice.number).toBe(1)
        expect(invoice.issuer).toEqual(sampleIssuer)
        expect(invoice.tax.treatment).toEqual(vat21)
        expect(invoice.issuedAt).toBe("2026-11-03T12:00:00.000Z")
        expect(invoice.purchaseOrderReference).toBe("PO-1")
        expect(yield* issueForPaidBuy(paid)).toEqual(invoice)
      }).pipe(Effect.provide(stores())),
  )

  it.effect("is refused without the issuer's details, or without a treatment for the order's currency", () =>
    Effect.gen(function* () {
      const noIssuer = yield* Effect.flip(issueForPaidBuy({ order: sampleBuyOrder(), buyer: sampleBuyer }))
      expect(noIssuer._tag).toBe("InvoiceIssuerMissing")
      yield* configured
      const gbp = yield* Effect.flip(
        issueForPaidBuy({ order: sampleBuyOrder({ currency: "GBP" }), buyer: sampleBuyer }),
      )
      expect(gbp._tag).toBe("TaxTreatmentMissing")
    }).pipe(Effect.provide(stores())),
  )
})
