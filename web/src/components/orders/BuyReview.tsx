/**
 * The buy's review before paying (issue 46), shown by the buy form (BuyForm.tsx): the Units × price, each charge
 * as its own named line with why (core's `explainBuyCharges`: the buy fee, the payment method's fee, a discount),
 * the net, the tax words of the order's currency (core's TaxWords.ts), and the total, above what the review asks
 * (`children`: the purchase-order reference and the business-purpose confirmation) and its two buttons: "Back"
 * and "Buy Units", which submits the review's form.
 */
import { formatMoney, formatNumber0 } from "@landunits/core/format/Format.ts"
import type { BuyCharges } from "@landunits/core/orders/BuyReview.ts"
import type { CurrencyType } from "@landunits/core/shared/EnumValues.ts"
import type { FormEvent, ReactNode, RefCallback } from "react"
import type { SummaryRow } from "./OrderParts.tsx"
import { OrderReview } from "./OrderReview.tsx"

/** The review's rows: the lines, then net, tax and the total (what the invoice prints, in the same order). */
export const buyReviewRows = ({
  charges,
  unitName,
  priceText,
  units,
  currency,
  taxWords,
  totalLabel = "Total to pay",
}: {
  readonly charges: BuyCharges | undefined
  readonly unitName: string
  readonly priceText: string
  readonly units: number
  readonly currency: CurrencyType
  readonly taxWords: string
  /** The total's term: "Total to pay" before paying, the order page's "Amount" after. */
  readonly totalLabel?: string
}): ReadonlyArray<SummaryRow> => {
  // An amount never breaks inside itself, however narrow the review's value column gets.
  const money = (cents: number | undefined) => (
    <span className="money">{cents === undefined ? "—" : formatMoney(cents, currency)}</span>
  )
  const lines: ReadonlyArray<SummaryRow> =
    charges === undefined
      ? [[`${formatNumber0(units)} ${unitName} × ${priceText}`, money(undefined)]]
      : charges.lines.map((line) =>
          line.kind === "units"
            ? [
                `${formatNumber0(units)} ${unitName} × ${priceText}`,
                money(line.amountCents),
                undefined,
                line.why,
              ]
            : line.kind === "discount"
              ? [
                  line.name,
                  <span key="discount" className="money">
                    −{formatMoney(-line.amountCents, currency)}
                  </span>,
                  undefined,
                  line.why,
                ]
              : [line.name, money(line.amountCents), undefined, line.why],
        )
  return [
    ...lines,
    ["Net", money(charges?.totalCents)],
    [
      "Tax",
      <span key="tax" className="order-figure">
        No tax added
      </span>,
      undefined,
      taxWords,
    ],
    [totalLabel, money(charges?.totalCents), "total"],
  ]
}

export function BuyReview({
  charges,
  unitName,
  priceText,
  units,
  currency,
  methodLabel,
  taxWords,
  serverError,
  busy,
  onBack,
  focusOnShow,
  onSubmit,
  children,
}: {
  readonly charges: BuyCharges | undefined
  /** "Unit ($)", "LU2X Unit ($)". */
  readonly unitName: string
  /** The price per Unit as shown ("$11.49 (LU2X: half price)"). */
  readonly priceText: string
  readonly units: number
  readonly currency: CurrencyType
  readonly methodLabel: string
  readonly taxWords: string
  readonly serverError: string | null
  readonly busy: boolean
  readonly onBack: () => void
  readonly focusOnShow: RefCallback<HTMLElement>
  readonly onSubmit: (e: FormEvent) => void
  readonly children: ReactNode
}) {
  return (
    <OrderReview
      title="Review your buy"
      rows={buyReviewRows({ charges, unitName, priceText, units, currency, taxWords })}
      notes={[`You pay by ${methodLabel} on the next page. The invoice names each of these lines.`]}
      serverError={serverError}
      busy={busy}
      confirmLabel="Buy Units"
      busyLabel="Creating your order…"
      onBack={onBack}
      onConfirm={() => undefined}
      focusOnShow={focusOnShow}
      onSubmit={onSubmit}
      formLabel="Confirm your buy"
    >
      {children}
    </OrderReview>
  )
}
