/**
 * The card form of the built-in test-mode provider (docs/operations.md "Test mode"): clearly labelled, with the
 * documented test cards (GET /api/payments/settings lists them); the number decides the outcome.
 */
import { type FormEvent, type RefCallback, useState } from "react"
import type { PaymentSettings } from "../../api/orders.ts"
import { FieldError, FormError } from "../shared/Field.tsx"

export const CARD_NUMBER_REQUIRED = "Card number is required"

export function TestCardForm({
  settings,
  busy,
  waiting,
  error,
  onPay,
  focusOnShow,
}: {
  readonly settings: PaymentSettings
  readonly busy: boolean
  readonly waiting: boolean
  readonly error: string | null
  readonly onPay: (card: string) => void
  /** Focuses the payment's refusal as it appears (lib/useFocusOnShow.ts). */
  readonly focusOnShow?: RefCallback<HTMLElement>
}) {
  const [card, setCard] = useState("")
  const [missing, setMissing] = useState(false)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (card.trim() === "") {
      setMissing(true)
      document.getElementById("test-card")?.focus()
      return
    }
    onPay(card.trim())
  }
  return (
    <section className="payment-box payment-box--test" aria-labelledby="test-card-title">
      <h2 id="test-card-title">
        <span className="test-mode-badge">Test mode</span> Card details
      </h2>
      <form className="form" noValidate onSubmit={submit} aria-label="Test-mode card">
        <div className={`field${missing ? " field--invalid" : ""}`}>
          <label htmlFor="test-card">
            Card number<span aria-hidden="true"> *</span>
          </label>
          <input
            id="test-card"
            name="cardNumber"
            inputMode="numeric"
            autoComplete="off"
            value={card}
            aria-required
            aria-invalid={missing}
            aria-describedby={missing ? "test-card-hint test-card-error" : "test-card-hint"}
            onChange={(e) => {
              setCard(e.target.value)
              setMissing(false)
            }}
          />
          <p className="field__hint" id="test-card-hint">
            Use one of the test cards below; any other number is refused.
          </p>
          <FieldError id="test-card-error" message={missing ? CARD_NUMBER_REQUIRED : null} />
        </div>
        <table className="data-table test-cards">
          <caption>Test cards</caption>
          <thead>
            <tr>
              <th scope="col">Card number</th>
              <th scope="col">What happens</th>
            </tr>
          </thead>
          <tbody>
            {settings.testCards.map((c) => (
              <tr key={c.number}>
                <td>
                  <button type="button" className="linkish" onClick={() => setCard(c.number)}>
                    <code>{c.number}</code>
                  </button>
                </td>
                <td>{c.outcome}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {waiting ? (
          <p className="loading" role="status">
            Checking the card with the provider…
          </p>
        ) : null}
        <FormError message={error} focusOnShow={focusOnShow} />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? "Paying…" : "Pay (test mode)"}
        </button>
      </form>
    </section>
  )
}
