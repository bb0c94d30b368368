/**
 * `invoices.issueMissing` (core/src/invoices/MissingInvoices.ts): paid buys confirmed while invoicing was off get
 * their invoices, oldest payment first, each in its own unit of work; a buyer it cannot name (none without a name) is left and
 * named; a dry run issues nothing; a second run issues nothing; each run audited.
 */
import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer, Option } from "effect"
import { TestClock } from "effect/testing"
import { AuditLog } from "../../src/audit/ports/AuditLog.ts"
import { issueMissingInvoices } from "../../src/invoices/MissingInvoices.ts"
import { InvoiceBuyers } from "../../src/invoices/ports/InvoiceBuyers.ts"
import { InvoiceSettings } from "../../src/invoices/ports/InvoiceSettings.ts"
import { InvoiceStore } from "../../src/invoices/ports/InvoiceStore.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { sampleBuyer, sampleIssuer, vat21 } from "../support/InvoiceSample.ts"
import { ADMIN, makeOrderHarness } from "../support/OrderHarness.ts"
import { buy } from "../support/OrderSteps.ts"

const alice = MemberId.make("alice")
const bob = MemberId.make("bob")
const acting = {
  admin: { adminId: MemberId.make("mem_admin"), name: "Ada Admin", email: "ada@example.com" },
  via: "cli",
  osUser: "ops",
}

describe("issuing the invoices paid buys lack", () => {
  it.effect(
    "oldest payment first, a buyer it cannot name left and said why; a dry run and a second run issue nothing",
    () =>
      Effect.gen(function* () {
        const stores = yield* Layer.build(
          Layer.mergeAll(
            InvoiceStore.layerMemory,
            InvoiceSettings.layerMemory,
            AuditLog.layerMemory,
            InvoiceBuyers.layerMemory([{ ...sampleBuyer, memberId: alice }]),
          ),
        )
        const h = yield* makeOrderHarness()
        // Paid while this composition issues no invoices: created in one order, paid in another.
        const first = yield* h.run(buy(h, alice, 10))
        const second = yield* h.run(buy(h, bob, 5))
        const third = yield* h.run(buy(h, alice, 7))
        for (const order of [third, second, first]) {
          yield* TestClock.adjust("1 minute")
          yield* h.run(
            h.orders.confirmPayment({ actor: ADMIN, idempotencyKey: h.key(), orderId: order.orderId }),
          )
        }
        const run = <A, E>(effect: Effect.Effect<A, E, unknown>) =>
          h.run(Effect.provideContext(effect as Effect.Effect<A, E, never>, stores))

        const noIssuer = yield* Effect.flip(run(issueMissingInvoices(acting, { dryRun: false })))
        expect((noIssuer as { message: string }).message).toContain("No issuer is set")
        const settings = Context.get(stores, InvoiceSettings)
        yield* settings.setIssuer(sampleIssuer)
        yield* settings.setTaxTreatment("USD", vat21)

        const dry = yield* run(issueMissingInvoices(acting, { dryRun: true }))
        expect(dry.map((m) => [m._tag, m.orderId])).toEqual([
          ["ToIssue", third.orderId],
          ["ToIssue", second.orderId],
          ["ToIssue", first.orderId],
        ])
        const store = Context.get(stores, InvoiceStore)
        expect(yield* store.listForPeriod({ from: "2000-01-01", to: "2999-01-01" })).toEqual([])

        const done = yield* run(issueMissingInvoices(acting, { dryRun: false }))
        expect(
          done.map((m) => [
            m._tag,
            m.orderId,
            m._tag === "Issued" ? m.invoice.number : m._tag === "Left" ? m.reason : "",
          ]),
        ).toEqual([
          ["Issued", third.orderId, 1],
          ["Left", second.orderId, "the buyer has no name to print"],
          ["Issued", first.orderId, 2],
        ])
        expect(Option.getOrThrow(yield* store.findForOrder(first.orderId)).net).toBe(
          first.paymentDetails!.paymentAmount,
        )

        const again = yield* run(issueMissingInvoices(acting, { dryRun: false }))
        expect(again.map((m) => [m._tag, m.orderId])).toEqual([["Left", second.orderId]])
        expect((yield* store.listForPeriod({ from: "2000-01-01", to: "2999-01-01" })).length).toBe(2)
        const audited = yield* Context.get(stores, AuditLog).list({ action: "invoices.issueMissing" })
        expect(audited.map((a) => [a.details.dryRun, a.details.issued, a.details.left])).toEqual([
          ["true", "none", "0"],
          ["false", "landunits-000001 landunits-000002", "1"],
          ["false", "none", "1"],
        ])
      }),
  )
})
