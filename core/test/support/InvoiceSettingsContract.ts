/** The contract every InvoiceSettings adapter passes: run on memory here, on PGlite and PostgreSQL by the adapters' tests. */

import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { InvoiceSettings } from "../../src/invoices/ports/InvoiceSettings.ts"
import { reverseCharge, sampleIssuer, vat21 } from "./InvoiceSample.ts"

export const invoiceSettingsContract = (name: string, makeLayer: () => Layer.Layer<InvoiceSettings>) =>
  describe(`InvoiceSettings contract (${name})`, () => {
    const fresh = <A, E>(effect: Effect.Effect<A, E, InvoiceSettings>) => Effect.provide(effect, makeLayer())

    it.live("has no issuer and no tax treatment until the admin sets them", () =>
      fresh(
        Effect.gen(function* () {
          const settings = yield* InvoiceSettings
          expect(yield* settings.issuer).toEqual(Option.none())
          expect(yield* settings.taxTreatments).toEqual([])
        }),
      ),
    )

    it.live("keeps the issuer's details, the last set, and one treatment per currency", () =>
      fresh(
        Effect.gen(function* () {
          const settings = yield* InvoiceSettings
          yield* settings.setIssuer({ ...sampleIssuer, legalName: "Old name B.V." })
          yield* settings.setIssuer(sampleIssuer)
          yield* settings.setTaxTreatment("GBP", vat21)
          yield* settings.setTaxTreatment("EUR", vat21)
          yield* settings.setTaxTreatment("GBP", reverseCharge)
          expect(yield* settings.issuer).toEqual(Option.some(sampleIssuer))
          expect(yield* settings.taxTreatments).toEqual([
            { currency: "EUR", treatment: vat21 },
            { currency: "GBP", treatment: reverseCharge },
          ])
        }),
      ),
    )
  })
