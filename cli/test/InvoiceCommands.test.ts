/**
 * `landunits invoices list|show`: an admin reads the invoices issued in a period and one document as issued; a
 * member is refused (the commands are `read` in core's admin table).
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { AuditLog } from "@landunits/core/audit/ports/AuditLog.ts"
import { InvoiceSettings } from "@landunits/core/invoices/ports/InvoiceSettings.ts"
import { InvoiceStore } from "@landunits/core/invoices/ports/InvoiceStore.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
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
})
