/**
 * One order's page, /dashboard/transaction/{orderId} (spec §2's route constant; issue 27): what it is, its
 * status in words and in its spec colour, its figures and dates, its timeline (issue 21: every status change,
 * when, who and why); a convert's remainder paid back (ConvertRemainderPanel.tsx); while it is an unpaid buy, how to pay it again (the bank details and reference with copy
 * buttons, or the way back to the card or crypto page); cancel where core's rules allow it; and a "Verify" panel
 * that checks the order's transfers against the ledger's latest signed checkpoint, in the browser
 * (VerifyPanel.tsx); a sale's payouts (issue 38: PayoutsPanel.tsx), owed, ready and paid, also in the timeline;
 * a paid buy's invoice and any credit note to download (issue 46: OrderDocuments.tsx), and its purchase-order
 * reference among its details.
 * Another member's order, or an unknown id, is a plain not-found.
 */
import { formatDateTimeZoned, formatMoney, formatNumber0 } from "@landunits/core/format/Format.ts"
import { orderTypeLabel, paymentMethodLabel } from "@landunits/core/format/Labels.ts"
import { PRICES_EXCLUDE_TAX } from "@landunits/core/invoices/TaxWords.ts"
import { placedBuyCharges } from "@landunits/core/orders/BuyReview.ts"
import { isUnpaidBuy, memberCancel } from "@landunits/core/orders/OrderActions.ts"
import type { Order } from "@landunits/core/orders/OrderModel.ts"
import type { AdminBankDetails } from "@landunits/core/pricing/PricingModel.ts"
import { CONVERT_LOCK_MS, DELIVERY_WINDOW_HOURS } from "@landunits/core/shared/Constants.ts"
import { CurrencyOfUnitType, type OrderType, unitDisplayName } from "@landunits/core/shared/EnumValues.ts"
import { Link, useRouter } from "@tanstack/react-router"
import { useState } from "react"
import { errorMessage } from "../../api/client.ts"
import type { Settled } from "../../api/endpoints.ts"
import type { OrderPageData } from "../../api/orderLoaders.ts"
import { ordersApi, type PaymentIntent } from "../../api/orders.ts"
import { formatPrice } from "../../lib/prices.ts"
import { useFocusOnShow } from "../../lib/useFocusOnShow.ts"
import { paymentRoute } from "../../machines/buyMachine.ts"
import { PageHead } from "../layout/Page.tsx"
import { FormError } from "../shared/Field.tsx"
import { OrderStatusBadge } from "../shared/StatusBadge.tsx"
import { buyReviewRows } from "./BuyReview.tsx"
import { ConvertRemainderPanel } from "./ConvertRemainderPanel.tsx"
import { CopyButton } from "./CopyButton.tsx"
import { OrderDocuments } from "./OrderDocuments.tsx"
import { Summary, type SummaryRow } from "./OrderParts.tsx"
import { OrderTimeline } from "./OrderTimeline.tsx"
import { PayoutsPanel } from "./PayoutsPanel.tsx"
import { SalesQueuePanel } from "./SalesQueuePanel.tsx"
import { VerifyPanel } from "./VerifyPanel.tsx"

/** Every date and time on the page in the app's one form, with its time zone. */
const when = (at: string | number) => formatDateTimeZoned(at)

/** What the page's title calls each order type ("Sale of 30 Unit ($)"). */
const TITLE_WORDS: Readonly<Record<OrderType, string>> = {
  BUY: "Buy",
  SELL: "Sale",
  TRANSFER: "Transfer",
  CONVERT: "Conversion",
}

function StatusBadge({ order }: { readonly order: Order }) {
  return <OrderStatusBadge status={order.orderStatus} orderType={order.orderType} />
}

const unitsOf = (units: number, order: Order) =>
  `${formatNumber0(units)} ${unitDisplayName(order.currencyUnit.unitType)}`

/** The figures of the order by its type. */
const rowsOf = (order: Order, taxWords: string | undefined): Array<SummaryRow> => {
  const cu = order.currencyUnit
  const pay = order.paymentDetails
  const rows: Array<SummaryRow> = [
    ["Order", <code key="id">{order.orderId}</code>],
    ["Status", <StatusBadge key="status" order={order} />],
    ["Type", orderTypeLabel(order.orderType)],
    ["Units", unitsOf(cu.numberOfUnits, order)],
    ...(cu.isDoubleLand ? [["Offer", "LU2X (double land)"] as const] : []),
    ["Price per Unit", formatPrice(cu.pricePerUnit, pay?.currency ?? CurrencyOfUnitType[cu.unitType])],
  ]
  if (order.orderType === "BUY" && pay !== undefined) {
    rows.push(["Payment method", paymentMethodLabel(pay.paymentMethod)])
    // The buyer's own reference, printed on the invoice (issue 46).
    const poReference = order.buy?.purchaseOrderReference
    if (poReference !== undefined) rows.push(["Purchase order reference", poReference])
    // Each charge named with why, the tax words and the amount, as the review showed them (issue 46).
    rows.push(
      ...buyReviewRows({
        charges: placedBuyCharges(order),
        unitName: unitDisplayName(cu.unitType),
        priceText: formatPrice(cu.pricePerUnit, pay.currency),
        units: cu.numberOfUnits,
        currency: pay.currency,
        taxWords: taxWords ?? PRICES_EXCLUDE_TAX,
        totalLabel: "Amount",
      }),
    )
  }
  if (order.orderType === "SELL") {
    const fee = cu.sellOrderTransactionFeeInUnits ?? 0
    rows.push(
      ["Sale fee", unitsOf(fee, order)],
      ["Put in the sales queue", unitsOf(Math.max(0, cu.numberOfUnits - fee), order)],
    )
  }
  if (order.transfer !== undefined) rows.push(["Recipient", order.transfer.recipientEmail])
  if (order.convert !== undefined) {
    rows.push(
      [
        "Converted into",
        `${formatNumber0(order.convert.numberOfUnits)} ${unitDisplayName(order.convert.unitType)}`,
      ],
      ["Locked until", when(Date.parse(order.createdAt) + CONVERT_LOCK_MS)],
    )
  }
  rows.push(["Placed", when(order.createdAt)], ["Last update", when(order.updatedAt)])
  return rows
}

function Detail({
  term,
  value,
  copy,
  strong = false,
}: {
  readonly term: string
  readonly value: string
  readonly copy?: boolean
  readonly strong?: boolean
}) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className="copyable">
        {strong ? <strong className="payment-reference">{value}</strong> : <span>{value}</span>}
        {copy ? <CopyButton value={value} label={term} /> : null}
      </dd>
    </div>
  )
}

/** How to pay an unpaid buy again: the bank details, or the way back to its payment page. */
function PayAgain({
  order,
  intent,
  bank,
}: {
  readonly order: Order
  readonly intent: Settled<{ paymentIntent: PaymentIntent }> | undefined
  readonly bank: AdminBankDetails | undefined
}) {
  const pay = order.paymentDetails
  if (pay === undefined) return null
  const method = pay.paymentMethod
  const paymentIntent = intent?.ok === true ? intent.value.paymentIntent : undefined
  const payBefore = paymentIntent?.expiresAt
  const continueLink =
    method === "None" ? null : (
      <Link
        className={`btn ${method === "bank" ? "btn--ghost" : "btn--primary"}`}
        to={paymentRoute(method) as "/dashboard/buy-units/payment-bank"}
        search={{ orderId: order.orderId }}
      >
        {method === "bank"
          ? "I have made the transfer"
          : method === "crypto"
            ? "Continue to crypto payment"
            : "Continue to card payment"}
      </Link>
    )
  return (
    <section className="payment-box" aria-labelledby="pay-title">
      <h2 id="pay-title">{method === "bank" ? "Pay by bank transfer" : "Finish paying"}</h2>
      {intent?.ok === false ? (
        <p className="form-error" role="alert">
          The payment details could not be loaded: {intent.message}
        </p>
      ) : null}
      {method === "bank" ? (
        bank === undefined ? (
          <p className="form-error" role="alert">
            Our bank details could not be loaded. Please try again in a moment.
          </p>
        ) : (
          <dl className="payment-details">
            <Detail term="Amount" value={formatMoney(pay.paymentAmount, pay.currency)} />
            {payBefore === undefined ? null : <Detail term="Pay before" value={when(payBefore)} />}
            <Detail
              term="Payment reference"
              value={paymentIntent?.bankReference ?? order.orderId.slice(-5)}
              copy
              strong
            />
            <Detail term="IBAN" value={bank.iban} copy />
            <Detail term="Account name" value={bank.bankAccountName} />
            <Detail term="Account number" value={bank.bankAccountNumber} copy />
            <Detail term="SWIFT/BIC" value={bank.swiftBic} copy />
            <Detail term="Bank" value={bank.bankName} />
            <Detail term="Bank address" value={bank.bankAddress} />
            <Detail term="Bank country" value={bank.bankCountry} />
          </dl>
        )
      ) : (
        <dl className="payment-details">
          <Detail term="Amount" value={formatMoney(pay.paymentAmount, pay.currency)} />
          <Detail term="Payment method" value={paymentMethodLabel(method)} />
          {payBefore === undefined ? null : <Detail term="Pay before" value={when(payBefore)} />}
        </dl>
      )}
      {method === "bank" ? (
        <p>
          Put the payment reference on your transfer so that we can match it to this order. Your Units move
          from Pending to Owned once the funds register, within {DELIVERY_WINDOW_HOURS} hours on a weekday. We
          have also emailed you these details.
        </p>
      ) : method === "None" ? (
        <p>This order has no payment method. Cancel it and place a new one to choose how to pay.</p>
      ) : null}
      {continueLink === null ? null : <p className="payment-actions">{continueLink}</p>}
    </section>
  )
}

/**
 * Cancel, asked first. Each answer replaces the button pressed, so focus follows (lib/useFocusOnShow.ts): to the
 * question, back to the cancel button after "No, keep it", to a refusal; once cancelled, the page's status.
 */
function CancelOrder({ order }: { readonly order: Order }) {
  const router = useRouter()
  const [step, setStep] = useState<"idle" | "asking" | "sending">("idle")
  const [error, setError] = useState<string | null>(null)
  const focusOnShow = useFocusOnShow()
  const what = memberCancel(order)
  if (what === undefined) return null
  const label = what === "order" ? "Cancel this order" : "Take back the unsold Units"
  const consequence =
    what === "order"
      ? "Nothing has been paid; the Units reserved for this order are released."
      : "The Units of this sale still in the sales queue come back to your owned Units."
  const cancel = async () => {
    setStep("sending")
    setError(null)
    try {
      await ordersApi.cancelOrder(order.orderId)
      await router.invalidate()
      setStep("idle")
    } catch (e) {
      setError(errorMessage(e))
      setStep("asking")
    }
  }
  return (
    <section className="order-cancel stack" aria-label="Cancel">
      {step === "idle" ? (
        <p className="payment-cancel">
          <button
            type="button"
            className="btn btn--ghost btn--small"
            ref={focusOnShow}
            onClick={() => setStep("asking")}
          >
            {label}
          </button>
        </p>
      ) : (
        <div className="order-note stack">
          <p ref={focusOnShow} tabIndex={-1}>
            {consequence} Do you want to go on?
          </p>
          <FormError message={error} focusOnShow={focusOnShow} />
          <p className="payment-actions">
            <button
              type="button"
              className="btn btn--primary btn--small"
              disabled={step === "sending"}
              onClick={() => void cancel()}
            >
              {step === "sending" ? "Cancelling…" : `Yes, ${label.toLowerCase()}`}
            </button>
            <button type="button" className="btn btn--ghost btn--small" onClick={() => setStep("idle")}>
              No, keep it
            </button>
          </p>
        </div>
      )}
    </section>
  )
}

const leadOf = (order: Order): string => {
  if (isUnpaidBuy(order)) return "This order waits for your payment. Everything you need to pay it is below."
  switch (order.orderType) {
    case "BUY":
      switch (order.orderStatus) {
        case "Approved":
        case "Completed":
          return "Paid: the Units are in your owned Units."
        case "Cancelled":
          return "Cancelled before it was paid: its Units were released."
        case "Expired":
          return "It expired before it was paid: its Units were released."
        case "Failed":
          return "The payment failed: its Units were released."
        default:
          return `Your payment is being checked. The Units move from Pending to Owned once it is confirmed, within ${DELIVERY_WINDOW_HOURS} hours on a weekday after the funds register.`
      }
    case "SELL":
      return "Sales are first in, first out: you are paid to your bank account as buyers take your Units."
    case "TRANSFER":
      return "Transfers are free and complete at once."
    case "CONVERT":
      return "Converted Units are locked for 30 days, then move to your owned Units."
  }
}

export function OrderPage({ data }: { readonly data: OrderPageData }) {
  if (!data.found) {
    return (
      <>
        <PageHead eyebrow="Your order" title="Order not found" />
        <div className="container section stack">
          <p role="alert">
            We could not find an order <code>{data.orderId}</code> in your account. Check the link, or find
            the order in your transaction history.
          </p>
          <p className="payment-actions">
            <Link className="btn btn--primary" to="/dashboard/my-transactions">
              Transaction History
            </Link>
          </p>
        </div>
      </>
    )
  }
  // Another order is another page: its status is the page's, not a change made here.
  return <OrderShown key={data.order.orderId} data={data} />
}

function OrderShown({ data }: { readonly data: Extract<OrderPageData, { found: true }> }) {
  const { order } = data
  const unpaid = isUnpaidBuy(order)
  // A status that changes on this page (the order cancelled here) is a new element and takes focus.
  const focusOnShow = useFocusOnShow()
  return (
    <>
      <PageHead
        eyebrow="Your order"
        title={`${TITLE_WORDS[order.orderType]} of ${unitsOf(order.currencyUnit.numberOfUnits, order)}`}
        lead={leadOf(order)}
      />
      <div className="container section stack order-page">
        <p className="order-page__status" key={order.orderStatus} ref={focusOnShow} tabIndex={-1}>
          <StatusBadge order={order} /> <span className="muted">since {when(order.updatedAt)}</span>
        </p>
        {unpaid ? <PayAgain order={order} intent={data.intent} bank={data.bank} /> : null}
        <SalesQueuePanel order={order} />
        <ConvertRemainderPanel order={order} />
        <PayoutsPanel order={order} />
        <OrderDocuments documents={data.documents} sale={order.orderType === "SELL"} />
        <Summary title="Order details" rows={rowsOf(order, data.taxWords)} />
        <OrderTimeline timeline={order.timeline} payouts={order.payouts} orderType={order.orderType} />
        <CancelOrder order={order} />
        <VerifyPanel orderId={order.orderId} />
        <p className="payment-actions">
          <Link className="btn btn--ghost" to="/dashboard/my-transactions">
            All your orders
          </Link>
          <Link className="btn btn--ghost" to="/dashboard">
            Back to the dashboard
          </Link>
        </p>
      </div>
    </>
  )
}
