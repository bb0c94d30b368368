/**
 * The Sell and Transfer tabs (spec §2, §4, §5; decisions.md SELL and TRANSFER), and the shared ways they send:
 * one request, then the order's success page. A sale (and a conversion, ConvertForm.tsx) is reviewed first: the
 * form opens a review of what it will do, and only "Confirm" creates the order (the order review machine, issue
 * 27); a transfer shows the recipient's name before it sends (the submission machine). Focus follows the step
 * (lib/useFocusOnShow.ts): to the review's heading, back to the review button after "Back", to a refusal. Both
 * move Units out (issue 37): a 403 SecondFactorRequired shows the step-up prompt, and after it the same request
 * is sent again under the same Idempotency-Key.
 *
 * Sell: N Units (N > the sale fee in Units); the fee goes to the platform, N − fee enter the sales queue.
 * Transfer: free, to a registered member's email; the recipient's name is looked up and shown before sending.
 * Both may take LU2X Units (owned_DOUBLE_LAND), which vest from 6 months after purchase, 10% a month.
 */

import { isSellAboveFee, type SellQuote, sellQuote, subtotalCents } from "@landunits/core/fees/Fees.ts"
import { formatMoney, formatNumber0 } from "@landunits/core/format/Format.ts"
import { fillEstimateText } from "@landunits/core/format/QueueWords.ts"
import { defaultUnitType } from "@landunits/core/ledger/DefaultUnitType.ts"
import { SellOrderForm, TransferOrderForm } from "@landunits/core/orders/OrderForms.ts"
import { DEFAULT_UNIT_TYPE } from "@landunits/core/shared/Constants.ts"
import {
  CurrencyOfUnitType,
  type CurrencyType,
  type UnitType,
  unitDisplayName,
} from "@landunits/core/shared/EnumValues.ts"
import { useNavigate } from "@tanstack/react-router"
import { useEffect, useRef, useState } from "react"
import { errorMessage } from "../../api/client.ts"
import type { OrderFormsData } from "../../api/orderLoaders.ts"
import { type CreateOrderRequest, newIdempotencyKey, ordersApi, utmData } from "../../api/orders.ts"
import { useSchemaForm } from "../../forms/useSchemaForm.ts"
import { formatPrice } from "../../lib/prices.ts"
import { useFocusOnShow } from "../../lib/useFocusOnShow.ts"
import { useOrderReview } from "../../machines/orderReviewMachine.ts"
import { useSubmission } from "../../machines/submissionMachine.ts"
import { isStepUpRequired, StepUpPrompt } from "../settings/StepUpPrompt.tsx"
import { Field, FormError } from "../shared/Field.tsx"
import {
  holdingOf,
  KycNote,
  keyIn,
  Lu2xChoice,
  OrderWarning,
  priceOf,
  Summary,
  safely,
  typedUnits,
  UnitTypeSelect,
} from "./OrderParts.tsx"
import { OrderReview } from "./OrderReview.tsx"
import { type SaleEstimate, useSaleEstimate } from "./useSaleEstimate.ts"

/** "You own 12 LU2X Unit ($)": what the member can sell or transfer, in the forms' hints and warnings. */
const youOwn = (available: number, lu2x: boolean, unitType: UnitType) =>
  `You own ${formatNumber0(available)} ${lu2x ? "LU2X " : ""}${unitDisplayName(unitType)}`

/** Creates a sell, transfer or convert order under its idempotency key. */
export const createOrder = async ({ request, key }: { request: CreateOrderRequest; key: string }) => {
  const utm = utmData()
  const body = utm === undefined ? request : { ...request, utmData: utm }
  return (await ordersApi.createOrder(body, key)).orderCreatedData
}

/** The submission machine sending one order, with one key per distinct request for the form's life. */
export const useOrderSubmission = () => {
  const keys = useRef(new Map<string, string>())
  const submission = useSubmission(createOrder)
  return {
    ...submission,
    submit: (request: CreateOrderRequest) =>
      submission.submit({ request, key: keyIn(keys.current, request, newIdempotencyKey) }),
  }
}

/**
 * The review machine creating one order on "Confirm" (Sell, Convert), with one key per distinct request for the
 * form's life: confirming again after a refusal sends the same request under the same key.
 */
export const useReviewedOrder = () => {
  const keys = useRef(new Map<string, string>())
  return useOrderReview((request: CreateOrderRequest) =>
    createOrder({ request, key: keyIn(keys.current, request, newIdempotencyKey) }),
  )
}

/** Goes to `to` with the created order's id once the submission succeeded. */
export const useGoOnSuccess = (orderId: string | undefined, to: string) => {
  const navigate = useNavigate()
  useEffect(() => {
    if (orderId !== undefined) void navigate({ to, search: { orderId } } as never)
  }, [orderId, to, navigate])
}

/**
 * The sale fee in Units and in money: "10 Units (£89.67 today, 67% of the sale's value)". Issue 38: a fee of 10
 * Units can be most of a small sale, so its share is said before the member confirms.
 */
export const feeWords = (feeUnits: number, quote: SellQuote | undefined, currency: CurrencyType): string => {
  const units = `${formatNumber0(feeUnits)} Units`
  if (quote === undefined) return units
  const share =
    quote.saleValueCents === 0
      ? ""
      : `, ${Math.round((quote.feeCents * 100) / quote.saleValueCents)}% of the sale's value`
  return `${units} (${formatMoney(quote.feeCents, currency)} today${share})`
}

/** The Units ahead of the sale in its unit type's queue, as the estimate found them. */
function QueueAhead({
  estimate,
  unitType,
}: {
  readonly estimate: SaleEstimate
  readonly unitType: UnitType
}) {
  if (estimate.state !== "found") return <>{estimate.state === "failed" ? "—" : "Looking…"}</>
  const { unitsAhead, ordersAhead } = estimate.standing
  if (unitsAhead === 0) return <>None: yours are sold first</>
  const sales = ordersAhead === 1 ? "1 older sale" : `${formatNumber0(ordersAhead)} older sales`
  return (
    <>
      {formatNumber0(unitsAhead)} {unitDisplayName(unitType)} ({sales})
    </>
  )
}

/** When the payouts may arrive: the sales queue's estimate in core's words, or why there is none. */
function PaidWhen({ estimate }: { readonly estimate: SaleEstimate }) {
  switch (estimate.state) {
    case "looking":
      return <>Estimating…</>
    case "failed":
      return <>No estimate now ({estimate.message}). You are paid as buyers take your Units.</>
    case "found":
      return <>{fillEstimateText(estimate.standing.estimate)} Each payout is owed as a buyer takes a slice.</>
  }
}

/** "A sell must be more than its fee of 10 Units" (decisions.md: N > fee). */
export const sellFeeMessage = (feeUnits: number): string =>
  `A sale must be more than its fee of ${formatNumber0(feeUnits)} Units`

export function SellForm({ data }: { readonly data: OrderFormsData }) {
  const { bundle } = data
  const [unitType, setUnitType] = useState<UnitType>(() =>
    defaultUnitType(bundle.userDashBoardDetails.holdings, DEFAULT_UNIT_TYPE.sell, "owned"),
  )
  const [lu2x, setLu2x] = useState(false)
  const order = useReviewedOrder()
  useGoOnSuccess(order.result?.orderId, "/dashboard/sell-units/success")
  const focusOnShow = useFocusOnShow()
  const price = priceOf(bundle.prices, unitType)
  const holding = holdingOf(bundle.userDashBoardDetails.holdings, unitType)
  const available = (lu2x ? holding?.owned_DOUBLE_LAND : holding?.owned) ?? 0
  const fee = price?.sellOrderTransactionFeeInUnits ?? 0
  const currency = CurrencyOfUnitType[unitType]

  const form = useSchemaForm(SellOrderForm, { numberOfUnits: "" }, (value) => {
    if (problem !== undefined) return
    // Nothing is created yet: the review shows what the sale does; "Confirm" places it.
    order.review({
      orderType: "SELL",
      currencyUnit: { unitType, numberOfUnits: Number(value.numberOfUnits), isDoubleLand: lu2x },
      ...(lu2x ? { isDoubleLand: true } : {}),
    })
  })
  const units = typedUnits(form.values.numberOfUnits)
  const problem =
    units === 0
      ? undefined
      : !isSellAboveFee(units, fee)
        ? sellFeeMessage(fee)
        : units > available
          ? `${youOwn(available, lu2x, unitType)} to sell`
          : undefined
  // The fee and the proceeds in money at today's price: core's sellQuote, the formulas createSell and a filled
  // slice's payout use.
  const quote =
    price === undefined || units === 0 || units <= fee
      ? undefined
      : safely(() => sellQuote(units, fee, price.pricePerUnit))
  const reviewed = order.request?.currencyUnit.numberOfUnits
  const reviewing = order.step !== "editing" && reviewed !== undefined
  const estimate = useSaleEstimate(unitType, reviewing ? reviewed : undefined)

  if (reviewing) {
    const reviewedQuote =
      price === undefined ? undefined : safely(() => sellQuote(reviewed, fee, price.pricePerUnit))
    // An amount never breaks inside itself, however narrow the review's value column gets.
    const money = (cents: number | undefined) => (
      <span className="money">{cents === undefined ? "—" : formatMoney(cents, currency)}</span>
    )
    return (
      <OrderReview
        title="Review your sale"
        rows={[
          ["You sell", `${formatNumber0(reviewed)} ${lu2x ? "LU2X " : ""}${unitDisplayName(unitType)}`],
          ["Price today", price === undefined ? "—" : formatPrice(price.pricePerUnit, currency)],
          ["Value of the Units you sell today", money(reviewedQuote?.saleValueCents)],
          ["Sale fee (to the platform)", feeWords(fee, reviewedQuote, currency)],
          ["Into the sales queue", `${formatNumber0(reviewed - fee)} Units`],
          ["You are paid, at today's price", money(reviewedQuote?.proceedsCents), "total"],
          ["Ahead of yours in the queue", <QueueAhead key="ahead" estimate={estimate} unitType={unitType} />],
          ["When you are paid", <PaidWhen key="when" estimate={estimate} />],
        ]}
        notes={[
          "The queued Units wait in Units Sold - Pending and are sold first in, first out. Each slice a buyer takes is owed to you at that buyer's price, rounded to the cent, and paid to your bank account: the amount changes with the price on the day your Units are bought. You can cancel the unsold rest.",
        ]}
        serverError={order.serverError}
        busy={order.busy || order.step === "succeeded"}
        confirmLabel="Confirm sale"
        busyLabel="Placing your sale…"
        onBack={order.back}
        onConfirm={order.confirm}
        focusOnShow={focusOnShow}
      />
    )
  }

  return (
    <div className="order-layout">
      <form className="form order-form" noValidate onSubmit={form.onSubmit} aria-label="Sell Units">
        <KycNote user={bundle.user} action="Selling" />
        <UnitTypeSelect id="sell-unit-type" label="Unit type" value={unitType} onChange={setUnitType} />
        <Field
          label="Number of Units"
          required
          idPrefix="sell"
          hint={`${youOwn(available, lu2x, unitType)}. The sale fee is ${formatNumber0(fee)} Units.`}
          {...form.field("numberOfUnits")}
        />
        <OrderWarning message={problem} />
        <Lu2xChoice
          id="sell-lu2x"
          checked={lu2x}
          onChange={setLu2x}
          label="Sell LU2X Units"
          detail={`You hold ${formatNumber0(holding?.owned_DOUBLE_LAND ?? 0)} LU2X ${unitDisplayName(unitType)}.`}
        />
        <p className="order-note">
          Sales are first in, first out: your Units wait in the sales queue (Units Sold - Pending) and the
          money is paid to your bank account as buyers buy them.
        </p>
        {/* After "Back", focus returns to the button that opened the review. */}
        <button
          type="submit"
          className="btn btn--primary btn--block"
          ref={focusOnShow}
          disabled={problem !== undefined}
        >
          Review sale
        </button>
      </form>
      <Summary
        title="Your sale"
        announceTotal
        rows={[
          ["Unit", unitDisplayName(unitType)],
          ["Price today", price === undefined ? "—" : formatPrice(price.pricePerUnit, currency)],
          ["Units to sell", units === 0 ? "—" : formatNumber0(units)],
          ["Sale fee", feeWords(fee, quote, currency)],
          ["Units entering the sales queue", units > fee ? formatNumber0(units - fee) : "—"],
          [
            "You are paid, at today's price",
            quote === undefined ? "—" : formatMoney(quote.proceedsCents, currency),
            "total",
          ],
        ]}
      />
    </div>
  )
}

type Lookup =
  | { readonly state: "none" }
  | { readonly state: "looking"; readonly email: string }
  | { readonly state: "found"; readonly email: string; readonly name: string }
  | { readonly state: "missing"; readonly email: string; readonly message: string }

export function TransferForm({ data }: { readonly data: OrderFormsData }) {
  const { bundle } = data
  const [unitType, setUnitType] = useState<UnitType>(() =>
    defaultUnitType(bundle.userDashBoardDetails.holdings, DEFAULT_UNIT_TYPE.transfer, "owned"),
  )
  const [lu2x, setLu2x] = useState(false)
  const [lookup, setLookup] = useState<Lookup>({ state: "none" })
  const submission = useOrderSubmission()
  // Kept for the step-up: the same transfer is sent again (the same key) once the second factor is given.
  const lastRequest = useRef<CreateOrderRequest | null>(null)
  useGoOnSuccess(submission.result?.orderId, "/dashboard/transfer/success")
  const focusOnShow = useFocusOnShow()
  const holding = holdingOf(bundle.userDashBoardDetails.holdings, unitType)
  const available = (lu2x ? holding?.owned_DOUBLE_LAND : holding?.owned) ?? 0

  const findRecipient = async (email: string) => {
    setLookup({ state: "looking", email })
    try {
      const { name } = await ordersApi.recipientName(email)
      setLookup({ state: "found", email, name })
    } catch (error) {
      setLookup({ state: "missing", email, message: errorMessage(error) })
    }
  }

  const form = useSchemaForm(TransferOrderForm, { numberOfUnits: "", recipientEmail: "" }, (value) => {
    if (problem !== undefined) return
    // The sender sees the recipient's name first (decisions.md): the first send looks it up, the second sends.
    if (lookup.state !== "found" || lookup.email !== value.recipientEmail) {
      void findRecipient(value.recipientEmail)
      return
    }
    const request: CreateOrderRequest = {
      orderType: "TRANSFER",
      currencyUnit: { unitType, numberOfUnits: Number(value.numberOfUnits), isDoubleLand: lu2x },
      recipientEmail: value.recipientEmail,
      ...(lu2x ? { isDoubleLand: true } : {}),
    }
    lastRequest.current = request
    submission.submit(request)
  })
  const units = typedUnits(form.values.numberOfUnits)
  const email = form.values.recipientEmail.trim()
  const confirmed = lookup.state === "found" && lookup.email === email
  const problem = units > available ? `${youOwn(available, lu2x, unitType)} to transfer` : undefined
  const price = priceOf(bundle.prices, unitType)
  const currency = CurrencyOfUnitType[unitType]
  const transferValue =
    price === undefined || units === 0
      ? undefined
      : safely(() => subtotalCents(units, price.pricePerUnit, false))
  const free = formatMoney(0, currency)
  const transferWords =
    units === 0
      ? `Transfers are free: the fee is ${free}.`
      : `You send ${formatNumber0(units)} ${unitDisplayName(unitType)}${transferValue === undefined ? "" : `, worth ${formatMoney(transferValue, currency)} at today's price,`} for a fee of ${free}: transfers are free.`

  const stepUp = isStepUpRequired(submission.serverError) && lastRequest.current !== null

  return (
    <div className="order-layout">
      {stepUp ? (
        <StepUpPrompt
          focusOnShow={focusOnShow}
          onConfirmed={() => {
            if (lastRequest.current !== null) submission.submit(lastRequest.current)
          }}
        />
      ) : (
        <form className="form order-form" noValidate onSubmit={form.onSubmit} aria-label="Transfer Units">
          <KycNote user={bundle.user} action="Transferring" />
          <UnitTypeSelect id="transfer-unit-type" label="Unit type" value={unitType} onChange={setUnitType} />
          <Field
            label="Number of Units"
            required
            idPrefix="transfer"
            hint={`${youOwn(available, lu2x, unitType)}. Transfers are free.`}
            {...form.field("numberOfUnits")}
          />
          <OrderWarning message={problem} />
          <Field
            label="Recipient's email"
            type="email"
            required
            idPrefix="transfer"
            hint="The recipient must be a registered member."
            {...form.field("recipientEmail")}
          />
          <div aria-live="polite" className="order-recipient">
            {lookup.state === "looking" && lookup.email === email ? <p>Looking up the recipient…</p> : null}
            {confirmed ? (
              <>
                <p className="order-recipient__found" data-private>
                  Recipient: <strong>{lookup.name}</strong> ({lookup.email})
                </p>
                <p className="order-note">{transferWords}</p>
              </>
            ) : null}
            {lookup.state === "missing" && lookup.email === email ? (
              <p className="form-error" role="alert">
                {lookup.message}
              </p>
            ) : null}
          </div>
          <Lu2xChoice
            id="transfer-lu2x"
            checked={lu2x}
            onChange={setLu2x}
            label="Transfer LU2X Units"
            detail={`You hold ${formatNumber0(holding?.owned_DOUBLE_LAND ?? 0)} LU2X ${unitDisplayName(unitType)}; the recipient receives them as owned Units.`}
          />
          <FormError message={submission.serverError} focusOnShow={focusOnShow} />
          <button
            type="submit"
            className="btn btn--primary btn--block"
            disabled={
              submission.busy || submission.succeeded || problem !== undefined || lookup.state === "looking"
            }
          >
            {submission.busy
              ? "Transferring…"
              : confirmed
                ? `Transfer ${units === 0 ? "" : `${formatNumber0(units)} `}Units to ${lookup.name}`
                : "Find recipient"}
          </button>
        </form>
      )}
      <Summary
        title="Your transfer"
        rows={[
          ["Unit", unitDisplayName(unitType)],
          ["Units", units === 0 ? "—" : formatNumber0(units)],
          ["Price today", price === undefined ? "—" : formatPrice(price.pricePerUnit, currency)],
          [
            "Value at today's price",
            transferValue === undefined ? "—" : formatMoney(transferValue, currency),
          ],
          // Transfers are free (decisions.md): the fee in money is nothing, said in the currency as the others.
          ["Fee", `Free (${formatMoney(0, currency)})`],
          ["Recipient", confirmed ? lookup.name : "—", "total"],
        ]}
      />
    </div>
  )
}
