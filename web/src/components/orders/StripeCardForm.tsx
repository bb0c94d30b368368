/**
 * Stripe's card element, used when a Stripe publishable key is configured (GET /api/payments/settings).
 * Loaded lazily, only on the Stripe payment page: @stripe/stripe-js fetches js.stripe.com, which the
 * Content-Security-Policy allows only while Stripe is live (adapters/src/http/middleware/SecurityHeaders.ts).
 * The page's return moves nothing: Stripe's signed webhook confirms the payment (docs/operations.md).
 */

import type { PaymentInstructions } from "@landunits/core/orders/PaymentInstructions.ts"
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js"
import { loadStripe, type Stripe } from "@stripe/stripe-js"
import { type FormEvent, type RefCallback, useEffect, useMemo } from "react"
import type { PaymentSettings } from "../../api/orders.ts"
import { DECLINED_REASON } from "../../machines/buyMachine.ts"
import { FormError } from "../shared/Field.tsx"
import type { PayWithCard } from "./PayWithCard.ts"

interface Props {
  readonly settings: PaymentSettings
  readonly instructions: PaymentInstructions
  readonly busy: boolean
  readonly error: string | null
  readonly register: (pay: PayWithCard) => void
  readonly onPay: () => void
  /** Focuses the payment's refusal as it appears (lib/useFocusOnShow.ts). */
  readonly focusOnShow?: RefCallback<HTMLElement>
}

let stripePromise: Promise<Stripe | null> | undefined

export default function StripeCardForm(props: Props) {
  const key = props.settings.stripe.publishableKey
  const stripe = useMemo(() => {
    if (key === undefined) return null
    stripePromise ??= loadStripe(key)
    return stripePromise
  }, [key])
  if (stripe === null) {
    return (
      <p className="form-error" role="alert">
        Card payments by Stripe are not available: no publishable key is configured.
      </p>
    )
  }
  return (
    <Elements stripe={stripe}>
      <CardForm {...props} />
    </Elements>
  )
}

function CardForm({ instructions, busy, error, register, onPay, focusOnShow }: Props) {
  const stripe = useStripe()
  const elements = useElements()
  useEffect(() => {
    register(async () => {
      const card = elements?.getElement(CardElement)
      if (stripe === null || card === null || card === undefined || instructions._tag !== "CardPayment") {
        throw new Error("The card form is not ready yet: please try again.")
      }
      const result = await stripe.confirmCardPayment(instructions.clientSecret, { payment_method: { card } })
      if (result.error !== undefined) {
        if (result.error.type === "card_error" || result.error.type === "validation_error") {
          // Stripe's words, and what the member can do: this order stays open for another card.
          return {
            outcome: "declined",
            reason:
              result.error.message === undefined
                ? DECLINED_REASON
                : `${result.error.message} No money was taken and your order is still open: try another card.`,
          }
        }
        throw new Error(result.error.message ?? "Stripe could not take the payment. Please try again.")
      }
      return result.paymentIntent.status === "succeeded" ? { outcome: "succeeded" } : { outcome: "pending" }
    })
  }, [stripe, elements, instructions, register])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onPay()
  }
  return (
    <section className="payment-box" aria-labelledby="stripe-title">
      <h2 id="stripe-title">Card details</h2>
      <form className="form" noValidate onSubmit={submit} aria-label="Card">
        <div className="field">
          <span className="field__label">Card</span>
          <div className="stripe-card">
            <CardElement options={{ hidePostalCode: false }} />
          </div>
        </div>
        <FormError message={error} focusOnShow={focusOnShow} />
        <button type="submit" className="btn btn--primary" disabled={busy || stripe === null}>
          {busy ? "Paying…" : "Pay"}
        </button>
      </form>
    </section>
  )
}
