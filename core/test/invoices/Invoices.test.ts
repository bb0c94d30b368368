import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { invoiceDocument, NO_ADDRESS } from "../../src/invoices/InvoiceDocument.ts"
import type { IssuedInvoice, TaxTreatment } from "../../src/invoices/InvoiceModel.ts"
import {
  creditNoteOf,
  invoiceBuyerOf,
  makeInvoice,
  makePayoutStatement,
  taxOf,
  treatmentFor,
} from "../../src/invoices/Invoices.ts"
import {
  reverseCharge,
  type SampleBuy,
  sampleBuyer,
  sampleBuyOrder,
  sampleDraft,
  sampleIssuer,
  samplePayout,
  vat21,
} from "../support/InvoiceSample.ts"

const buy: fc.Arbitrary<SampleBuy> = fc.record({
  numberOfUnits: fc.integer({ min: 1, max: 100_000 }),
  pricePerUnit: fc.integer({ min: 0, max: 50_000 }),
  isDoubleLand: fc.boolean(),
  buyFeeCents: fc.integer({ min: 0, max: 500 }),
  fixedCentsFees: fc.integer({ min: 0, max: 500 }),
  fixedPercentageFees: fc.integer({ min: 0, max: 1_000 }).map((h) => h / 100),
  discount: fc.option(
    fc.oneof(
      fc.record({ isPercent: fc.constant(true), amount: fc.integer({ min: 0, max: 100 }) }),
      fc.record({ isPercent: fc.constant(false), amount: fc.integer({ min: 0, max: 1_000_000 }) }),
    ),
    { nil: undefined },
  ),
})
const treatment: fc.Arbitrary<TaxTreatment> = fc.oneof(
  fc
    .integer({ min: 0, max: 10_000 })
    .map((basisPoints) => ({ _tag: "Rate" as const, basisPoints, words: "VAT" })),
  fc.constant(reverseCharge),
  fc.constant<TaxTreatment>({ _tag: "OutOfScope", words: "Outside the scope of VAT" }),
)
const issued = (draft: ReturnType<typeof sampleDraft>, number = 7): IssuedInvoice => ({ ...draft, number })

describe("the invoice of a buy order", () => {
  it("lists the Units, the buy fee, the payment method's fee and the discount, net, the tax with its rounding and the total", () => {
    // 100 Units × 1.234 EUR = 123.40; fee 1.00 + (124.40 × 1.5% = 1.866 → 1.87) + 0.30 = 3.17; 10% off 126.57 = 12.66
    const draft = sampleDraft({ discount: { isPercent: true, amount: 10 } })
    expect(draft.lines).toEqual([
      { kind: "units", quantity: 100, pricePerUnit: 1234, unitType: "LAND_EUR", amount: 12_340 },
      { kind: "buyFee", quantity: 1, amount: 100 },
      { kind: "paymentMethodFee", quantity: 1, amount: 217 },
      { kind: "discount", quantity: 1, amount: -1_266 },
    ])
    expect(draft.net).toBe(11_391)
    // 113.91 × 21% = 23.9211 → 23.92, rounded down by 0.0011
    expect(draft.tax).toEqual({
      treatment: vat21,
      basisPoints: 2100,
      exact: 23_921_100,
      amount: 2_392,
      rounding: -1_100,
    })
    expect(draft.total).toBe(13_783)
    expect(draft.issuer).toEqual(sampleIssuer)
    expect(draft.buyer).toEqual(sampleBuyer)
    expect(draft.purchaseOrderReference).toBe("PO-2026-117")
  })

  it("under reverse charge there is no tax and the note's words are kept", () => {
    const draft = sampleDraft({}, { treatment: reverseCharge })
    expect(draft.tax).toEqual({ treatment: reverseCharge, basisPoints: 0, exact: 0, amount: 0, rounding: 0 })
    expect(draft.total).toBe(draft.net)
  })

  it("rounds the tax half-up: exactly half a minor unit goes up", () => {
    expect(taxOf(50, { _tag: "Rate", basisPoints: 100, words: "1%" })).toMatchObject({
      amount: 1,
      rounding: 5_000,
    })
    expect(taxOf(49, { _tag: "Rate", basisPoints: 100, words: "1%" })).toMatchObject({
      amount: 0,
      rounding: -4_900,
    })
  })

  it("is refused for an order that is not a priced buy, or whose amounts do not add up to what was paid", () => {
    const order = sampleBuyOrder()
    const input = { buyer: sampleBuyer, issuer: sampleIssuer, treatment: vat21, issuedAt: order.updatedAt }
    const sell = makeInvoice({ ...input, order: { ...order, orderType: "SELL" } })
    expect(Result.isFailure(sell)).toBe(true)
    const { paymentDetails: _, ...unpriced } = order
    expect(Result.isFailure(makeInvoice({ ...input, order: unpriced }))).toBe(true)
    const wrong = makeInvoice({
      ...input,
      order: { ...order, paymentDetails: { ...order.paymentDetails!, paymentAmount: 1 } },
    })
    expect(Result.isFailure(wrong) && wrong.failure._tag).toBe("OrderNotInvoiceable")
  })

  it("has no tax treatment for a currency the admin has not set: never an assumed rate", () => {
    const found = treatmentFor([{ currency: "EUR", treatment: vat21 }], "GBP")
    expect(Result.isFailure(found) && found.failure._tag).toBe("TaxTreatmentMissing")
    expect(Result.getOrThrow(treatmentFor([{ currency: "EUR", treatment: vat21 }], "EUR"))).toEqual(vat21)
  })

  it("property: the lines add up to the net, which is what the member paid", () => {
    fc.assert(
      fc.property(buy, treatment, (b, t) => {
        const draft = sampleDraft(b, { treatment: t })
        expect(draft.lines.reduce((s, l) => s + l.amount, 0)).toBe(draft.net)
        expect(draft.net).toBe(sampleBuyOrder(b).paymentDetails!.paymentAmount)
      }),
    )
  })

  it("property: net + tax = total, in whole minor units", () => {
    fc.assert(
      fc.property(buy, treatment, (b, t) => {
        const draft = sampleDraft(b, { treatment: t })
        expect(draft.net + draft.tax.amount).toBe(draft.total)
        expect(Number.isSafeInteger(draft.total)).toBe(true)
      }),
    )
  })

  it("property: the tax is the exact tax rounded within half a minor unit, and the rounding shown accounts for it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (net, bp) => {
          const tax = taxOf(net, { _tag: "Rate", basisPoints: bp, words: "VAT" })
          expect(tax.exact).toBe(net * bp)
          expect(tax.amount * 10_000 - tax.exact).toBe(tax.rounding)
          expect(Math.abs(tax.rounding)).toBeLessThanOrEqual(5_000)
          if (Math.abs(tax.rounding) === 5_000) expect(tax.rounding).toBe(5_000) // a tie goes up
        },
      ),
    )
  })
})

describe("a credit note", () => {
  it("cancels its invoice: same parties and lines, every amount negated, referencing the invoice's number", () => {
    const invoice = issued(sampleDraft({ discount: { isPercent: false, amount: 500 } }))
    const note = creditNoteOf(invoice, "2026-11-02T09:00:00.000Z")
    expect(note.kind).toBe("creditNote")
    expect(note.credits).toBe(7)
    expect(note.issuedAt).toBe("2026-11-02T09:00:00.000Z")
    expect(note.buyer).toEqual(invoice.buyer)
    expect(note.lines.map((l) => l.amount)).toEqual([-12_340, -100, -217, 500])
    expect("number" in note).toBe(false)
  })

  it("property: negates the invoice exactly, so the two add up to zero", () => {
    fc.assert(
      fc.property(buy, treatment, (b, t) => {
        const invoice = issued(sampleDraft(b, { treatment: t }))
        const note = creditNoteOf(invoice, "2026-12-01T00:00:00.000Z")
        expect(note.lines.map((l, i) => l.amount + invoice.lines[i]!.amount)).toEqual(
          invoice.lines.map(() => 0),
        )
        expect(note.net + invoice.net).toBe(0)
        expect(note.tax.amount + invoice.tax.amount).toBe(0)
        expect(note.tax.rounding + invoice.tax.rounding).toBe(0)
        expect(note.total + invoice.total).toBe(0)
        expect(note.net + note.tax.amount).toBe(note.total)
      }),
    )
  })
})

describe("the buyer an invoice names", () => {
  const address = {
    houseNumber: "12",
    streetAddress: "High Street",
    additionalAddress: "Flat 2",
    townCity: "London",
    postcode: "SW1A 1AA",
    country: "United Kingdom",
  }
  const member = {
    memberId: sampleBuyer.memberId,
    firstName: "Ann",
    lastName: "Lee",
    userType: "USER" as const,
  }
  const business = { ...member, userType: "BUSINESS" as const }

  it("is the person for an individual, with the KYC address on one line", () => {
    expect(invoiceBuyerOf({ ...member, address })).toEqual({
      memberId: sampleBuyer.memberId,
      name: "Ann Lee",
      address: "12 High Street, Flat 2, London, SW1A 1AA, United Kingdom",
    })
    // An individual is never named as a company, whatever a record holds.
    expect(invoiceBuyerOf({ ...member, businessName: "Lee Farms Ltd", address })?.name).toBe("Ann Lee")
  })

  it("is the company for a business member, with KYC's registration and VAT numbers", () => {
    expect(
      invoiceBuyerOf({
        ...business,
        businessName: "Lee Farms",
        business: { businessName: "Lee Farms Ltd", registrationNumber: "12345678", vatNumber: "GB123456789" },
        address,
      }),
    ).toEqual({
      memberId: sampleBuyer.memberId,
      name: "Lee Farms Ltd",
      address: "12 High Street, Flat 2, London, SW1A 1AA, United Kingdom",
      registrationId: "12345678",
      taxId: "GB123456789",
    })
    // Before KYC: registration's name, no ids; a blank name falls back to the person.
    expect(invoiceBuyerOf({ ...business, businessName: "Lee Farms", address })).toEqual({
      memberId: sampleBuyer.memberId,
      name: "Lee Farms",
      address: "12 High Street, Flat 2, London, SW1A 1AA, United Kingdom",
    })
    expect(invoiceBuyerOf({ ...business, businessName: "  ", address })?.name).toBe("Ann Lee")
  })

  it("without an address is still named, the address left out (the document says it is not given); none without a name", () => {
    const named = { memberId: sampleBuyer.memberId, name: "Ann Lee" }
    expect(invoiceBuyerOf(member)).toEqual(named)
    expect(
      invoiceBuyerOf({
        ...member,
        address: {
          ...address,
          houseNumber: "",
          streetAddress: "",
          additionalAddress: "",
          townCity: "",
          postcode: "",
          country: "",
        },
      }),
    ).toEqual(named)
    expect(invoiceBuyerOf({ ...member, firstName: "", lastName: "" })).toBeUndefined()
    const drawn = invoiceDocument({ ...issued(sampleDraft({})), buyer: named })
    expect(drawn.facts.find((f) => f.label === "To")?.text).toBe(`Ann Lee, ${NO_ADDRESS}`)
  })
})

describe("a sale's payout statement", () => {
  const input = {
    payout: samplePayout(),
    sellFeeUnits: 10,
    seller: sampleBuyer,
    issuer: sampleIssuer,
    treatment: reverseCharge,
    issuedAt: "2026-11-03T09:00:00.000Z",
  }

  it("has one line, the Units sold × their price = the payout, which is the net and the total paid", () => {
    const draft = Result.getOrThrow(makePayoutStatement(input))
    expect(draft.kind).toBe("payoutStatement")
    expect(draft.lines).toEqual([
      { kind: "unitsSold", quantity: 40, pricePerUnit: 1234, unitType: "LAND_EUR", amount: 4936 },
    ])
    expect([draft.net, draft.tax.amount, draft.total]).toEqual([4936, 0, 4936])
    expect(draft.sellFeeUnits).toBe(10)
    expect(draft.payoutId).toBe("payout-1")
  })

  it("is refused for a convert's remainder, and under a treatment that would add tax to what was paid", () => {
    const remainder = makePayoutStatement({ ...input, payout: samplePayout({ kind: "convertRemainder" }) })
    expect(Result.isFailure(remainder) && remainder.failure.message).toBe(
      "Only a sale's payout has a payout statement",
    )
    const taxed = makePayoutStatement({ ...input, treatment: vat21 })
    expect(Result.isFailure(taxed) && taxed.failure.message).toContain("would claim more than was paid")
    const zeroRate = makePayoutStatement({
      ...input,
      treatment: { _tag: "Rate", basisPoints: 0, words: "VAT 0%" },
    })
    expect(Result.isSuccess(zeroRate)).toBe(true)
  })

  it("property: the total paid is the payout's amount, to the cent", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        (units, price) => {
          const payout = samplePayout({ units, pricePerUnit: price })
          const draft = Result.getOrThrow(makePayoutStatement({ ...input, payout }))
          expect(draft.total).toBe(payout.amountCents)
          expect(draft.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(draft.net)
        },
      ),
    )
  })

  it("a credit note keeps the admin's reason, and never the credited invoice's", () => {
    const invoice = { ...sampleDraft(), number: 1 }
    expect(creditNoteOf(invoice, "2026-11-05T00:00:00.000Z", "Duplicate").reason).toBe("Duplicate")
    expect(creditNoteOf(invoice, "2026-11-05T00:00:00.000Z").reason).toBeUndefined()
  })
})
