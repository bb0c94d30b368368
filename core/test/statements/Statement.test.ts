import { Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { UnitHolding } from "../../src/ledger/LedgerModel.ts"
import type { OrderRecord } from "../../src/orders/OrderModel.ts"
import { MemberId, OrderId } from "../../src/shared/Ids.ts"
import { buildStatement } from "../../src/statements/Statement.ts"
import { csvCell, statementCsv } from "../../src/statements/StatementCsv.ts"
import { StatementRequest } from "../../src/statements/StatementRequest.ts"

const ann = MemberId.make("mem_ann")
const ben = MemberId.make("mem_ben")

const order = (over: Partial<OrderRecord> & Pick<OrderRecord, "orderId" | "createdAt">): OrderRecord => ({
  orderType: "BUY",
  orderStatus: "Completed",
  currencyUnit: { unitType: "LAND_USD", numberOfUnits: 12, pricePerUnit: 10_000, isDoubleLand: false },
  paymentDetails: {
    paymentAmount: 12_345,
    paymentMethod: "bank",
    paymentMethodFees: { fixedCentsFees: 0, fixedPercentageFees: 0 },
    currency: "USD",
    subTotal: 12_000,
    transactionFee: 345,
  },
  updatedAt: over.createdAt,
  memberId: ann,
  sequence: 1,
  statusHistory: [],
  ...over,
})

const holding: UnitHolding = {
  unitType: "LAND_USD",
  owned: 10,
  owned_DOUBLE_LAND: 2,
  pendingBuy: 3,
  pendingSell: 1,
  convertLocked: 0,
  total_value_bought: 120_000,
  total_value_today: 130_050,
  profit: 10_050,
  profit_percentage: 8.38,
  currencyType: "USD",
}

const orders: ReadonlyArray<OrderRecord> = [
  order({ orderId: OrderId.make("ord_before"), createdAt: "2026-02-28T23:59:59.999Z" }),
  order({ orderId: OrderId.make("ord_first"), createdAt: "2026-03-01T00:00:00.000Z" }),
  order({
    orderId: OrderId.make("ord_gift"),
    orderType: "TRANSFER",
    memberId: ben,
    paymentDetails: undefined as never,
    createdAt: "2026-03-15T10:00:00.000Z",
  }),
  order({
    orderId: OrderId.make("ord_cancelled"),
    orderStatus: "Cancelled",
    createdAt: "2026-03-20T10:00:00.000Z",
  }),
  order({ orderId: OrderId.make("ord_last"), createdAt: "2026-03-31T23:59:59.999Z", sequence: 9 }),
  order({ orderId: OrderId.make("ord_after"), createdAt: "2026-04-01T00:00:00.000Z" }),
].map((o) => {
  if (o.paymentDetails !== undefined) return o
  const { paymentDetails: _, ...rest } = o
  return rest
})

const statement = buildStatement({
  memberId: ann,
  memberName: "Ann Lee",
  memberEmail: "ann@example.com",
  period: { from: "2026-03-01", to: "2026-03-31" },
  orders,
  holdings: [holding],
  generatedAt: Date.UTC(2026, 3, 2),
})

describe("a member's statement", () => {
  it("lists the orders of the period, both days included, oldest first", () => {
    expect(statement.lines.map((l) => l.orderId)).toEqual([
      "ord_first",
      "ord_gift",
      "ord_cancelled",
      "ord_last",
    ])
    expect(statement.lines[0]).toEqual({
      date: "01/03/2026",
      orderId: "ord_first",
      type: "BUY",
      direction: "",
      unit: statement.lines[0]!.unit,
      units: "12",
      status: "Completed",
      paymentMethod: "bank",
      amount: "$123.45",
    })
    expect(statement.lines[1]).toMatchObject({ type: "TRANSFER", direction: "Received", amount: "" })
  })

  it("totals what was paid for Units per currency, leaving out orders that were not paid", () => {
    expect(statement.totalsPaid).toEqual([{ currency: "USD", amount: "$246.90" }])
  })

  it("shows the holdings with the double-land Units counted as owned", () => {
    expect(statement.holdings).toEqual([
      expect.objectContaining({ owned: "12", pending: "4", locked: "0", valueToday: "$1,300.50" }),
    ])
  })

  it("renders as CSV with a header row, one row per order and CRLF line ends", () => {
    const csv = statementCsv(statement)
    const lines = csv.split("\r\n")
    expect(lines).toContain("Date,Order,Type,Direction,Unit,Units,Status,Payment method,Amount")
    expect(lines.filter((l) => l.includes(",ord_"))).toHaveLength(4)
    expect(csv.endsWith("\r\n")).toBe(true)
    expect(lines).toContain("Period,2026-03-01,2026-03-31")
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
