import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { invoiceKindLabel } from "../../src/invoices/InvoiceKindLabel.ts"
import { InvoiceKind } from "../../src/invoices/InvoiceModel.ts"
import { invoiceFileName, memberInvoice, viewInvoices } from "../../src/invoices/MemberInvoices.ts"
import { InvoiceStore } from "../../src/invoices/ports/InvoiceStore.ts"
import { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import { MemberId, OrderId } from "../../src/shared/Ids.ts"
import { sampleBuyer, sampleBuyOrder, sampleDraft } from "../support/InvoiceSample.ts"

const owner = sampleBuyer.memberId
const other = MemberId.make("member-2")

/** Two buys of the owner (the first invoiced and credited, the second invoiced) and one of another member. */
const issued = Effect.gen(function* () {
  const orders = yield* OrderRepository
  const store = yield* InvoiceStore
  for (const [orderId, memberId] of [
    ["order-1", owner],
    ["order-2", owner],
    ["order-3", other],
  ] as const) {
    yield* orders.insert({ ...sampleBuyOrder({ orderId }), memberId, timeline: [] })
  }
  const first = yield* store.issue(
    sampleDraft({ orderId: "order-1" }, { issuedAt: "2026-11-01T10:00:00.000Z" }),
  )
  const second = yield* store.issue(
    sampleDraft({ orderId: "order-2" }, { issuedAt: "2026-11-02T10:00:00.000Z" }),
  )
  const others = yield* store.issue({
    ...sampleDraft({ orderId: "order-3" }, { issuedAt: "2026-11-02T11:00:00.000Z" }),
    buyer: { ...sampleBuyer, memberId: other, name: "Someone Else" },
  })
  const note = yield* store.creditNote("landunits", first.number, "2026-11-03T10:00:00.000Z")
  return { first, second, others, note }
})

const layer = () => Layer.mergeAll(InvoiceStore.layerMemory, OrderRepository.layerMemory)

describe("a member's documents", () => {
  it.effect(
    "are their own invoices and credit notes, newest first, each with its number, kind and total",
    () =>
      Effect.gen(function* () {
        const { first, note } = yield* issued
        const list = yield* viewInvoices(owner)
        expect(list.map((d) => [d.numberText, d.kindLabel, d.orderId])).toEqual([
          ["landunits-000004", "Credit note", "order-1"],
          ["landunits-000002", "Invoice", "order-2"],
          ["landunits-000001", "Invoice", "order-1"],
        ])
        expect(list[0]).toMatchObject({
          kind: "creditNote",
          total: -first.total,
          credits: "landunits-000001",
          downloadPath: "/api/invoices/landunits/4/pdf",
          issuedAt: note.issuedAt,
          currency: "EUR",
        })
        expect(list.map((d) => d.orderId)).not.toContain("order-3")
        expect((yield* viewInvoices(other)).map((d) => d.numberText)).toEqual(["landunits-000003"])
      }).pipe(Effect.provide(layer())),
  )

  it.effect(
    "of one order: its invoice and credit note; another member's order is not found, as a missing one",
    () =>
      Effect.gen(function* () {
        yield* issued
        const one = yield* viewInvoices(owner, { orderId: OrderId.make("order-1") })
        expect(one.map((d) => d.kind)).toEqual(["creditNote", "invoice"])
        const others = yield* Effect.flip(viewInvoices(owner, { orderId: OrderId.make("order-3") }))
        const missing = yield* Effect.flip(viewInvoices(owner, { orderId: OrderId.make("order-9") }))
        expect(others._tag).toBe("OrderNotFound")
        expect(missing._tag).toBe("OrderNotFound")
        expect(others.message.replace("order-3", "ID")).toBe(missing.message.replace("order-9", "ID"))
      }).pipe(Effect.provide(layer())),
  )

  it.effect(
    "one by its number: the owner's; another's, a missing one or a non-number is not found alike",
    () =>
      Effect.gen(function* () {
        const { second, others } = yield* issued
        expect(yield* memberInvoice(owner, "landunits", String(second.number))).toEqual(second)
        const refused = yield* Effect.forEach(
          [
            ["landunits", String(others.number)],
            ["landunits", "99"],
            ["elsewhere", String(second.number)],
            ["landunits", "0"],
            ["landunits", "2x"],
          ] as const,
          ([issuer, number]) => Effect.flip(memberInvoice(owner, issuer, number)),
        )
        for (const error of refused) expect(error._tag).toBe("InvoiceNotFound")
        expect(refused[0]?.message.replace(String(others.number), "N")).toBe(
          refused[1]?.message.replace("99", "N"),
        )
      }).pipe(Effect.provide(layer())),
  )
})

describe("a document's words and file name", () => {
  it("every kind has its label, and the file names the kind, the issuer and the number", () => {
    for (const kind of InvoiceKind.literals) expect(invoiceKindLabel(kind)).not.toBe("")
    const issuer = { issuerId: "landunits" } as never
    expect(invoiceFileName({ kind: "invoice", issuer, number: 42 })).toBe(
      "landunits-invoice-landunits-000042.pdf",
    )
    expect(invoiceFileName({ kind: "creditNote", issuer, number: 43 })).toBe(
      "landunits-credit-note-landunits-000043.pdf",
    )
    expect(invoiceFileName({ kind: "invoice", issuer: { issuerId: 'a "b"/c' } as never, number: 1 })).toBe(
      "landunits-invoice-a_b_c-000001.pdf",
    )
  })
})
