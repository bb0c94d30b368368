/**
 * The member's documents in the DOM (happy-dom), issue 46: a paid buy's page offers its invoice and its credit note
 * as PDF downloads and shows its purchase-order reference; the statement page's "Your invoices" lists every
 * document with its download, or says in words that there is none; the order page's loader asks for a paid buy's
 * documents only.
 */
import type { MemberInvoice } from "@landunits/core/invoices/MemberInvoices.ts"
import { cleanup, screen, within } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { setFetch } from "../src/api/client.ts"
import { loadOrderPage, type OrderPageData } from "../src/api/orderLoaders.ts"
import { OrderPage } from "../src/components/orders/OrderPage.tsx"
import { YourInvoices } from "../src/components/orders/YourInvoices.tsx"
import { renderInRouter } from "./support/router.tsx"

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })

const invoice: MemberInvoice = {
  issuerId: "landunits",
  number: 7,
  numberText: "landunits-000007",
  kind: "invoice",
  kindLabel: "Invoice",
  orderId: "ord_buy1" as MemberInvoice["orderId"],
  issuedAt: "2026-11-20T10:05:00.000Z",
  currency: "EUR",
  total: 12_345,
  taxWords: "Outside the scope of VAT",
  downloadPath: "/api/invoices/landunits/7/pdf",
}
const creditNote: MemberInvoice = {
  ...invoice,
  number: 9,
  numberText: "landunits-000009",
  kind: "creditNote",
  kindLabel: "Credit note",
  issuedAt: "2026-11-22T09:00:00.000Z",
  total: -12_345,
  credits: "landunits-000007",
  downloadPath: "/api/invoices/landunits/9/pdf",
}

const statement: MemberInvoice = {
  ...invoice,
  number: 11,
  numberText: "landunits-000011",
  kind: "payoutStatement",
  kindLabel: "Payout statement",
  orderId: "ord_sell1" as MemberInvoice["orderId"],
  downloadPath: "/api/invoices/landunits/11/pdf",
}

const buyOrder = {
  orderId: "ord_buy1",
  orderType: "BUY",
  orderStatus: "Completed",
  currencyUnit: {
    unitType: "LAND_EUR",
    numberOfUnits: 10,
    pricePerUnit: 12_000,
    isDoubleLand: false,
    buyOrderTransactionFeeInCents: 100,
  },
  paymentDetails: {
    paymentAmount: 12_345,
    paymentMethod: "bank",
    currency: "EUR",
    subTotal: 12_000,
    transactionFee: 345,
  },
  buy: { purchaseOrderReference: "PO-2026/118" },
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:05:00.000Z",
  timeline: [],
  payouts: [],
}

const paidBuy = (documents: unknown): OrderPageData =>
  ({
    found: true,
    order: buyOrder,
    intent: undefined,
    bank: undefined,
    documents,
    taxWords: "Outside the scope of VAT",
  }) as unknown as OrderPageData

afterEach(cleanup)

describe("a paid buy's page: its invoice and credit note (issue 46)", () => {
  it("offers each as a PDF download with its number, and shows the purchase-order reference", async () => {
    await renderInRouter(() => (
      <OrderPage data={paidBuy({ ok: true, value: { invoices: [creditNote, invoice] } })} />
    ))
    const section = screen.getByRole("region", { name: "Invoice" })
    const invoiceLink = within(section).getByRole("link", { name: "Download invoice (PDF)" })
    expect(invoiceLink.getAttribute("href")).toBe("/api/invoices/landunits/7/pdf")
    expect(invoiceLink.hasAttribute("download")).toBe(true)
    expect(section.textContent).toContain("Invoice landunits-000007, issued 20/11/2026, €123.45")
    const noteLink = within(section).getByRole("link", { name: "Download credit note (PDF)" })
    expect(noteLink.getAttribute("href")).toBe("/api/invoices/landunits/9/pdf")
    expect(section.textContent).toContain("Credit note landunits-000009 (cancels landunits-000007)")
    expect(section.textContent).toContain("-€123.45")
    expect(within(section).getByRole("link", { name: "statement page" }).getAttribute("href")).toBe(
      "/dashboard/statement",
    )
    expect(screen.getByText("Purchase order reference")).toBeTruthy()
    expect(screen.getByText("PO-2026/118")).toBeTruthy()
    // Each charge named, as the review named it, and the tax words.
    const details = screen.getByRole("region", { name: "Order details" })
    expect(details.textContent).toContain("Buy fee")
    expect(details.textContent).toContain("Bank transfer fee")
    expect(details.textContent).toContain("Outside the scope of VAT")
  })

  it("shows nothing of invoices while the buy has none, and says so when they could not be loaded", async () => {
    await renderInRouter(() => <OrderPage data={paidBuy({ ok: true, value: { invoices: [] } })} />)
    expect(screen.queryByRole("region", { name: "Invoice" })).toBeNull()
    expect(screen.queryByRole("link", { name: /Download invoice/ })).toBeNull()
    cleanup()
    await renderInRouter(() => <OrderPage data={paidBuy({ ok: false, message: "The server is busy" })} />)
    expect(screen.getByRole("alert").textContent).toBe("Your invoice could not be loaded: The server is busy")
  })

  it("the loader asks for a paid buy's and a sale's documents by their order, and the buy's tax words", async () => {
    const asked: Array<string> = []
    const sale = {
      ...buyOrder,
      orderId: "ord_sell1",
      orderType: "SELL",
      paymentDetails: undefined,
      buy: undefined,
    }
    setFetch(async (input) => {
      const path = String(input).replace(/^\/api/, "")
      asked.push(path)
      if (path === "/order/get_order_details/ord_buy1") return json(200, { orderData: buyOrder })
      if (path === "/order/get_order_details/ord_sell1") return json(200, { orderData: sale })
      if (path === "/invoices?orderId=ord_buy1") return json(200, { invoices: [invoice] })
      if (path === "/invoices?orderId=ord_sell1") return json(200, { invoices: [statement] })
      if (path === "/payments/settings") return json(503, { message: "Busy" })
      return json(404, { message: "Not found" })
    })
    const bought = await loadOrderPage("ord_buy1")
    expect(bought.found && bought.documents).toEqual({ ok: true, value: { invoices: [invoice] } })
    // The invoice's own tax words, whatever the settings say now (here they cannot be read).
    expect(bought.found && bought.taxWords).toBe(invoice.taxWords)
    const sold = await loadOrderPage("ord_sell1")
    expect(sold.found && sold.documents).toEqual({ ok: true, value: { invoices: [statement] } })
    expect(asked.filter((p) => p.startsWith("/invoices"))).toEqual([
      "/invoices?orderId=ord_buy1",
      "/invoices?orderId=ord_sell1",
    ])
  })
})

describe('the statement page\'s "Your invoices" (issue 46)', () => {
  it("lists every document, newest first, with its kind in words, order, date, total and download", async () => {
    await renderInRouter(() => (
      <YourInvoices invoices={{ ok: true, value: { invoices: [creditNote, invoice] } }} />
    ))
    const table = screen.getByRole("table", { name: "Your invoices and credit notes" })
    const rows = within(table).getAllByRole("row").slice(1)
    expect(rows.map((r) => within(r).getAllByRole("cell")[0]?.textContent)).toEqual([
      "landunits-000009",
      "landunits-000007",
    ])
    expect(rows[0]?.textContent).toContain("Credit note (cancels landunits-000007)")
    expect(rows[1]?.textContent).toContain("Invoice")
    expect(rows[1]?.textContent).toContain("20/11/2026")
    expect(rows[1]?.textContent).toContain("€123.45")
    expect(within(rows[1]!).getByRole("link", { name: "ord_buy1" }).getAttribute("href")).toBe(
      "/dashboard/transaction/ord_buy1",
    )
    expect(
      within(rows[0]!).getByRole("link", { name: "Download credit note (PDF)" }).getAttribute("href"),
    ).toBe("/api/invoices/landunits/9/pdf")
    expect(within(rows[1]!).getByRole("link", { name: "Download invoice (PDF)" }).getAttribute("href")).toBe(
      "/api/invoices/landunits/7/pdf",
    )
  })

  it("says in words when there is none yet, and when they could not be loaded", async () => {
    await renderInRouter(() => <YourInvoices invoices={{ ok: true, value: { invoices: [] } }} />)
    expect(screen.getByRole("heading", { name: "Your invoices" })).toBeTruthy()
    expect(
      screen.getByText(/You have no invoices yet\. Each buy gets an invoice once its payment is confirmed/),
    ).toBeTruthy()
    expect(screen.queryByRole("table")).toBeNull()
    cleanup()
    await renderInRouter(() => <YourInvoices invoices={{ ok: false, message: "Offline" }} />)
    expect(screen.getByRole("alert").textContent).toBe("Your invoices could not be loaded: Offline")
  })
})
