/**
 * The order engine issues a buy's invoice when its payment is confirmed (BuyPaymentConfirmation.ts, inside the
 * confirmation's unit of work), from the admin's settings and the buyer's details; without them the payment is
 * confirmed and no invoice issued.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { InvoiceIssuer } from "../../src/invoices/InvoiceService.ts"
import { InvoiceBuyers } from "../../src/invoices/ports/InvoiceBuyers.ts"
import { InvoiceSettings } from "../../src/invoices/ports/InvoiceSettings.ts"
import { InvoiceStore } from "../../src/invoices/ports/InvoiceStore.ts"
import { Mailer } from "../../src/notifications/ports/Mailer.ts"
import { OrderEmail } from "../../src/orders/OrderEmails.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { sampleBuyer, sampleIssuer, vat21 } from "../support/InvoiceSample.ts"
import { ADMIN, makeOrderHarness } from "../support/OrderHarness.ts"
import { buy } from "../support/OrderSteps.ts"

const alice = MemberId.make("alice")
const bob = MemberId.make("bob")

/** Invoicing over in-memory stores the test reads, with Alice's details (Bob is not among the buyers it can name). */
const invoicingWorld = Effect.gen(function* () {
  const stores = yield* Layer.build(
    Layer.mergeAll(
      InvoiceStore.layerMemory,
      InvoiceSettings.layerMemory,
      InvoiceBuyers.layerMemory([{ ...sampleBuyer, memberId: alice }]),
    ),
  )
  const issuer = InvoiceIssuer.layer.pipe(Layer.provide(Layer.succeedContext(stores)))
  const inStores = <A, E>(effect: Effect.Effect<A, E, InvoiceStore | InvoiceSettings>) =>
    Effect.provideContext(effect, stores)
  return { issuer, inStores }
})

describe("a buy's invoice, issued when its payment is confirmed", () => {
  it.effect("the confirmed buy has one invoice, its lines the order's amounts, numbered 1", () =>
    Effect.gen(function* () {
      const world = yield* invoicingWorld
      yield* world.inStores(
        Effect.gen(function* () {
          const settings = yield* InvoiceSettings
          yield* settings.setIssuer(sampleIssuer)
          yield* settings.setTaxTreatment("USD", vat21)
        }),
      )
      const h = yield* makeOrderHarness({ invoicing: world.issuer })
      const order = yield* h.run(buy(h, alice, 10))
      yield* h.run(h.orders.confirmPayment({ actor: ADMIN, idempotencyKey: h.key(), orderId: order.orderId }))
      const invoice = yield* world.inStores(
        Effect.flatMap(InvoiceStore, (s) => s.findForOrder(order.orderId)),
      )
      expect(Option.isSome(invoice)).toBe(true)
      const issued = Option.getOrThrow(invoice)
      expect(issued.number).toBe(1)
      expect(issued.buyer.memberId).toBe(alice)
      expect(issued.net).toBe(order.paymentDetails!.paymentAmount)
      expect(issued.lines[0]).toMatchObject({
        kind: "units",
        quantity: 10,
        amount: order.paymentDetails!.subTotal,
      })
      // The buyer's payment-confirmed email names the invoice, to download from the order's page.
      const queued = yield* h.run(Effect.flatMap(Mailer, (m) => m.queued))
      const confirmed = queued.filter((e) => e.template === OrderEmail.paymentConfirmed)
      expect(confirmed.map((e) => e.data.invoice)).toEqual(["landunits-000001"])
    }),
  )

  it.effect(
    "without the settings, or for a buyer it cannot name, the payment is confirmed and no invoice issued",
    () =>
      Effect.gen(function* () {
        const world = yield* invoicingWorld
        const h = yield* makeOrderHarness({ invoicing: world.issuer })
        const unset = yield* h.run(buy(h, alice, 10))
        const confirmed = yield* h.run(
          h.orders.confirmPayment({ actor: ADMIN, idempotencyKey: h.key(), orderId: unset.orderId }),
        )
        expect(confirmed.order.orderStatus).toBe("Completed")
        yield* world.inStores(
          Effect.gen(function* () {
            const settings = yield* InvoiceSettings
            yield* settings.setIssuer(sampleIssuer)
            yield* settings.setTaxTreatment("USD", vat21)
          }),
        )
        const bobs = yield* h.run(buy(h, bob, 10))
        yield* h.run(
          h.orders.confirmPayment({ actor: ADMIN, idempotencyKey: h.key(), orderId: bobs.orderId }),
        )
        const found = yield* world.inStores(
          Effect.gen(function* () {
            const store = yield* InvoiceStore
            return [yield* store.findForOrder(unset.orderId), yield* store.findForOrder(bobs.orderId)]
          }),
        )
        expect(found).toEqual([Option.none(), Option.none()])
      }),
  )
})
