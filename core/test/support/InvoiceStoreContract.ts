/** The contract every InvoiceStore adapter passes: run on memory here, on PGlite and PostgreSQL by the adapters' tests. */

import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { InvoiceStore } from "../../src/invoices/ports/InvoiceStore.ts"
import { MemberId, OrderId, PayoutId } from "../../src/shared/Ids.ts"
import { sampleBuyer, sampleDraft, sampleIssuer, samplePayoutStatement } from "./InvoiceSample.ts"

const at = (day: number) => `2026-11-${String(day).padStart(2, "0")}T10:00:00.000Z`

export const invoiceStoreContract = (name: string, makeLayer: () => Layer.Layer<InvoiceStore>) =>
  describe(`InvoiceStore contract (${name})`, () => {
    const fresh = <A, E>(effect: Effect.Effect<A, E, InvoiceStore>) => Effect.provide(effect, makeLayer())

    it.live("numbers each issuer's documents 1, 2, 3, … and keeps them as issued", () =>
      fresh(
        Effect.gen(function* () {
          const store = yield* InvoiceStore
          const other = { ...sampleIssuer, issuerId: "landunits-au" }
          const a = yield* store.issue(sampleDraft({ orderId: "o-1" }, { issuedAt: at(1) }))
          const b = yield* store.issue(sampleDraft({ orderId: "o-2" }, { issuedAt: at(2) }))
          const c = yield* store.issue(sampleDraft({ orderId: "o-3" }, { issuedAt: at(2), issuer: other }))
          expect([a.number, b.number, c.number]).toEqual([1, 2, 1])
          expect(yield* store.find("landunits", 2)).toEqual(Option.some(b))
          expect(yield* store.find("landunits-au", 1)).toEqual(Option.some(c))
          expect(yield* store.find("landunits", 3)).toEqual(Option.none())
          expect(yield* store.findForOrder(OrderId.make("o-1"))).toEqual(Option.some(a))
          expect(a).toEqual({ ...sampleDraft({ orderId: "o-1" }, { issuedAt: at(1) }), number: 1 })
        }),
      ),
    )

    it.live("issuing an order's invoice again answers the one issued, without using a number", () =>
      fresh(
        Effect.gen(function* () {
          const store = yield* InvoiceStore
          const first = yield* store.issue(sampleDraft({ orderId: "o-1" }, { issuedAt: at(1) }))
          const again = yield* store.issue(sampleDraft({ orderId: "o-1" }, { issuedAt: at(5) }))
          const next = yield* store.issue(sampleDraft({ orderId: "o-2" }, { issuedAt: at(5) }))
          expect(again).toEqual(first)
          expect(next.number).toBe(2)
        }),
      ),
    )

    it.live(
      "a credit note is a new document with the next number, negating the invoice it references, once",
      () =>
        fresh(
          Effect.gen(function* () {
            const store = yield* InvoiceStore
            const invoice = yield* store.issue(sampleDraft({ orderId: "o-1" }, { issuedAt: at(1) }))
            const note = yield* store.creditNote("landunits", invoice.number, at(3))
            expect(note.kind).toBe("creditNote")
            expect(note.number).toBe(2)
            expect(note.credits).toBe(1)
            expect(note.total).toBe(-invoice.total)
            // The invoice itself is unchanged, and still the order's invoice.
            expect(yield* store.find("landunits", 1)).toEqual(Option.some(invoice))
            expect(yield* store.findForOrder(invoice.orderId)).toEqual(Option.some(invoice))
            const twice = yield* Effect.flip(store.creditNote("landunits", 1, at(4)))
            expect(twice._tag).toBe("InvoiceNotCreditable")
            const ofANote = yield* Effect.flip(store.creditNote("landunits", 2, at(4)))
            expect(ofANote._tag).toBe("InvoiceNotCreditable")
            const missing = yield* Effect.flip(store.creditNote("landunits", 9, at(4)))
            expect(missing._tag).toBe("InvoiceNotFound")
            // A refused credit note used no number.
            expect((yield* store.issue(sampleDraft({ orderId: "o-2" }, { issuedAt: at(5) }))).number).toBe(3)
          }),
        ),
    )

    it.live(
      "a credit note carries the admin's reason; a credit note or a payout statement is refused in words",
      () =>
        fresh(
          Effect.gen(function* () {
            const store = yield* InvoiceStore
            yield* store.issue(sampleDraft({ orderId: "o-1" }, { issuedAt: at(1) }))
            yield* store.issue(samplePayoutStatement({ payoutId: "p-1" }, { issuedAt: at(2) }))
            expect(yield* store.findCreditNote("landunits", 1)).toEqual(Option.none())
            const note = yield* store.creditNote("landunits", 1, at(3), "Wrong buyer named")
            expect(note.reason).toBe("Wrong buyer named")
            expect(note.number).toBe(3)
            expect(yield* store.findCreditNote("landunits", 1)).toEqual(Option.some(note))
            expect(yield* store.find("landunits", 3)).toEqual(Option.some(note))
            const twice = yield* Effect.flip(store.creditNote("landunits", 1, at(4), "again"))
            expect(twice.message).toBe(
              "Invoice landunits-000001 is already credited by credit note landunits-000003",
            )
            const ofANote = yield* Effect.flip(store.creditNote("landunits", 3, at(4), "again"))
            expect(ofANote.message).toBe(
              "landunits-000003 is a credit note: a credit note is never itself credited",
            )
            const ofAStatement = yield* Effect.flip(store.creditNote("landunits", 2, at(4), "again"))
            expect(ofAStatement.message).toBe(
              "landunits-000002 is a payout statement: only an invoice has a credit note",
            )
            expect((yield* store.issue(sampleDraft({ orderId: "o-2" }, { issuedAt: at(5) }))).number).toBe(4)
          }),
        ),
    )

    it.live(
      "a payout's statement takes the issuer's next number, once per payout, apart from the sale's other payouts",
      () =>
        fresh(
          Effect.gen(function* () {
            const store = yield* InvoiceStore
            const invoice = yield* store.issue(sampleDraft({ orderId: "o-1" }, { issuedAt: at(1) }))
            const first = yield* store.issue(samplePayoutStatement({ payoutId: "p-1" }, { issuedAt: at(2) }))
            const again = yield* store.issue(samplePayoutStatement({ payoutId: "p-1" }, { issuedAt: at(4) }))
            const second = yield* store.issue(
              samplePayoutStatement({ payoutId: "p-2", units: 7 }, { issuedAt: at(3) }),
            )
            expect([invoice.number, first.number, second.number]).toEqual([1, 2, 3])
            expect(again).toEqual(first)
            expect(first).toEqual({
              ...samplePayoutStatement({ payoutId: "p-1" }, { issuedAt: at(2) }),
              number: 2,
            })
            expect(yield* store.findForPayout(PayoutId.make("p-2"))).toEqual(Option.some(second))
            expect(yield* store.findForPayout(PayoutId.make("p-9"))).toEqual(Option.none())
            // The sale's statements are not a buy's invoice.
            expect(yield* store.findForOrder(first.orderId)).toEqual(Option.none())
            const mine = yield* store.listForMember(sampleBuyer.memberId)
            expect(mine.map((d) => d.kind)).toEqual(["payoutStatement", "payoutStatement", "invoice"])
            const period = yield* store.listForPeriod({ from: at(1), to: at(30) })
            expect(period.map((d) => d.number)).toEqual([1, 2, 3])
          }),
        ),
    )

    it.live("lists a member's documents newest first, and a period's by issuer and number", () =>
      fresh(
        Effect.gen(function* () {
          const store = yield* InvoiceStore
          const stranger = { ...sampleBuyer, memberId: MemberId.make("member-2") }
          const one = yield* store.issue(sampleDraft({ orderId: "o-1" }, { issuedAt: at(1) }))
          const two = yield* store.issue({
            ...sampleDraft({ orderId: "o-2" }, { issuedAt: at(2) }),
            buyer: stranger,
          })
          const three = yield* store.issue(sampleDraft({ orderId: "o-3" }, { issuedAt: at(3) }))
          const mine = yield* store.listForMember(sampleBuyer.memberId)
          expect(mine.map((d) => d.number)).toEqual([three.number, one.number])
          const period = yield* store.listForPeriod({ from: at(2), to: at(3) })
          expect(period).toEqual([two])
          const all = yield* store.listForPeriod({ from: at(1), to: at(30), issuerId: "landunits" })
          expect(all.map((d) => d.number)).toEqual([1, 2, 3])
          expect(yield* store.listForPeriod({ from: at(1), to: at(30), issuerId: "nobody" })).toEqual([])
        }),
      ),
    )
  })
