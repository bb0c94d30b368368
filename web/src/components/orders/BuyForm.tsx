/**
 * The Buy tab (spec §2, §4, §5, §9): unit type (LAND_USD by default), number of Units, payment method (bank for
 * business members, none chosen for individuals), the LU2X offer, a reference code; live subtotal, the buy fee,
 * the method's fee, discount and payment amount with core's formulas; the availability and LU2X messages of spec §5.
 * The fees are named where they are charged: the platform's buy fee and the payment method's fee, each its own
 * line (core's `explainBuyCharges`).
 *
 * "Review your buy" opens the review (issue 46): Units × price, each charge with why, the discount, net, the tax
 * words of the order's currency (core's TaxWords.ts, read with the payment settings), the total; then an optional
 * purchase-order reference and the business-purpose confirmation every buyer ticks (decision 0066). "Buy Units"
 * there creates the order (the buy machine) and goes to the payment page of the method (a new page: the root
 * layout moves focus there); "Back" returns to the form as it was; a refusal stays on the review and takes focus
 * (lib/useFocusOnShow.ts).
 */
import { checkBuyAvailability, checkDoubleLandCap } from "@landunits/core/availability/Availability.ts"
import { type DiscountTerms, priceBuyOrder } from "@landunits/core/fees/Fees.ts"
import { formatMoney, formatNumber0, formatPercent } from "@landunits/core/format/Format.ts"
import { PAYMENT_METHOD_LABELS } from "@landunits/core/format/Labels.ts"
import { defaultUnitType } from "@landunits/core/ledger/DefaultUnitType.ts"
import { BUY_CONFIRMATION_WORDS, BUY_FEE_WHY, explainBuyCharges } from "@landunits/core/orders/BuyReview.ts"
import { cryptoRefusal } from "@landunits/core/orders/CryptoOffers.ts"
import { BuyOrderForm, BuyReviewForm } from "@landunits/core/orders/OrderForms.ts"
import { checkCardMinimum } from "@landunits/core/orders/PaymentRules.ts"
import { DEFAULT_UNIT_TYPE } from "@landunits/core/shared/Constants.ts"
import {
  CurrencyOfUnitType,
  PayingMethods,
  type PaymentMethod,
  type UnitType,
  unitDisplayName,
} from "@landunits/core/shared/EnumValues.ts"
import { useNavigate } from "@tanstack/react-router"
import { useMachine } from "@xstate/react"
import { useEffect, useState } from "react"
import { errorMessage } from "../../api/client.ts"
import { type OrderFormsData, taxWordsOf } from "../../api/orderLoaders.ts"
import { type CreateOrderRequest, ordersApi, utmData } from "../../api/orders.ts"
import { useSchemaForm } from "../../forms/useSchemaForm.ts"
import { formatPrice } from "../../lib/prices.ts"
import { useFocusOnShow } from "../../lib/useFocusOnShow.ts"
import { liveBuyActors } from "../../machines/buyActors.ts"
import { buyMachine, paymentRoute } from "../../machines/buyMachine.ts"
import { LazyPriceHistory } from "../prices/LazyPriceHistory.tsx"
import { CheckboxField, Field, FieldError } from "../shared/Field.tsx"
import { BuyReview } from "./BuyReview.tsx"
import {
  Lu2xChoice,
  OrderWarning,
  priceOf,
  Summary,
  safely,
  typedUnits,
  UnitTypeSelect,
} from "./OrderParts.tsx"

export const CHOOSE_METHOD_MESSAGE = "Choose a payment method"

/** Spec §4: bank for business members, none chosen for individuals. */
export const defaultPaymentMethod = (userType: "USER" | "BUSINESS"): PaymentMethod =>
  userType === "BUSINESS" ? "bank" : "None"

export function BuyForm({ data }: { readonly data: OrderFormsData }) {
  const { bundle, statistics } = data
  const navigate = useNavigate()
  const [unitType, setUnitType] = useState<UnitType>(() =>
    defaultUnitType(bundle.userDashBoardDetails.holdings, DEFAULT_UNIT_TYPE.buy),
  )
  const [method, setMethod] = useState<PaymentMethod>(defaultPaymentMethod(bundle.user.userType))
  const [lu2x, setLu2x] = useState(false)
  const [discount, setDiscount] = useState<{ code: string; terms: DiscountTerms } | null>(null)
  const [discountError, setDiscountError] = useState<{ code: string; message: string } | null>(null)
  const [methodError, setMethodError] = useState(false)
  const [state, send] = useMachine(buyMachine.provide({ actors: liveBuyActors }), { input: {} })
  const focusOnShow = useFocusOnShow()

  const price = priceOf(bundle.prices, unitType)
  const currency = CurrencyOfUnitType[unitType]
  // Crypto is offered only with a coin that has a receiving address and a current price in the currency (the
  // server refuses it otherwise, in the same words: core's CryptoOffers.ts).
  const cryptoUnavailable = data.payments.ok
    ? cryptoRefusal(data.payments.value.crypto, currency)
    : "Payment by crypto cannot be checked right now: please choose another payment method."
  const methods = PayingMethods.filter((m) => m !== "crypto" || cryptoUnavailable === undefined)
  useEffect(() => {
    if (method === "crypto" && cryptoUnavailable !== undefined) setMethod("None")
  }, [method, cryptoUnavailable])

  // The form's figures, as reviewed: nothing is sent until "Buy Units" on the review.
  const [reviewed, setReviewed] = useState<BuyOrderForm | null>(null)
  const form = useSchemaForm(BuyOrderForm, { numberOfUnits: "", referenceCode: "" }, (value) => {
    if (method === "None") {
      setMethodError(true)
      document.getElementById("buy-method-card-stripe")?.focus()
      return
    }
    if (blocking !== undefined) return
    setReviewed(value)
    send({ type: "order.review" })
  })
  const review = useSchemaForm(
    BuyReviewForm,
    { purchaseOrderReference: "", confirmsBusinessPurpose: "" },
    (value) => {
      if (reviewed === null || method === "None") return
      const request: CreateOrderRequest = {
        orderType: "BUY",
        // The box the member ticked under BUY_CONFIRMATION_WORDS: the terms' business-purpose confirmation.
        confirmsBusinessPurpose: value.confirmsBusinessPurpose,
        currencyUnit: { unitType, numberOfUnits: Number(reviewed.numberOfUnits), isDoubleLand: lu2x },
        paymentDetails: { paymentMethod: method },
        ...(reviewed.referenceCode === undefined ? {} : { referenceCode: reviewed.referenceCode }),
        ...(value.purchaseOrderReference === undefined
          ? {}
          : { purchaseOrderReference: value.purchaseOrderReference }),
        ...(lu2x ? { isDoubleLand: true } : {}),
        ...withUtm(),
      }
      send({ type: "order.submit", request })
    },
    (values) => ({ ...values, confirmsBusinessPurpose: values.confirmsBusinessPurpose === "true" }),
  )

  const units = typedUnits(form.values.numberOfUnits)
  const externalFee = method === "None" ? undefined : bundle.externalFees[method]
  const buyInput =
    price === undefined || units === 0
      ? undefined
      : {
          numberOfUnits: units,
          pricePerUnit: price.pricePerUnit,
          isDoubleLand: lu2x,
          buyFeeCents: price.buyOrderTransactionFeeInCents,
          externalFee: externalFee ?? { fixedCentsFees: 0, fixedPercentageFees: 0 },
          discount: discount?.code === form.values.referenceCode.trim() ? discount.terms : undefined,
        }
  const priced = buyInput === undefined ? undefined : safely(() => priceBuyOrder(buyInput))
  // The same order as named lines: the buy fee and the method's fee each with its name (lines of 0 are left out).
  const charges =
    buyInput === undefined
      ? undefined
      : safely(() => explainBuyCharges({ ...buyInput, paymentMethod: method }))
  const chargeOf = (kind: "buyFee" | "methodFee") =>
    charges?.lines.find((line) => line.kind === kind)?.amountCents ?? 0

  const totals = statistics.ok
    ? statistics.value.projectTotals.find((t) => t.unitType === unitType)
    : undefined
  const availability =
    totals === undefined || price === undefined || units === 0
      ? undefined
      : safely(() =>
          checkBuyAvailability({
            projectLandValueCents: totals.totalProjectLandValueInCents,
            pendingSellUnits: totals.totalPendingSell,
            purchasedUnits: totals.totalPurchase,
            pendingPurchaseUnits: totals.totalPendingPurchase,
            pricePerUnit: price.pricePerUnit,
            requestedUnits: units,
            unitType,
          }),
        )
  const lu2xCap =
    !lu2x || totals === undefined || price === undefined || units === 0
      ? undefined
      : safely(() =>
          checkDoubleLandCap({
            maxDoubleLandUnitsBoughtValueInCents: totals.maxDoubleLandUnitsBoughtValueInCents,
            totalDoubleLandUnitsBoughtValueInCents: totals.totalDoubleLandUnitsBoughtValueInCents,
            pricePerUnit: price.pricePerUnit,
            requestedUnits: units,
            unitType,
          }),
        )
  const cardMinimum =
    priced !== undefined && (method === "card-stripe" || method === "card-square")
      ? checkCardMinimum(priced.paymentAmount, currency)
      : undefined
  const blocking = availability ?? lu2xCap ?? cardMinimum

  const orderId = state.context.orderId
  useEffect(() => {
    if (state.matches("created") && orderId !== null && method !== "None") {
      void navigate({ to: paymentRoute(method), search: { orderId } } as never)
    }
  }, [state, orderId, method, navigate])

  const applyCode = async () => {
    const code = form.values.referenceCode.trim()
    setDiscountError(null)
    setDiscount(null)
    if (code === "") return
    try {
      const { discount: terms } = await ordersApi.discount(code)
      setDiscount({ code, terms })
    } catch (error) {
      setDiscountError({ code, message: errorMessage(error) })
    }
  }

  const busy = state.hasTag("busy") || state.matches("created")
  const methodLabel = PAYMENT_METHOD_LABELS[method]
  const buyFeeText =
    price === undefined ? undefined : formatMoney(price.buyOrderTransactionFeeInCents, currency)

  if (!state.matches("editing") && reviewed !== null && method !== "None") {
    return (
      <BuyReview
        charges={charges}
        unitName={`${lu2x ? "LU2X " : ""}${unitDisplayName(unitType)}`}
        priceText={
          price === undefined
            ? "—"
            : `${formatPrice(price.pricePerUnit, currency)}${lu2x ? " (LU2X: half price)" : ""}`
        }
        units={Number(reviewed.numberOfUnits)}
        currency={currency}
        methodLabel={methodLabel}
        taxWords={taxWordsOf(data.payments, currency)}
        serverError={state.context.error}
        busy={busy}
        onBack={() => send({ type: "order.back" })}
        focusOnShow={focusOnShow}
        onSubmit={review.onSubmit}
      >
        <Field
          label="Purchase-order reference"
          idPrefix="buy"
          hint="Optional: your own order number, printed on the invoice."
          {...review.field("purchaseOrderReference")}
        />
        <CheckboxField
          label={BUY_CONFIRMATION_WORDS}
          required
          idPrefix="buy"
          {...review.checkbox("confirmsBusinessPurpose")}
        />
      </BuyReview>
    )
  }

  return (
    <>
      <div className="order-layout">
        <form className="form order-form" noValidate onSubmit={form.onSubmit} aria-label="Buy Units">
          <UnitTypeSelect id="buy-unit-type" label="Unit type" value={unitType} onChange={setUnitType} />
          <Field
            label="Number of Units"
            required
            idPrefix="buy"
            hint={
              price === undefined
                ? undefined
                : `Today's price: ${formatPrice(price.pricePerUnit, currency)} per Unit`
            }
            {...form.field("numberOfUnits")}
          />
          <OrderWarning message={availability ?? lu2xCap} id="buy-availability" />
          <fieldset
            className="field order-methods"
            aria-describedby={
              buyFeeText === undefined
                ? methodError && method === "None"
                  ? "buy-method-error"
                  : undefined
                : `buy-method-hint${methodError && method === "None" ? " buy-method-error" : ""}`
            }
          >
            <legend>Payment method</legend>
            {buyFeeText === undefined ? null : (
              <p className="field__hint" id="buy-method-hint">
                Every buy has the platform's buy fee of {buyFeeText}; the method you choose adds its own fee.
              </p>
            )}
            {methods.map((m) => (
              <label key={m} className="order-radio">
                <input
                  id={`buy-method-${m}`}
                  type="radio"
                  name="paymentMethod"
                  value={m}
                  checked={method === m}
                  onChange={() => {
                    setMethod(m)
                    setMethodError(false)
                  }}
                />
                <span>
                  {PAYMENT_METHOD_LABELS[m]}
                  <small>
                    {" "}
                    method fee {formatMoney(bundle.externalFees[m].fixedCentsFees, currency)} +{" "}
                    {formatPercent(bundle.externalFees[m].fixedPercentageFees)}
                  </small>
                </span>
              </label>
            ))}
            {cryptoUnavailable === undefined ? null : (
              <p className="field__hint" id="buy-crypto-unavailable">
                {cryptoUnavailable}
              </p>
            )}
            <FieldError
              id="buy-method-error"
              message={methodError && method === "None" ? CHOOSE_METHOD_MESSAGE : null}
            />
          </fieldset>
          <OrderWarning message={cardMinimum} />
          <Lu2xChoice
            id="buy-lu2x"
            checked={lu2x}
            onChange={setLu2x}
            label="Buy in the LU2X offer (half price)"
            detail="LU2X Units are bought at half price within a capped offer."
          />
          <div className="order-code">
            <Field
              label="Reference code"
              idPrefix="buy"
              hint="Optional: a discount code you were given."
              {...form.field("referenceCode")}
            />
            <button type="button" className="btn btn--ghost btn--small" onClick={() => void applyCode()}>
              Apply code
            </button>
          </div>
          {discountError !== null && discountError.code === form.values.referenceCode.trim() ? (
            <p className="form-error" role="alert">
              {discountError.message}
            </p>
          ) : null}
          {discount !== null && discount.code === form.values.referenceCode.trim() ? (
            <p className="order-note" role="status">
              Code {discount.code}:{" "}
              {discount.terms.isPercent
                ? `${discount.terms.amount}% off`
                : `${formatMoney(discount.terms.amount, currency)} off`}
              {(discount.terms.minPaymentAmountInCents ?? 0) > 0
                ? ` on payments of ${formatMoney(discount.terms.minPaymentAmountInCents ?? 0, currency)} or more`
                : ""}
              {lu2x && discount.terms.isPercent
                ? " (on an LU2X order a percent code takes half the total)"
                : ""}
              .
            </p>
          ) : null}
          {/* On a phone the summary follows the form: the total is read here, before the action. */}
          <p className="order-form__total">
            <span>Payment amount</span>
            <span className="money">
              {priced === undefined || method === "None" ? "—" : formatMoney(priced.paymentAmount, currency)}
            </span>
          </p>
          {/* After "Back", focus returns to the button that opened the review. */}
          <button
            type="submit"
            className="btn btn--primary btn--block"
            ref={focusOnShow}
            disabled={blocking !== undefined}
          >
            Review your buy
          </button>
        </form>
        <Summary
          title="Your order"
          announceTotal
          rows={[
            ["Unit", unitDisplayName(unitType)],
            [
              "Price per Unit",
              price === undefined
                ? "—"
                : `${formatPrice(price.pricePerUnit, currency)}${lu2x ? " (LU2X: half price)" : ""}`,
            ],
            ["Units", units === 0 ? "—" : formatNumber0(units)],
            ["Subtotal", priced === undefined ? "—" : formatMoney(priced.subTotal, currency)],
            [
              "Buy fee",
              <span key="buyFee" className="money">
                {charges === undefined ? (buyFeeText ?? "—") : formatMoney(chargeOf("buyFee"), currency)}
              </span>,
              undefined,
              BUY_FEE_WHY,
            ],
            method === "None"
              ? ["Payment method fee", "choose a payment method"]
              : [
                  `${methodLabel} fee`,
                  <span key="methodFee" className="money">
                    {priced === undefined ? "—" : formatMoney(chargeOf("methodFee"), currency)}
                  </span>,
                  undefined,
                  `What paying by ${methodLabel} costs`,
                ],
            ...(priced !== undefined && priced.discountValue > 0
              ? ([["Discount", `−${formatMoney(priced.discountValue, currency)}`]] as const)
              : []),
            [
              "Payment amount",
              priced === undefined || method === "None" ? "—" : formatMoney(priced.paymentAmount, currency),
              "total",
            ],
          ]}
        />
      </div>
      <section className="card" aria-labelledby="buy-price-history-title">
        <h2 id="buy-price-history-title">How the price of {unitDisplayName(unitType)} has moved</h2>
        <LazyPriceHistory initialUnit={unitType} unit={unitType} whenNear />
      </section>
    </>
  )
}

const withUtm = (): { utmData?: Record<string, string> } => {
  const utm = utmData()
  return utm === undefined ? {} : { utmData: utm }
}
