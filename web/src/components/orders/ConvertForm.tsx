/**
 * /dashboard/convert (spec §2, §4, §5; decisions.md CONVERT): Units of type A (LAND_USD by default) become Units
 * of type B (LAND_AUD by default) at the day's exchange rate and prices, less the convert fee in Units of A;
 * the new Units are locked for 30 days. Live figures with core's formulas; the convert message of spec §5.
 * The form opens a review (what goes in, the fee, what is locked and until when); only "Confirm" converts.
 */
import { checkConvertLimit } from "@landunits/core/availability/Availability.ts"
import { formatDateTimeZoned, formatNumber0 } from "@landunits/core/format/Format.ts"
import { defaultConvertPair } from "@landunits/core/ledger/DefaultUnitType.ts"
import { convertedUnits } from "@landunits/core/orders/Convert.ts"
import { ConvertOrderForm } from "@landunits/core/orders/OrderForms.ts"
import { CONVERT_LOCK_DAYS, CONVERT_LOCK_MS, DEFAULT_UNIT_TYPE } from "@landunits/core/shared/Constants.ts"
import { CurrencyOfUnitType, type UnitType, unitDisplayName } from "@landunits/core/shared/EnumValues.ts"
import { useState } from "react"
import type { OrderFormsData } from "../../api/orderLoaders.ts"
import { useSchemaForm } from "../../forms/useSchemaForm.ts"
import { formatPrice, formatRate } from "../../lib/prices.ts"
import { useFocusOnShow } from "../../lib/useFocusOnShow.ts"
import { Field } from "../shared/Field.tsx"
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
  const result =
    units === 0 || fromPrice === undefined || toPrice === undefined || rate === undefined
      ? undefined
      : safely(() =>
          convertedUnits({
            units,
            fromPricePerUnit: fromPrice.pricePerUnit,
            toPricePerUnit: toPrice.pricePerUnit,
            exchangeRate: rate.rate,
          }),
        )
  const noRate =
    rate === undefined
      ? `There is no exchange rate from ${CurrencyOfUnitType[from]} to ${CurrencyOfUnitType[to]} today.`
      : undefined

  const chooseFrom = (t: UnitType) => {
    setFrom(t)
    if (t === to) setTo(t === "LAND_AUD" ? "LAND_USD" : "LAND_AUD")
  }

  if (order.step !== "editing" && order.request !== null) {
    const reviewed = order.request.currencyUnit.numberOfUnits
    const received =
      fromPrice === undefined || toPrice === undefined || rate === undefined
        ? undefined
        : safely(() =>
            convertedUnits({
              units: reviewed,
              fromPricePerUnit: fromPrice.pricePerUnit,
              toPricePerUnit: toPrice.pricePerUnit,
              exchangeRate: rate.rate,
            }),
          )
    return (
      <OrderReview
        title="Review your conversion"
        rows={[
          ["You convert", `${formatNumber0(reviewed)} ${unitDisplayName(from)}`],
          [
            "Convert fee (to the platform)",
            fee === 0 ? "No fee" : `${formatNumber0(fee)} ${unitDisplayName(from)}`,
          ],
          ["Leaving your owned Units", `${formatNumber0(reviewed + fee)} ${unitDisplayName(from)}`],
          [
            "Exchange rate",
            rate === undefined ? "—" : `1 ${rate.from} = ${formatRate(rate.rate)} ${rate.to}`,
          ],
          [
            "You receive, locked",
            received === undefined ? "—" : `${formatNumber0(received)} ${unitDisplayName(to)}`,
            "total",
          ],
          ["Locked until", `about ${formatDateTimeZoned(Date.now() + CONVERT_LOCK_MS)}`],
        ]}
        notes={[
          `The new Units are locked for ${CONVERT_LOCK_DAYS} days from the moment you confirm; then they move to your owned Units. While locked they cannot be sold, transferred or converted.`,
        ]}
        serverError={order.serverError}
        busy={order.busy || order.step === "succeeded"}
        confirmLabel="Confirm conversion"
        busyLabel="Converting…"
        onBack={order.back}
        onConfirm={order.confirm}
        focusOnShow={focusOnShow}
      />
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
          ["Convert fee", `${formatNumber0(fee)} Units`],
          ["Units converted", units === 0 ? "—" : formatNumber0(units)],
          ["Units you receive (locked 30 days)", result === undefined ? "—" : formatNumber0(result), "total"],
        ]}
      />
    </div>
  )
}
