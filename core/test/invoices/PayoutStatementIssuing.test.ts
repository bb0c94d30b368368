/**
 * The order engine issues a sale's payout statement when the payout is recorded paid (PayoutCommands.ts, inside the
 * payout's unit of work): numbered in the issuer's one sequence after the buys' invoices, naming the seller, the
 * Units sold × their price and the sale's fee; without the settings or a seller it can name the payout is paid and
 * no statement issued.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { InvoiceIssuer } from "../../src/invoices/InvoiceService.ts"
import { invoiceFileName, viewInvoices } from "../../src/invoices/MemberInvoices.ts"
import { InvoiceBuyers } from "../../src/invoices/ports/InvoiceBuyers.ts"
import { InvoiceSettings } from "../../src/invoices/ports/InvoiceSettings.ts"
import { InvoiceStore } from "../../src/invoices/ports/InvoiceStore.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { reverseCharge, sampleBuyer, sampleIssuer } from "../support/InvoiceSample.ts"
import { ADMIN, makeOrderHarness } from "../support/OrderHarness.ts"
import { bought, sell } from "../support/OrderSteps.ts"

const alice = MemberId.make("alice")
const bob = MemberId.make("bob")
const carol = MemberId.make("carol")

/** Invoicing over in-memory stores the test reads: Alice and Bob have given their details, Carol has not. */
const invoicingWorld = Effect.gen(function* () {
  const stores = yield* Layer.build(
    Layer.mergeAll(
      InvoiceStore.layerMemory,
      InvoiceSettings.layerMemory,
      InvoiceBuyers.layerMemory([
        { ...sampleBuyer, memberId: alice },
        { ...sampleBuyer, memberId: bob, name: "Bob Baker", address: "1 Mill Lane, Leeds" },
      ]),
    ),
  )
  const issuer = InvoiceIssuer.layer.pipe(Layer.provide(Layer.succeedContext(stores)))
  const inStores = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.provideContext(effect, stores) as Effect.Effect<
      A,
      E,
      Exclude<R, InvoiceStore | InvoiceSettings | InvoiceBuyers>
    >
  const switchOn = inStores(
    Effect.gen(function* () {
      const settings = yield* InvoiceSettings
      yield* settings.setIssuer(sampleIssuer)
      yield* settings.setTaxTreatment("USD", reverseCharge)
    }),
  )
  return { issuer, inStores, switchOn }
})

describe("a sale's payout statement, issued when its payout is recorded paid", () => {
  it.effect(
    "names the seller, the Units sold × their price, the sale's fee and the total paid; numbered after the invoices",
    () =>
      Effect.gen(function* () {
        const world = yield* invoicingWorld
        yield* world.switchOn
        const h = yield* makeOrderHarness({ invoicing: world.issuer })
        yield* bought(h, alice, 100)
        const sale = yield* h.run(sell(h, alice, 30))
        const taken = yield* bought(h, bob, 15)
        const payout = taken.payouts[0]!
        expect(payout.memberId).toBe(alice)
        // Two buys' invoices so far: the statement takes number 3.
        const paid = yield* h.run(
          h.orders.markPayoutPaid({ actor: ADMIN, idempotencyKey: h.key(), payoutId: payout.payoutId }),
        )
        expect(paid.status).toBe("Completed")
        const statement = Option.getOrThrow(
          yield* world.inStores(Effect.flatMap(InvoiceStore, (s) => s.findForPayout(payout.payoutId))),
        )
        expect(statement).toMatchObject({
          kind: "payoutStatement",
          number: 3,
          orderId: sale.orderId,
          payoutId: payout.payoutId,
          currency: "USD",
          buyer: { memberId: alice, name: sampleBuyer.name },
          issuer: sampleIssuer,
          sellFeeUnits: 10,
          net: payout.amountCents,
          total: payout.amountCents,
          tax: { treatment: reverseCharge, amount: 0 },
        })
        expect(statement.lines).toEqual([
          {
            kind: "unitsSold",
            quantity: 15,
            pricePerUnit: payout.pricePerUnit,
            unitType: payout.unitType,
            amount: payout.amountCents,
          },
        ])
        // The seller reads it among their documents, for the sale's order, by its label.
        const theirs = yield* h.run(world.inStores(viewInvoices(alice, { orderId: sale.orderId })))
        expect(theirs.map((d) => [d.kindLabel, d.number, d.total])).toEqual([
          ["Payout statement", 3, payout.amountCents],
        ])
        expect(invoiceFileName(statement)).toBe("landunits-payout-statement-landunits-000003.pdf")
        const all = yield* world.inStores(
          Effect.flatMap(InvoiceStore, (s) => s.listForPeriod({ from: "2000-01-01", to: "2999-01-01" })),
        )
        expect(all.map((d) => [d.number, d.kind])).toEqual([
          [1, "invoice"],
          [2, "invoice"],
          [3, "payoutStatement"],
        ])
      }),
  )

  it.effect(
    "without the settings, or for a seller it cannot name, the payout is paid and no statement issued",
    () =>
      Effect.gen(function* () {
        const world = yield* invoicingWorld
        const h = yield* makeOrderHarness({ invoicing: world.issuer })
        yield* bought(h, carol, 100)
        yield* bought(h, alice, 100)
        yield* h.run(sell(h, alice, 30))
        yield* h.run(sell(h, carol, 30))
        const unset = (yield* bought(h, bob, 20)).payouts[0]!
        yield* h.run(
          h.orders.markPayoutPaid({ actor: ADMIN, idempotencyKey: h.key(), payoutId: unset.payoutId }),
        )
        yield* world.switchOn
        const carols = (yield* bought(h, bob, 20)).payouts[0]!
        expect(carols.memberId).toBe(carol)
        const paid = yield* h.run(
          h.orders.markPayoutPaid({ actor: ADMIN, idempotencyKey: h.key(), payoutId: carols.payoutId }),
        )
        expect(paid.status).toBe("Completed")
        const found = yield* world.inStores(
          Effect.gen(function* () {
            const store = yield* InvoiceStore
            return [yield* store.findForPayout(unset.payoutId), yield* store.findForPayout(carols.payoutId)]
          }),
        )
        expect(found).toEqual([Option.none(), Option.none()])
      }),
  )
})
