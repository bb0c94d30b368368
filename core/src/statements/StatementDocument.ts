/**
 * The statement as text, formatted once: a few facts (member, period, generated at, number) and titled
 * tables (opening and closing holdings, the reconciliation per unit type, the totals per currency, the
 * member's payouts, the period's activity), with the spec's footer statement. The PDF (adapters/src/statements/StatementPdf.ts)
 * and the CSV (StatementCsv.ts) both render this document and nothing else, so they hold the same
 * sections, rows and totals.
 *
 * The activity's rows are made when they are read (`rows()` can be read more than once), so the CSV of
 * 10,000 orders is written without holding 10,000 rows of text.
 */

import { formatDate, formatDateTimeZoned, formatMoney, formatNumber0 } from "../format/Format.ts"
import { orderStatusLabel } from "../format/Labels.ts"
import { PAYOUT_STATUS_LABELS } from "../format/PayoutWords.ts"
import { PRICES_EXCLUDE_TAX } from "../invoices/TaxWords.ts"
import { payoutOrderId } from "../orders/MemberPayouts.ts"
import { displayPrice } from "../pricing/Pricing.ts"
import {
  CurrencyOfUnitType,
  CurrencySymbol,
  type CurrencyType,
  type UnitType,
  unitDisplayName,
} from "../shared/Enums.ts"
import { divRoundHalfUp } from "../shared/Money.ts"
import { activityLine, type Statement, type StatementHolding } from "./Statement.ts"
import type { MovementKind, StatementBuckets } from "./StatementHoldings.ts"

/** spec §1's footer statement, on every page of the PDF and at the end of the CSV. */
export const STATEMENT_DISCLAIMER =
  "Landunits gives no tax, financial or investment advice and is not an investment product or platform."

export interface StatementColumn {
  readonly title: string
  readonly align: "left" | "right"
  /** Whether a long cell may break between words within its column (never ids, numbers or money). */
  readonly wrappable: boolean
}

export interface StatementTable {
  readonly title: string
  readonly columns: ReadonlyArray<StatementColumn>
  readonly rowCount: number
  /** The rows, made as they are read; each call reads them again from the start. */
  readonly rows: () => Iterable<ReadonlyArray<string>>
  /** What the table says when it has no rows. */
  readonly empty: string
  /** Lines printed under the table: what its figures mean. */
  readonly notes: ReadonlyArray<string>
}

export interface StatementFact {
  readonly label: string
  /** The fact in CSV cells. */
  readonly cells: ReadonlyArray<string>
  /** The fact as one line of the PDF. */
  readonly text: string
}

export interface StatementDocument {
  readonly title: string
  readonly number: string
  /** The file name without its extension. */
  readonly fileBase: string
  readonly facts: ReadonlyArray<StatementFact>
  readonly tables: ReadonlyArray<StatementTable>
  readonly footer: string
}

const left = (title: string, wrappable = false): StatementColumn => ({ title, align: "left", wrappable })
const right = (title: string): StatementColumn => ({ title, align: "right", wrappable: false })

/** Units in the accounting style: a decrease in parentheses, never a leading minus a spreadsheet would run. */
export const formatUnitsChange = (units: number): string =>
  units < 0 ? `(${formatNumber0(-units)})` : formatNumber0(units)

const MOVEMENT_LABEL: Readonly<Record<MovementKind, string>> = {
  BUY: "Buys (reserved, paid, released)",
  SELL: "Sells (queued, fees, cancelled)",
  SALE_FILL: "Sold from the queue",
  TRANSFER: "Transfers",
  CONVERT: "Conversions (locked, unlocked)",
}

const table = (
  title: string,
  columns: ReadonlyArray<StatementColumn>,
  rows: ReadonlyArray<ReadonlyArray<string>>,
  empty: string,
  notes: ReadonlyArray<string> = [],
): StatementTable => ({ title, columns, rowCount: rows.length, rows: () => rows, empty, notes })

const exactPrice = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 3 })

/** A price per Unit as it was charged, to the thousandth ("£8.967"), so Units × price gives the amount shown. */
const unitPrice = (pricePerUnit: number, currency: CurrencyType) =>
  `${CurrencySymbol[currency]}${exactPrice.format(displayPrice(pricePerUnit))}`

const moneyOf = (cents: number | undefined, unitType: UnitType) =>
  cents === undefined ? "no price" : formatMoney(cents, CurrencyOfUnitType[unitType])

const holdingsTable = (title: string, holdings: ReadonlyArray<StatementHolding>, priceDay: string) =>
  table(
    title,
    [
      left("Unit"),
      right("Owned"),
      right("Pending"),
      right("Locked"),
      right("Price per Unit"),
      right("Value"),
    ],
    holdings.map((h) => [
      unitDisplayName(h.unitType),
      formatNumber0(h.columns.owned),
      formatNumber0(h.columns.pending),
      formatNumber0(h.columns.locked),
      h.pricePerUnit === undefined
        ? "no price"
        : formatMoney(divRoundHalfUp(BigInt(h.pricePerUnit), 10n), CurrencyOfUnitType[h.unitType]),
      moneyOf(h.valueCents, h.unitType),
    ]),
    "No Units.",
    [
      `Owned includes LU2X Units; Pending is bought and not yet paid, or queued for sale; Locked is converted Units in their 30 days. Value: the Units owned, queued for sale and locked, at the price of ${formatDate(priceDay)} (per Unit, rounded to the cent).`,
    ],
  )

const bucketCells = (b: StatementBuckets) => [
  formatUnitsChange(b.owned),
  formatUnitsChange(b.pending),
  formatUnitsChange(b.locked),
]

/**
 * The ledger checkpoint the statement was made against (docs/ledger.md §10): its number, time and size, and its
 * Merkle root, so a member can find it at GET /api/ledger/checkpoints and check it.
 */
const checkpointFacts = (checkpoint: Statement["checkpoint"]): ReadonlyArray<StatementFact> => {
  if (checkpoint === undefined) {
    const none = "none signed yet"
    return [{ label: "Ledger checkpoint", cells: [none], text: none }]
  }
  const transfers = `${formatNumber0(checkpoint.treeSize)} ${checkpoint.treeSize === 1 ? "transfer" : "transfers"}`
  return [
    {
      label: "Ledger checkpoint",
      cells: [`#${checkpoint.number}`, new Date(checkpoint.at).toISOString(), transfers],
      text: `#${checkpoint.number} of ${formatDateTimeZoned(checkpoint.at)}, ${transfers}`,
    },
    { label: "Checkpoint root", cells: [checkpoint.merkleRoot], text: checkpoint.merkleRoot },
  ]
}

/**
 * Who the statement is for: the member as named everywhere (members/MemberName.ts); for a business member the
 * business, its contact, and the registration and VAT numbers KYC collected.
 */
const memberFacts = (statement: Statement): ReadonlyArray<StatementFact> => {
  const business = statement.business
  const contact = business?.contact === undefined ? "" : ` (contact: ${business.contact})`
  return [
    {
      label: "Member",
      cells: [statement.memberName, statement.memberEmail],
      text: `${statement.memberName}${contact} <${statement.memberEmail}>`,
    },
    ...(business?.registrationNumber === undefined
      ? []
      : [
          {
            label: "Registration number",
            cells: [business.registrationNumber],
            text: business.registrationNumber,
          },
        ]),
    ...(business?.vatNumber === undefined
      ? []
      : [{ label: "VAT number", cells: [business.vatNumber], text: business.vatNumber }]),
  ]
}

export const statementDocument = (statement: Statement): StatementDocument => {
  const { period } = statement
  const fromDay = formatDate(period.from)
  const toDay = formatDate(period.to)
  const generated = formatDateTimeZoned(statement.generatedAt)
  const facts: ReadonlyArray<StatementFact> = [
    ...memberFacts(statement),
    {
      label: "Period",
      cells: [period.from, period.to],
      text: `${fromDay} to ${toDay} (both days included, UTC)`,
    },
    { label: "Generated", cells: [generated], text: generated },
    { label: "Statement number", cells: [statement.number], text: statement.number },
    ...checkpointFacts(statement.checkpoint),
  ]

  const holdings = (title: string, list: ReadonlyArray<StatementHolding>) =>
    holdingsTable(title, list, statement.priceDay)

  const reconciliation = table(
    "Reconciliation per unit type: opening + activity = closing",
    [left("Unit"), left("Line", true), right("Owned"), right("Pending"), right("Locked"), left("Check")],
    statement.reconciliation.flatMap((r) => {
      const unit = unitDisplayName(r.unitType)
      return [
        [unit, `Opening, start of ${fromDay}`, ...bucketCells(r.opening), ""],
        ...r.movements.map((m) => [unit, MOVEMENT_LABEL[m.kind], ...bucketCells(m.change), ""]),
        [unit, `Closing, end of ${toDay}`, ...bucketCells(r.closing), r.balanced ? "Reconciled" : "DIFFERS"],
      ]
    }),
    "No Units moved and none were held.",
    [
      "Units; a decrease is in parentheses. Each line sums the ledger transfers of the period that caused it.",
    ],
  )

  const totals = table(
    "Totals per currency",
    [
      left("Currency"),
      right("Paid for Units"),
      right("Of which fees"),
      right("Received from sales"),
      right("Payouts paid"),
    ],
    statement.totals.map((t) => [
      t.currency,
      formatMoney(t.paidCents, t.currency),
      formatMoney(t.feesCents, t.currency),
      formatMoney(t.receivedFromSalesCents, t.currency),
      formatMoney(t.payoutsCents, t.currency),
    ]),
    "No money moved in this period.",
    [
      "Paid for Units: the payment amounts of the period's buys that were paid (Approved or Completed). Received from sales: payouts owed for Units sold in the period. Payouts paid: payouts paid to you in the period.",
    ],
  )

  const activity: StatementTable = {
    title: "Activity: the period's orders",
    columns: [
      left("Date"),
      left("Reference"),
      left("Type"),
      left("Unit", true),
      right("Units"),
      left("Status"),
      right("Amount"),
      right("Fee"),
    ],
    rowCount: statement.activity.length,
    rows: function* () {
      for (const order of statement.activity) {
        const line = activityLine(statement, order)
        const unit = order.currencyUnit
        const convert = order.convert
        const money = (cents: number | undefined) =>
          cents === undefined ? "" : formatMoney(cents, line.currency)
        yield [
          formatDate(order.createdAt),
          order.orderId,
          line.direction === "" ? order.orderType : `${order.orderType} ${line.direction}`,
          convert === undefined
            ? unitDisplayName(unit.unitType)
            : `${unitDisplayName(unit.unitType)} to ${unitDisplayName(convert.unitType)}`,
          convert === undefined
            ? formatNumber0(unit.numberOfUnits)
            : `${formatNumber0(unit.numberOfUnits)} to ${formatNumber0(convert.numberOfUnits)}`,
          orderStatusLabel(order.orderStatus, order.orderType),
          money(line.amountCents),
          line.feeUnits !== undefined ? `${formatNumber0(line.feeUnits)} Units` : money(line.feeCents),
        ]
      }
    },
    empty: "No orders in this period.",
    notes: [
      "Amount: a buy's payment (fee included); a sell's payouts owed up to the period's end; a conversion's value at its price. Transfers are free.",
      // Tax where money is (issue 46); a paid buy's invoice states how tax applies to it.
      `${PRICES_EXCLUDE_TAX} No tax is added to a buy's payment.`,
    ],
  }

  const payouts = table(
    "Payouts: owed, ready and paid",
    [
      left("Owed since"),
      left("For order"),
      left("Unit", true),
      right("Units"),
      right("Price per Unit"),
      right("Amount"),
      left("Status"),
      left("Ready on"),
      left("Paid on"),
    ],
    statement.payouts.map(({ payout, status, readyAt, paidAt }) => [
      formatDate(payout.createdAt),
      payoutOrderId(payout),
      unitDisplayName(payout.unitType),
      formatNumber0(payout.units),
      unitPrice(payout.pricePerUnit, payout.currency),
      formatMoney(payout.amountCents, payout.currency),
      PAYOUT_STATUS_LABELS[status],
      readyAt === undefined ? "" : formatDate(readyAt),
      paidAt === undefined ? "" : formatDate(paidAt),
    ]),
    "No payouts owed or paid in this period.",
    [
      `Every payout owed, made ready or paid in the period, or still owed during it, with its status at the end of ${toDay}: a slice of your sale a buyer took, owed at that buyer's price (Units × price, rounded half-up to the cent once), paid to the bank account in your verified details.`,
    ],
  )

  return {
    title: "Landunits statement",
    number: statement.number,
    fileBase: `landunits-statement-${period.from}-to-${period.to}`,
    facts,
    tables: [
      holdings(`Opening holdings, start of ${fromDay}`, statement.opening),
      holdings(`Closing holdings, end of ${toDay}`, statement.closing),
      reconciliation,
      totals,
      payouts,
      activity,
    ],
    footer: STATEMENT_DISCLAIMER,
  }
}
