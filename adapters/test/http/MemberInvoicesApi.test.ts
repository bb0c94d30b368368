/**
 * The member's invoices over HTTP (issue 46), on the real app (embedded database, demo seed): a confirmed buy's
 * invoice listed and downloaded as a PDF by its buyer (read back with pdftotext), its credit note beside it, and
 * nothing of it for another member (404, as a missing one) or for nobody signed in (401).
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { InvoiceSettings } from "@landunits/core/invoices/ports/InvoiceSettings.ts"
import { InvoiceStore } from "@landunits/core/invoices/ports/InvoiceStore.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { IdempotencyKey, OrderId } from "@landunits/core/shared/Ids.ts"
import { ADMIN } from "@landunits/core/test-support/OrderHarness.ts"
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { seedDemo } from "../../src/demo/DemoSeed.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { apiMembers } from "../support/ApiMembers.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { json, useTestServer } from "../support/TestServer.ts"

const server = useTestServer(
  Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
    Layer.provideMerge(layerApp(pgliteTarget().layer)),
  ),
)
const { anonymous, signedIn, newMember } = apiMembers(server)

/** The PDF's text, as pdftotext -layout reads it. */
const pdfText = (bytes: Uint8Array) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "member-invoice-"))
  try {
    const file = path.join(dir, "invoice.pdf")
    fs.writeFileSync(file, bytes)
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" })
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** The demo member's bank buy of 3 LAND_EUR Units, paid (an admin confirms it), with its purchase-order reference. */
const paidBuy = async (client: Awaited<ReturnType<typeof signedIn>>, key: string) => {
  const created = await client.post(
    "/api/order/create_order",
    {
      orderType: "BUY",
      confirmsBusinessPurpose: true,
      purchaseOrderReference: "PO-77",
      currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 3 },
      paymentDetails: { paymentMethod: "bank" },
    },
    { headers: { "idempotency-key": `member-invoices-${key}` } },
  )
  expect(created.status).toBe(200)
  const orderId = (await json(created)).orderCreatedData.orderId as string
  await server.run(
    Effect.flatMap(OrderService, (orders) =>
      orders.confirmPayment({
        actor: ADMIN,
        idempotencyKey: IdempotencyKey.make(`member-invoices-confirm-${key}`),
        orderId: OrderId.make(orderId),
      }),
    ),
  )
  return orderId
}

describe("a member's invoices over HTTP", () => {
  it("the buyer lists the paid buy's invoice and downloads its PDF; its credit note joins it", async () => {
    await server.run(
      Effect.gen(function* () {
        const settings = yield* InvoiceSettings
        yield* settings.setIssuer({
          issuerId: "landunits",
          legalName: "Landunits B.V.",
          address: "Keizersgracht 1, 1015 CC Amsterdam, Netherlands",
          registrationId: "KvK 12345678",
          taxId: "NL123456789B01",
        })
        yield* settings.setTaxTreatment("EUR", {
          _tag: "ReverseCharge",
          words: "Reverse charge: VAT to be accounted for by the recipient",
        })
      }),
    )
    const owner = await signedIn()
    expect(await json(await owner.get("/api/invoices"))).toEqual({ invoices: [] })
    const orderId = await paidBuy(owner, "1")

    const { invoices } = await json(await owner.get("/api/invoices"))
    expect(invoices).toHaveLength(1)
    const [invoice] = invoices
    expect(invoice).toMatchObject({
      issuerId: "landunits",
      number: 1,
      numberText: "landunits-000001",
      kind: "invoice",
      kindLabel: "Invoice",
      orderId,
      currency: "EUR",
      downloadPath: "/api/invoices/landunits/1/pdf",
    })
    expect(invoice.total).toBeGreaterThan(0)
    expect(await json(await owner.get(`/api/invoices?orderId=${orderId}`))).toEqual({ invoices })

    const pdf = await owner.get(invoice.downloadPath)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get("content-type")).toBe("application/pdf")
    expect(pdf.headers.get("content-disposition")).toBe(
      'attachment; filename="landunits-invoice-landunits-000001.pdf"',
    )
    expect(pdf.headers.get("cache-control")).toBe("no-store")
    const bytes = new Uint8Array(await pdf.arrayBuffer())
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-")
    const text = pdfText(bytes)
    for (const expected of ["Invoice", "landunits-000001", "Landunits B.V.", "Dana Demo", orderId, "PO-77"]) {
      expect(text, expected).toContain(expected)
    }
    expect(text).toContain("Reverse charge")

    // A correction is a credit note: listed first (newest), for the same order, its PDF under its own name.
    await server.run(
      Effect.flatMap(InvoiceStore, (store) => store.creditNote("landunits", 1, new Date().toISOString())),
    )
    const after = (await json(await owner.get(`/api/invoices?orderId=${orderId}`))).invoices
    expect(after.map((d: { kind: string; credits?: string }) => [d.kind, d.credits])).toEqual([
      ["creditNote", "landunits-000001"],
      ["invoice", undefined],
    ])
    expect(after[0].total).toBe(-invoice.total)
    const notePdf = await owner.get(after[0].downloadPath)
    expect(notePdf.headers.get("content-disposition")).toBe(
      'attachment; filename="landunits-credit-note-landunits-000002.pdf"',
    )
    expect(pdfText(new Uint8Array(await notePdf.arrayBuffer()))).toContain("Credit note")
  })

  it("another member gets 404 for the owner's invoice and order, as for missing ones; nobody signed in gets 401", async () => {
    const owner = await signedIn()
    const orderId = await paidBuy(owner, "2")
    const [invoice] = (await json(await owner.get(`/api/invoices?orderId=${orderId}`))).invoices
    expect(invoice.kind).toBe("invoice")

    const other = await newMember("invoice-intruder@example.com")
    expect(await json(await other.get("/api/invoices"))).toEqual({ invoices: [] })
    const theirs = await other.get(invoice.downloadPath)
    const missing = await other.get("/api/invoices/landunits/999/pdf")
    expect(theirs.status).toBe(404)
    expect(missing.status).toBe(404)
    const theirBody = await json(theirs)
    expect(theirBody.message.replace(String(invoice.number), "N")).toBe(
      (await json(missing)).message.replace("999", "N"),
    )
    expect(JSON.stringify(theirBody)).not.toContain("Dana")
    expect((await other.get("/api/invoices/landunits/not-a-number/pdf")).status).toBe(404)

    const theirOrder = await other.get(`/api/invoices?orderId=${orderId}`)
    const noOrder = await other.get("/api/invoices?orderId=ord_no_such_order")
    expect(theirOrder.status).toBe(404)
    expect(noOrder.status).toBe(404)
    expect((await json(theirOrder)).message.replace(orderId, "ID")).toBe(
      (await json(noOrder)).message.replace("ord_no_such_order", "ID"),
    )

    const nobody = await anonymous()
    expect((await nobody.get("/api/invoices")).status).toBe(401)
    expect((await nobody.get(invoice.downloadPath)).status).toBe(401)
  })
})
