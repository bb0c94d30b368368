/**
 * `landunits invoices …`: an admin reads the invoices issued in a period and one document as issued (a member is
 * refused: the reads are `read` in core's admin table), sets the issuer and the tax, cancels an invoice with a
 * credit note, issues the invoices paid buys lack, and reads a sale's payout statement issued when its payout was paid.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { AuditLog } from "@landunits/core/audit/ports/AuditLog.ts"
import { InvoiceSettings } from "@landunits/core/invoices/ports/InvoiceSettings.ts"
import { InvoiceStore } from "@landunits/core/invoices/ports/InvoiceStore.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { IdempotencyKey, MemberId } from "@landunits/core/shared/Ids.ts"
import { sampleDraft } from "@landunits/core/test-support/InvoiceSample.ts"
import { Effect, Option } from "effect"
import { describe, expect, it } from "vitest"
import { ExitCode } from "../src/Admin.ts"
import { useInProcessCli } from "./support/InProcessCli.ts"

const ADMIN = "books-admin@landunits.example"
const MEMBER = "buyer@landunits.example"

const { cli, run } = useInProcessCli([
  {
    memberId: MemberId.make("mem_books_admin"),
    email: ADMIN,
    firstName: "Bo",
    lastName: "Oks",
    role: "admin",
  },
  { memberId: MemberId.make("mem_buyer"), email: MEMBER, firstName: "Bu", lastName: "Yer", role: "member" },
])

describe("landunits invoices", () => {
  it("lists a period's invoices and shows one with both parties, the lines, the tax wording and the PO reference", async () => {
    await run(
      Effect.gen(function* () {
        const store = yield* InvoiceStore
        yield* store.issue(sampleDraft({ orderId: "o-1" }, { issuedAt: "2026-11-02T10:00:00.000Z" }))
        yield* store.issue(sampleDraft({ orderId: "o-2" }, { issuedAt: "2026-12-02T10:00:00.000Z" }))
      }),
    )
    const list = await cli("--as", ADMIN, "invoices", "list", "--from", "2026-11-01", "--to", "2026-11-30")
    expect(list.code).toBe(0)
    expect(list.out).toContain("landunits-000001")
    expect(list.out).not.toContain("landunits-000002")

    const show = await cli("--as", ADMIN, "invoices", "show", "1", "--issuer", "landunits")
    expect(show.code).toBe(0)
    for (const expected of [
      "Invoice",
      "Landunits B.V.",
      "NL123456789B01",
      "Acme Farming GmbH",
      "DE123456789",
      "PO-2026-117",
      "VAT 21%",
    ])
      expect(show.out).toContain(expected)

    const json = await cli("--as", ADMIN, "--json", "invoices", "show", "1", "--issuer", "landunits")
    expect(JSON.parse(json.out).invoice.number).toBe(1)
  })

  it("exports a period for the accountant: one CSV, or a PDF per document; audited", async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "invoices-export-"))
    try {
      const csv = await cli(
        "--as",
        ADMIN,
        "invoices",
        "export",
        "--from",
        "2026-11-01",
        "--to",
        "2026-12-31",
        "--out",
        out,
      )
      expect(csv.code, csv.err).toBe(0)
      const text = fs.readFileSync(path.join(out, "invoices_2026-11-01_2026-12-31.csv"), "utf8")
      expect(text.split("\r\n").filter((l) => l !== "")).toHaveLength(3)
      const pdf = await cli(
        "--as",
        ADMIN,
        "invoices",
        "export",
        "--from",
        "2026-11-01",
        "--to",
        "2026-11-30",
        "--format",
        "pdf",
        "--out",
        out,
      )
      expect(pdf.code, pdf.err).toBe(0)
      const bytes = fs.readFileSync(path.join(out, "invoice-landunits-000001.pdf"))
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-")
      const audited = await run(Effect.flatMap(AuditLog, (log) => log.list({ action: "invoices.export" })))
      expect(audited.length).toBe(2)
    } finally {
      fs.rmSync(out, { recursive: true, force: true })
    }
  })

  it("sets the issuer and a currency's tax treatment (the only admin: at once, audited); refuses a bad treatment", async () => {
    const issuer = await cli(
      "--as",
      ADMIN,
      "--yes",
      "invoices",
      "set-issuer",
      "--issuer-id",
      "landunits",
      "--legal-name",
      "Landunits B.V.",
      "--address",
      "Keizersgracht 1, Amsterdam",
      "--registration-id",
      "KvK 12345678",
      "--tax-id",
      "NL123456789B01",
    )
    expect(issuer.code, issuer.err).toBe(0)
    /** `invoices set-tax GBP …` by the admin, asked nothing. */
    const setTax = (...args: ReadonlyArray<string>) =>
      cli("--as", ADMIN, "--yes", "invoices", "set-tax", "GBP", ...args)
    const show = await cli("--as", ADMIN, "invoices", "show", "1")
    expect(show.code, show.err).toBe(0)
    const tax = await setTax("--treatment", "reverse-charge", "--words", "Reverse charge")
    expect(tax.code, tax.err).toBe(0)
    const settings = await run(
      Effect.gen(function* () {
        const s = yield* InvoiceSettings
        return { issuer: yield* s.issuer, tax: yield* s.taxTreatments }
      }),
    )
    expect(Option.getOrThrow(settings.issuer).legalName).toBe("Landunits B.V.")
    expect(settings.tax).toEqual([
      { currency: "GBP", treatment: { _tag: "ReverseCharge", words: "Reverse charge" } },
    ])
    const audited = await run(Effect.flatMap(AuditLog, (log) => log.list({ action: "invoices.setTax" })))
    expect(audited).toHaveLength(1)
    const bad = await setTax("--treatment", "rate", "--rate-bp", "20.5", "--words", "VAT")
    expect(bad.code).toBe(ExitCode.refused)
    expect(bad.err).toContain("--rate-bp must be a whole number")
    // Checkout charges no tax yet: a rate would make the invoice claim more than the member paid.
    const taxed = await setTax("--treatment", "rate", "--rate-bp", "2000", "--words", "VAT 20%")
    expect(taxed.code).toBe(ExitCode.refused)
    expect(taxed.err).toContain("checkout does not charge tax yet")
  })

  it("refuses a member and a bad period", async () => {
    const member = await cli("--as", MEMBER, "invoices", "list", "--from", "2026-11-01", "--to", "2026-11-30")
    expect(member.code).toBe(ExitCode.refused)
    const bad = await cli("--as", ADMIN, "invoices", "list", "--from", "2026-13-01", "--to", "2026-11-30")
    expect(bad.code).toBe(ExitCode.refused)
    expect(bad.err).toContain("--from must be a day")
    const xml = await cli(
      "--as",
      ADMIN,
      "invoices",
      "export",
      "--from",
      "2026-11-01",
      "--to",
      "2026-11-30",
      "--format",
      "xml",
      "--out",
      os.tmpdir(),
    )
    expect(xml.code).toBe(ExitCode.refused)
    expect(xml.err).toContain("--format must be csv or pdf")
  })

  it("cancels an invoice with a credit note carrying the reason (the only admin: at once, audited); refuses in words", async () => {
    const credit = (...args: ReadonlyArray<string>) =>
      cli("--as", ADMIN, "--yes", "invoices", "credit", ...args)
    const noReason = await credit("1", "--reason", "   ")
    expect(noReason.code).toBe(ExitCode.refused)
    expect(noReason.err).toContain("--reason must say why the invoice is cancelled")
    const done = await credit("1", "--reason", "Issued to the wrong company")
    expect(done.code, done.err).toBe(0)
    expect(done.out).toContain("Credit note landunits-000003 cancels invoice landunits-000001")
    const note = await run(Effect.flatMap(InvoiceStore, (s) => s.find("landunits", 3)))
    expect(Option.getOrThrow(note)).toMatchObject({
      kind: "creditNote",
      credits: 1,
      reason: "Issued to the wrong company",
    })
    const show = await cli("--as", ADMIN, "invoices", "show", "3")
    expect(show.out).toContain("Credit note")
    expect(show.out).toContain("Reason: Issued to the wrong company")
    const audited = await run(Effect.flatMap(AuditLog, (log) => log.list({ action: "invoices.credit" })))
    expect(audited).toHaveLength(1)
    expect(audited[0]!.details).toMatchObject({
      creditNote: "landunits-000003",
      reason: "Issued to the wrong company",
    })

    const twice = await credit("1", "--reason", "again")
    expect(twice.code).toBe(ExitCode.refused)
    expect(twice.err).toContain(
      "Invoice landunits-000001 is already credited by credit note landunits-000003",
    )
    const ofANote = await credit("3", "--reason", "again")
    expect(ofANote.code).toBe(ExitCode.refused)
    expect(ofANote.err).toContain("landunits-000003 is a credit note: a credit note is never itself credited")
    const missing = await credit("99", "--reason", "again")
    expect(missing.err).toContain("No invoice 99 of landunits")
  })

  it("issues the invoices paid buys lack, oldest payment first; a dry run issues none; a second run issues nothing", async () => {
    // A EUR buy paid while EUR has no tax treatment: the engine confirms it without an invoice.
    const order = await run(
      Effect.flatMap(OrderService, (o) =>
        o.createBuy({
          confirmsBusinessPurpose: true,
          memberId: MemberId.make("mem_demo"),
          idempotencyKey: IdempotencyKey.make("inv-missing-buy"),
          unitType: "LAND_EUR",
          numberOfUnits: 20,
          paymentMethod: "bank",
          isDoubleLand: false,
        }),
      ),
    )
    const confirmed = await cli("--as", ADMIN, "--yes", "orders", "confirm-payment", order.orderId)
    expect(confirmed.code, confirmed.err).toBe(0)
    expect(Option.isNone(await run(Effect.flatMap(InvoiceStore, (s) => s.findForOrder(order.orderId))))).toBe(
      true,
    )
    const eur = await cli(
      "--as",
      ADMIN,
      "--yes",
      "invoices",
      "set-tax",
      "EUR",
      "--treatment",
      "out-of-scope",
      "--words",
      "Out of scope of EU VAT",
    )
    expect(eur.code, eur.err).toBe(0)

    const dry = await cli("--as", ADMIN, "invoices", "issue-missing", "--dry-run")
    expect(dry.code, dry.err).toBe(0)
    expect(dry.out).toContain("dry run: nothing issued")
    expect(dry.out).toContain(`${order.orderId} (paid `)
    expect(Option.isNone(await run(Effect.flatMap(InvoiceStore, (s) => s.findForOrder(order.orderId))))).toBe(
      true,
    )

    const issued = await cli("--as", ADMIN, "invoices", "issue-missing")
    expect(issued.code, issued.err).toBe(0)
    const invoice = Option.getOrThrow(
      await run(Effect.flatMap(InvoiceStore, (s) => s.findForOrder(order.orderId))),
    )
    expect(issued.out).toContain(`${order.orderId} (paid `)
    expect(issued.out).toContain(`issued landunits-${String(invoice.number).padStart(6, "0")}`)
    expect(invoice.tax.treatment.words).toBe("Out of scope of EU VAT")

    const again = await cli("--as", ADMIN, "invoices", "issue-missing")
    expect(again.code, again.err).toBe(0)
    expect(again.out).not.toContain(order.orderId)
    const after = await run(Effect.flatMap(InvoiceStore, (s) => s.findForOrder(order.orderId)))
    expect(Option.getOrThrow(after).number).toBe(invoice.number)
    const audited = await run(
      Effect.flatMap(AuditLog, (log) => log.list({ action: "invoices.issueMissing" })),
    )
    expect(audited.map((a) => a.details.dryRun)).toEqual(["true", "false", "false"])
  })

  it("a sale's payout paid gets its payout statement: listed, shown and exported with the other documents", async () => {
    await run(
      Effect.flatMap(OrderService, (o) =>
        o.createSell({
          memberId: MemberId.make("mem_demo"),
          idempotencyKey: IdempotencyKey.make("inv-sell"),
          unitType: "LAND_EUR",
          numberOfUnits: 15,
        }),
      ),
    )
    const filling = await run(
      Effect.flatMap(OrderService, (o) =>
        o.createBuy({
          confirmsBusinessPurpose: true,
          memberId: MemberId.make("mem_buyer"),
          idempotencyKey: IdempotencyKey.make("inv-fill"),
          unitType: "LAND_EUR",
          numberOfUnits: 3,
          paymentMethod: "bank",
          isDoubleLand: false,
        }),
      ),
    )
    expect((await cli("--as", ADMIN, "--yes", "orders", "confirm-payment", filling.orderId)).code).toBe(0)
    const payouts = JSON.parse((await cli("--as", ADMIN, "--json", "payouts", "list")).out)
    const payout = payouts.find((p: { buyOrderId: string }) => p.buyOrderId === filling.orderId)
    expect(payout.memberId).toBe("mem_demo")
    const paid = await cli("--as", ADMIN, "--yes", "payouts", "mark-paid", payout.payoutId)
    expect(paid.code, paid.err).toBe(0)

    const statement = Option.getOrThrow(
      await run(Effect.flatMap(InvoiceStore, (s) => s.findForPayout(payout.payoutId))),
    )
    expect(statement).toMatchObject({ kind: "payoutStatement", total: payout.amountCents, currency: "EUR" })
    const number = `landunits-${String(statement.number).padStart(6, "0")}`
    const day = statement.issuedAt.slice(0, 10)
    const list = await cli("--as", ADMIN, "invoices", "list", "--from", day, "--to", day)
    expect(list.out).toMatch(new RegExp(`${number}\\s+Payout statement`))
    const show = await cli("--as", ADMIN, "invoices", "show", String(statement.number))
    for (const expected of [
      "Payout statement",
      "Issued by (self-billing): Landunits B.V.",
      "Seller paid:",
      "Land Units sold",
      "Total paid",
      "Out of scope of EU VAT",
    ])
      expect(show.out).toContain(expected)
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "invoices-export-"))
    try {
      const pdf = await cli(
        "--as",
        ADMIN,
        "invoices",
        "export",
        "--from",
        day,
        "--to",
        day,
        "--format",
        "pdf",
        "--out",
        out,
      )
      expect(pdf.code, pdf.err).toBe(0)
      expect(
        fs
          .readFileSync(path.join(out, `payout-statement-${number}.pdf`))
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-")
      const csv = await cli("--as", ADMIN, "invoices", "export", "--from", day, "--to", day, "--out", out)
      expect(csv.code, csv.err).toBe(0)
      expect(fs.readFileSync(path.join(out, `invoices_${day}_${day}.csv`), "utf8")).toContain(
        `${number},Payout statement,`,
      )
    } finally {
      fs.rmSync(out, { recursive: true, force: true })
    }
  })
})
