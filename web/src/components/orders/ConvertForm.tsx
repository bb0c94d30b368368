/**
 * /dashboard/convert (spec §2, §4, §5; decisions.md CONVERT): Units of type A (LAND_USD by default) become Units
 * of type B (LAND_AUD by default) at the day's exchange rate and prices, less the convert fee in Units of A;
 * the new Units are locked for 30 days. Live figures with core's formulas; the convert message of spec §5.
 * The form opens a review (what goes in and its value, the fee in Units and money, what is locked and until
 * when, and the remainder paid back: shared/decisions.md, "Converts"); only "Confirm" converts. The review
 * offers the nearest number of Units whose remainder is smallest (core's `smallestRemainderNearby`): one button
 * reviews that number instead.
 */
import { checkConvertLimit } from "@landunits/core/availability/Availability.ts"
import { formatDateTimeZoned, formatMoney, formatNumber0 } from "@landunits/core/format/Format.ts"
import { defaultConvertPair } from "@landunits/core/ledger/DefaultUnitType.ts"
import { type ConvertQuote, convertQuote, smallestRemainderNearby } from "@landunits/core/orders/Convert.ts"
import { ConvertOrderForm } from "@landunits/core/orders/OrderForms.ts"
import { CONVERT_LOCK_DAYS, CONVERT_LOCK_MS, DEFAULT_UNIT_TYPE } from "@landunits/core/shared/Constants.ts"
import {
  CurrencyOfUnitType,
  type CurrencyType,
  type UnitType,
  unitDisplayName,
} from "@landunits/core/shared/EnumValues.ts"
import { useState } from "react"
import type { OrderFormsData } from "../../api/orderLoaders.ts"
import { useSchemaForm } from "../../forms/useSchemaForm.ts"
import { formatPrice, formatRate } from "../../lib/prices.ts"
import { useFocusOnShow } from "../../lib/useFocusOnShow.ts"
import { Field } from "../shared/Field.tsx"
import { remainderNote } from "./ConvertRemainderPanel.tsx"
import {
  holdingOf,
  KycNote,
  OrderWarning,
  priceOf,
  Summary,
  safely,
  typedUnits,
  UnitTypeSelect,
} from "./OrderParts.tsx"
import { OrderReview } from "./OrderReview.tsx"
import { useGoOnSuccess, useReviewedOrder } from "./UnitsOrderForms.tsx"

export const CONVERT_LOCK_TEXT = `Converted Units are locked for ${CONVERT_LOCK_DAYS} days, then move to your owned Units.`

const unitsText = (units: number, unitType: UnitType) =>
  `${formatNumber0(units)} ${unitDisplayName(unitType)}`

/** One figure of the review ("$348.12", "30 Unit ($)"): the line wraps around it, never inside it (375 px). */
const Figure = ({ children }: { readonly children: string }) => (
  <span className="order-figure">{children}</span>
)

export function ConvertForm({ data }: { readonly data: OrderFormsData }) {
  const { bundle } = data
  // Opens on what the member owns (issue 27); the configured pair of spec §4 otherwise.
  const [initial] = useState(() =>
    defaultConvertPair(bundle.userDashBoardDetails.holdings, {
      from: DEFAULT_UNIT_TYPE.convertFrom,
      to: DEFAULT_UNIT_TYPE.convertTo,
    }),
  )
  const [from, setFrom] = useState<UnitType>(initial.from)
  const [to, setTo] = useState<UnitType>(initial.to)
  // The number of Units the review's suggestion set, said once the review shows it.
  const [suggestionTaken, setSuggestionTaken] = useState<number | null>(null)
  const order = useReviewedOrder()
  useGoOnSuccess(order.result?.orderId, "/dashboard/convert/success")
  const focusOnShow = useFocusOnShow()

  const fromPrice = priceOf(bundle.prices, from)
  const toPrice = priceOf(bundle.prices, to)
  const rate = bundle.exchangeRate.find(
    (r) => r.from === CurrencyOfUnitType[from] && r.to === CurrencyOfUnitType[to],
  )
  const owned = holdingOf(bundle.userDashBoardDetails.holdings, from)?.owned ?? 0
  const fee = fromPrice?.convertOrderTransactionFeeInUnits ?? 0
  const fromCurrency: CurrencyType = CurrencyOfUnitType[from]
  const toCurrency: CurrencyType = CurrencyOfUnitType[to]
  const pricing =
    fromPrice === undefined || toPrice === undefined || rate === undefined
      ? undefined
      : {
          fromPricePerUnit: fromPrice.pricePerUnit,
          toPricePerUnit: toPrice.pricePerUnit,
          exchangeRate: rate.rate,
        }
  /** Core's figures of a convert of `n` Units, or undefined without prices and a rate (or for an impossible n). */
  const quoteOf = (n: number): ConvertQuote | undefined =>
    pricing === undefined || n === 0
      ? undefined
      : safely(() => convertQuote({ units: n, feeUnits: fee, ...pricing }))

  const form = useSchemaForm(ConvertOrderForm, { numberOfUnits: "" }, (value) => {
    if (limit !== undefined || from === to) return
    // Nothing is created yet: the review shows what the conversion does; "Confirm" places it.
    order.review({
      orderType: "CONVERT",
      currencyUnit: { unitType: from, numberOfUnits: Number(value.numberOfUnits) },
      convert: { unitType: to },
    })
  })
  const units = typedUnits(form.values.numberOfUnits)
  const limit =
    units === 0
      ? undefined
      : checkConvertLimit({ ownedUnits: owned, requestedUnits: units, feeUnits: fee, unitType: from })
  const live = quoteOf(units)
  const noRate =
    rate === undefined
      ? `There is no exchange rate from ${CurrencyOfUnitType[from]} to ${CurrencyOfUnitType[to]} today.`
      : undefined

  const chooseFrom = (t: UnitType) => {
    setFrom(t)
    if (t === to) setTo(t === "LAND_AUD" ? "LAND_USD" : "LAND_AUD")
  }

  if (order.step !== "editing" && order.request !== null) {
    const request = order.request
    const reviewed = request.currencyUnit.numberOfUnits
    const quote = quoteOf(reviewed)
    const money = (cents: number | undefined, currency: CurrencyType) =>
      cents === undefined ? "—" : formatMoney(cents, currency)
    const suggestion =
      pricing === undefined || order.busy
        ? undefined
        : safely(() =>
            smallestRemainderNearby({ units: reviewed, maxUnits: Math.max(0, owned - fee), ...pricing }),
          )
    const takeSuggestion = (n: number) => {
      form.reset({ numberOfUnits: String(n) })
      setSuggestionTaken(n)
      order.review({ ...request, currencyUnit: { ...request.currencyUnit, numberOfUnits: n } })
    }
    const back = () => {
      setSuggestionTaken(null)
      order.back()
    }
    return (
      <OrderReview
        title="Review your conversion"
        rows={[
          [
            "You convert",
            <>
              <Figure>{unitsText(reviewed, from)}</Figure>, worth{" "}
              <Figure>{money(quote?.valueCents, fromCurrency)}</Figure>
            </>,
          ],
          [
            "Convert fee (to the platform)",
            fee === 0 ? (
              "No fee"
            ) : (
              <>
                <Figure>{unitsText(fee, from)}</Figure>, worth{" "}
                <Figure>{money(quote?.feeCents, fromCurrency)}</Figure>
              </>
            ),
          ],
          ["Leaving your owned Units", <Figure key="out">{unitsText(reviewed + fee, from)}</Figure>],
          [
            "Exchange rate",
            rate === undefined ? (
              "—"
            ) : (
              <>
                <Figure>{`1 ${rate.from}`}</Figure> = <Figure>{`${formatRate(rate.rate)} ${rate.to}`}</Figure>
              </>
            ),
          ],
          [
            "Value of the Units you receive",
            <Figure key="in">{money(quote?.receivedValueCents, toCurrency)}</Figure>,
          ],
          [
            "Paid back to you (the remainder)",
            quote === undefined ? (
              "—"
            ) : quote.remainderCents === 0 ? (
              "Nothing is left over"
            ) : (
              <Figure key="back">{money(quote.remainderCents, fromCurrency)}</Figure>
            ),
          ],
          ["You receive, locked", quote === undefined ? "—" : unitsText(quote.units, to), "total"],
          ["Locked until", `about ${formatDateTimeZoned(Date.now() + CONVERT_LOCK_MS)}`],
        ]}
        notes={[
          ...(quote === undefined || quote.remainderCents === 0
            ? []
            : [remainderNote(formatMoney(quote.remainderCents, fromCurrency), from, to)]),
          `The new Units are locked for ${CONVERT_LOCK_DAYS} days from the moment you confirm; then they move to your owned Units. While locked they cannot be sold, transferred or converted.`,
        ]}
        serverError={order.serverError}
        busy={order.busy || order.step === "succeeded"}
        confirmLabel="Confirm conversion"
        busyLabel="Converting…"
        onBack={back}
        onConfirm={order.confirm}
        focusOnShow={focusOnShow}
      >
        {suggestionTaken === reviewed ? (
          <p className="order-suggestion" role="status" tabIndex={-1} ref={focusOnShow}>
            You now convert {unitsText(reviewed, from)}
            {quote === undefined || quote.remainderCents === 0
              ? ": nothing is left over."
              : `: ${formatMoney(quote.remainderCents, fromCurrency)} is paid back to you.`}
          </p>
        ) : null}
        {suggestion === undefined || quote === undefined ? null : (
          <div className="order-suggestion">
            <p>
              Converting {unitsText(suggestion.units, from)} instead leaves{" "}
              {formatMoney(suggestion.remainderCents, fromCurrency)} to pay back, not{" "}
              {formatMoney(quote.remainderCents, fromCurrency)}: the least of the amounts near yours.
            </p>
            <button type="button" className="btn btn--ghost" onClick={() => takeSuggestion(suggestion.units)}>
              Convert {unitsText(suggestion.units, from)} instead
            </button>
          </div>
        )}
      </OrderReview>
    )
  }

  return (
    <div className="order-layout">
      <form className="form order-form" noValidate onSubmit={form.onSubmit} aria-label="Convert Units">
        <KycNote user={bundle.user} action="Converting" />
        <UnitTypeSelect id="convert-from" label="Convert from" value={from} onChange={chooseFrom} />
        <UnitTypeSelect id="convert-to" label="Convert to" value={to} onChange={setTo} exclude={from} />
        <Field
          label="Number of Units"
          required
          idPrefix="convert"
          hint={`You own ${formatNumber0(owned)} ${unitDisplayName(from)}.${fee > 0 ? ` The convert fee is ${formatNumber0(fee)} Units.` : ""}`}
          {...form.field("numberOfUnits")}
        />
        <OrderWarning message={limit ?? noRate} />
        <p className="order-note">{CONVERT_LOCK_TEXT}</p>
        {/* After "Back", focus returns to the button that opened the review. */}
        <button
          type="submit"
          className="btn btn--primary btn--block"
          ref={focusOnShow}
          disabled={limit !== undefined || noRate !== undefined}
        >
          Review conversion
        </button>
      </form>
      <Summary
        title="Your conversion"
        announceTotal
        rows={[
          [
            "From",
            `${unitDisplayName(from)} at ${fromPrice === undefined ? "—" : formatPrice(fromPrice.pricePerUnit, CurrencyOfUnitType[from])}`,
          ],
          [
            "To",
            `${unitDisplayName(to)} at ${toPrice === undefined ? "—" : formatPrice(toPrice.pricePerUnit, CurrencyOfUnitType[to])}`,
          ],
          [
            "Exchange rate",
            rate === undefined ? "—" : `1 ${rate.from} = ${formatRate(rate.rate)} ${rate.to}`,
          ],
          [
            "Convert fee",
            `${formatNumber0(fee)} Units${live === undefined ? "" : ` (${formatMoney(live.feeCents, fromCurrency)})`}`,
          ],
          [
            "Units converted",
            units === 0
              ? "—"
              : `${formatNumber0(units)}${live === undefined ? "" : ` (${formatMoney(live.valueCents, fromCurrency)})`}`,
          ],
          ["Paid back to you", live === undefined ? "—" : formatMoney(live.remainderCents, fromCurrency)],
          [
            "Units you receive (locked 30 days)",
            live === undefined ? "—" : formatNumber0(live.units),
            "total",
          ],
        ]}
      />
    </div>
  )
}
