import { Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { PRICES_EXCLUDE_TAX } from "../../src/invoices/TaxWords.ts"
import type { Payout } from "../../src/orders/OrderModel.ts"
import { OrderId, PayoutId } from "../../src/shared/Ids.ts"
import { buildStatement } from "../../src/statements/Statement.ts"
import { csvCell, statementCsv, statementCsvChunks } from "../../src/statements/StatementCsv.ts"
import { STATEMENT_DISCLAIMER, statementDocument } from "../../src/statements/StatementDocument.ts"
import { StatementRequest } from "../../src/statements/StatementRequest.ts"
import { annInput, ben } from "./StatementFixture.ts"

const statement = buildStatement(annInput)
const document = statementDocument(statement)
const csv = statementCsv(document)
const csvLines = csv.split("\r\n")

describe("a member's statement", () => {
  it("lists the orders created in the period, both days included, oldest first, with the transfers they received", () => {
    expect(statement.activity.map((o) => o.orderId)).toEqual([
      "ord_first",
      "ord_gift",
      "ord_cancelled",
      "ord_sell",
      "ord_last",
    ])
  })

  it("is numbered by its period, its member and the instant it was made", () => {
    expect(statement.number).toBe("ST-20260301-20260331-MEM_ANN-20260402T101500Z")
  })

  it("holds the opening holdings at the period's start and the closing holdings at its end, valued at the period-end price", () => {
    expect(statement.priceDay).toBe("2026-03-31")
    expect(statement.opening).toEqual([
      {
        unitType: "LAND_USD",
        columns: { owned: 0, pending: 12, locked: 0 },
        valuedUnits: 0,
        pricePerUnit: 10_000,
        valueCents: 0,
      },
    ])
    // 12 + 12 paid + 5 received − 10 queued − 10 fee owned; 12 unpaid + 6 still queued pending; 9 + 6 valued.
    expect(statement.closing).toEqual([
      {
        unitType: "LAND_USD",
        columns: { owned: 9, pending: 18, locked: 0 },
        valuedUnits: 15,
        pricePerUnit: 10_000,
        valueCents: 15_000,
      },
    ])
  })

  it("reconciles per unit type: opening + the period's movements by cause = closing", () => {
    expect(statement.reconciliation).toEqual([
      {
        unitType: "LAND_USD",
        opening: { owned: 0, pending: 12, locked: 0 },
        movements: [
          { kind: "BUY", change: { owned: 24, pending: 0, locked: 0 } },
          { kind: "SELL", change: { owned: -20, pending: 10, locked: 0 } },
          { kind: "SALE_FILL", change: { owned: 0, pending: -4, locked: 0 } },
          { kind: "TRANSFER", change: { owned: 5, pending: 0, locked: 0 } },
        ],
        closing: { owned: 9, pending: 18, locked: 0 },
        balanced: true,
      },
    ])
  })

  it("totals per currency what was paid (paid buys only), its fees, what sales earned and the payouts paid", () => {
    expect(statement.totals).toEqual([
      {
        currency: "USD",
        paidCents: 24_690,
        feesCents: 690,
        receivedFromSalesCents: 4_000,
        payoutsCents: 4_000,
      },
    ])
  })

  it("counts a convert's remainder as a payout paid once paid, never as received from sales", () => {
    const paidAt = Date.parse("2026-03-29T12:00:00.000Z")
    const remainder = {
      ...annInput.payouts[0]!,
      payoutId: PayoutId.make("pay_remainder"),
      kind: "convertRemainder" as const,
      sellOrderId: OrderId.make("ord_convert"),
      buyOrderId: OrderId.make("ord_convert"),
      units: 0,
      amountCents: 117,
      statusHistory: [
        { status: "Initiated" as const, at: Date.parse("2026-03-27T12:00:00.000Z") },
        { status: "Completed" as const, at: paidAt },
      ],
      createdAt: Date.parse("2026-03-27T12:00:00.000Z"),
    }
    const withRemainder = buildStatement({ ...annInput, payouts: [...annInput.payouts, remainder] })
    expect(withRemainder.totals).toEqual([
      {
        currency: "USD",
        paidCents: 24_690,
        feesCents: 690,
        receivedFromSalesCents: 4_000,
        payoutsCents: 4_117,
      },
    ])
    expect(withRemainder.salesOf.has(OrderId.make("ord_convert"))).toBe(false)
  })

  it("formats each order once: date, full reference, type, unit, units, status in words, amount and fee", () => {
    const activity = document.tables.find((t) => t.title.startsWith("Activity"))!
    expect(activity.columns.map((c) => c.title)).toEqual([
      "Date",
      "Reference",
      "Type",
      "Unit",
      "Units",
      "Status",
      "Amount",
      "Fee",
    ])
    const rows = [...activity.rows()]
    expect(rows[0]).toEqual([
      "01/03/2026",
      "ord_first",
      "BUY",
      "Unit ($)",
      "12",
      "Completed",
      "$123.45",
      "$3.45",
    ])
    expect(rows[1]).toEqual(["15/03/2026", "ord_gift", "TRANSFER in", "Unit ($)", "5", "Completed", "", ""])
    expect(rows[3]).toEqual([
      "25/03/2026",
      "ord_sell",
      "SELL",
      "Unit ($)",
      "20",
      "Partly sold",
      "$40.00",
      "10 Units",
    ])
    // The activity's rows are made as they are read, and can be read again.
    expect([...activity.rows()]).toEqual(rows)
  })

  it("shows a decrease of Units in parentheses, so no cell starts with a minus", () => {
    const reconciliation = document.tables.find((t) => t.title.startsWith("Reconciliation"))!
    const rows = [...reconciliation.rows()]
    expect(rows.find((r) => r[1]!.startsWith("Sells"))).toEqual([
      "Unit ($)",
      "Sells (queued, fees, cancelled)",
      "(20)",
      "10",
      "0",
      "",
    ])
    expect(rows.at(-1)).toEqual(["Unit ($)", "Closing, end of 31/03/2026", "9", "18", "0", "Reconciled"])
  })
})

describe("a member's payouts on the statement (issue 38)", () => {
  const owed = (id: string, createdAt: string, moves: ReadonlyArray<readonly [string, string]> = []) => ({
    ...annInput.payouts[0]!,
    payoutId: PayoutId.make(id),
    amountCents: 4_484,
    pricePerUnit: 11_210,
    status: (moves.at(-1)?.[0] ?? "Initiated") as Payout["status"],
    createdAt: Date.parse(createdAt),
    statusHistory: [
      { status: "Initiated" as const, at: Date.parse(createdAt) },
      ...moves.map(([status, at]) => ({ status: status as Payout["status"], at: Date.parse(at) })),
    ],
  })
  const withPayouts = buildStatement({
    ...annInput,
    payouts: [
      owed("pay_paid_before", "2026-02-01T10:00:00Z", [["Completed", "2026-02-20T10:00:00Z"]]),
      owed("pay_owed_before_paid_in", "2026-02-10T10:00:00Z", [["Completed", "2026-03-10T10:00:00Z"]]),
      owed("pay_still_owed", "2026-02-15T10:00:00Z"),
      annInput.payouts[0]!,
      owed("pay_paid_after", "2026-03-30T10:00:00Z", [["Completed", "2026-04-01T09:00:00Z"]]),
      owed("pay_after", "2026-04-01T10:00:00Z"),
      { ...owed("pay_of_ben", "2026-03-12T10:00:00Z"), memberId: ben },
    ],
  })

  it("lists every payout owed, ready or paid in the period, or still owed during it, with its status at the period's end", () => {
    expect(
      withPayouts.payouts.map((p) => [p.payout.payoutId, p.status, p.paidAt === undefined ? "" : "paid"]),
    ).toEqual([
      ["pay_owed_before_paid_in", "Completed", "paid"],
      ["pay_still_owed", "Initiated", ""],
      ["pay_1", "Completed", "paid"],
      // Paid after the period: still owed at its end.
      ["pay_paid_after", "Initiated", ""],
    ])
  })

  it("prints them in the PDF's and the CSV's table: owed since, the order, Units, the price as charged, amount, status, dates", () => {
    const table = statementDocument(withPayouts).tables.find(
      (t) => t.title === "Payouts: owed, ready and paid",
    )!
    expect([...table.rows()]).toEqual([
      ["10/02/2026", "ord_sell", "Unit ($)", "4", "$11.21", "$44.84", "Paid", "", "10/03/2026"],
      ["15/02/2026", "ord_sell", "Unit ($)", "4", "$11.21", "$44.84", "Owed", "", ""],
      ["26/03/2026", "ord_sell", "Unit ($)", "4", "$10.00", "$40.00", "Paid", "", "28/03/2026"],
      ["30/03/2026", "ord_sell", "Unit ($)", "4", "$11.21", "$44.84", "Owed", "", ""],
    ])
    const lines = statementCsv(statementDocument(withPayouts)).split("\r\n")
    expect(lines).toContain(csvCell("Payouts: owed, ready and paid"))
    expect(lines).toContain("26/03/2026,ord_sell,Unit ($),4,$10.00,$40.00,Paid,,28/03/2026")
  })

  it("an AUD payout made ready shows the day it was ready", () => {
    const ready = buildStatement({
      ...annInput,
      payouts: [
        owed("pay_ready", "2026-03-02T10:00:00Z", [
          ["AUDReadyToSendBetweenAccounts", "2026-03-03T10:00:00Z"],
        ]),
      ],
    })
    const table = statementDocument(ready).tables.find((t) => t.title === "Payouts: owed, ready and paid")!
    expect([...table.rows()][0]!.slice(6)).toEqual(["Ready to send", "03/03/2026", ""])
  })
})

describe("the statement as CSV", () => {
  it("carries the PDF's facts, sections, rows, totals and footer, with CRLF line ends", () => {
    expect(csvLines).toContain("Period,2026-03-01,2026-03-31")
    expect(csvLines).toContain("Member,Ann Lee,ann@example.com")
    expect(csvLines).toContain('Generated,"Apr 2, 2026, 10:15 AM UTC"')
    expect(csvLines).toContain("Statement number,ST-20260301-20260331-MEM_ANN-20260402T101500Z")
    for (const table of document.tables) {
      expect(csvLines).toContain(csvCell(table.title))
      expect(csvLines).toContain(table.columns.map((c) => csvCell(c.title)).join(","))
    }
    expect(csvLines).toContain("Unit ($),0,12,0,$10.00,$0.00")
    expect(csvLines).toContain("Unit ($),9,18,0,$10.00,$150.00")
    expect(csvLines).toContain("USD,$246.90,$6.90,$40.00,$40.00")
    expect(
      csvLines.filter((l) => /^\d\d\/\d\d\/\d{4},ord_\w+,(BUY|SELL|TRANSFER|CONVERT)/.test(l)),
    ).toHaveLength(5)
    expect(csvLines).toContain("01/03/2026,ord_first,BUY,Unit ($),12,Completed,$123.45,$3.45")
    // Tax where money is (issue 46): the orders' amounts exclude tax, and none is added.
    expect(csvLines).toContain(csvCell(`${PRICES_EXCLUDE_TAX} No tax is added to a buy's payment.`))
    expect(csvLines.at(-2)).toBe(csvCell(STATEMENT_DISCLAIMER))
    expect(csv.endsWith("\r\n")).toBe(true)
  })

  it("names the ledger checkpoint it was made against: number, time, size and Merkle root; or that none is signed yet", () => {
    expect(csvLines).toContain("Ledger checkpoint,none signed yet")
    const checked = statementCsv(
      statementDocument(
        buildStatement({
          ...annInput,
          checkpoint: {
            number: 7,
            at: Date.UTC(2026, 3, 2, 9, 0),
            treeSize: 1234,
            merkleRoot: "ab".repeat(32),
          },
        }),
      ),
    ).split("\r\n")
    expect(checked).toContain('Ledger checkpoint,#7,2026-04-02T09:00:00.000Z,"1,234 transfers"')
    expect(checked).toContain(`Checkpoint root,${"ab".repeat(32)}`)
    expect(checked.indexOf("Checkpoint root,".concat("ab".repeat(32)))).toBeLessThan(
      checked.indexOf(csvCell(document.tables[0]!.title)),
    )
  })

  it("comes in chunks that join to the same file, each about the chunk size", () => {
    const chunks = [...statementCsvChunks(document, 100)]
    expect(chunks.length).toBeGreaterThan(5)
    expect(chunks.join("")).toBe(csv)
    for (const chunk of chunks.slice(0, -1)) expect(chunk.length).toBeLessThan(100 + 300)
  })

  it("escapes a member's name a spreadsheet would run as a formula", () => {
    const evil = statementCsv(
      statementDocument(buildStatement({ ...annInput, memberName: '=HYPERLINK("http://evil")' })),
    )
    expect(evil).toContain('Member,"\'=HYPERLINK(""http://evil"")",ann@example.com')
  })
})

/** A minimal RFC 4180 reader for one line, to check cells survive the trip. */
const readRow = (line: string): Array<string> => {
  const cells: Array<string> = []
  let cell = ""
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ",") {
      cells.push(cell)
      cell = ""
    } else cell += c
  }
  cells.push(cell)
  return cells
}

describe("CSV cells", () => {
  it("never start with a character a spreadsheet runs as a formula", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const cell = csvCell(value)
        const unquoted = cell.startsWith('"') ? cell.slice(1) : cell
        expect(/^[=+\-@\t\r]/.test(unquoted)).toBe(false)
      }),
    )
  })

  it("read back as the value (with the apostrophe guard where one was needed)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string().filter((s) => !/[\r\n]/.test(s)),
          { minLength: 1, maxLength: 6 },
        ),
        (values) => {
          const line = values.map(csvCell).join(",")
          expect(readRow(line)).toEqual(values.map((v) => (/^[=+\-@\t]/.test(v) ? `'${v}` : v)))
        },
      ),
    )
  })

  it("guards the formula examples", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"')
    expect(csvCell("-12")).toBe("'-12")
    expect(csvCell("plain")).toBe("plain")
  })
})

describe("the statement request", () => {
  const decode = Schema.decodeUnknownResult(StatementRequest)
  it("takes a period of whole days and a format", () => {
    expect(decode({ fromDate: "2026-03-01", toDate: "2026-03-31", format: "csv" })._tag).toBe("Success")
    expect(decode({ fromDate: "2026-03-01", toDate: "2026-03-01" })._tag).toBe("Success")
  })
  it("refuses a date that is not a calendar day, an end before the start, and a period over the limit", () => {
    const message = (input: unknown) => {
      const result = decode(input)
      return result._tag === "Failure" ? String(result.failure) : "accepted"
    }
    expect(message({ fromDate: "2026-02-30", toDate: "2026-03-01" })).toContain("Enter a date as yyyy-mm-dd")
    expect(message({ fromDate: "2026-03-02", toDate: "2026-03-01" })).toContain(
      "The end date must be on or after the start date",
    )
    expect(message({ fromDate: "2000-01-01", toDate: "2026-03-01" })).toContain(
      "A statement can cover at most",
    )
    expect(message({ fromDate: "2026-03-01", toDate: "2026-03-02", format: "xls" })).not.toBe("accepted")
  })
})
