/**
 * Square's Web Payments SDK card form, used when Square is configured (GET /api/payments/settings gives the
 * application and location ids). The SDK script is added only on this page (sandbox or production host by the
 * application id), the card is tokenized in Square's frame, and POST /api/payments/square/charge charges the
 * token for the order's own amount: 402 when declined (the machine shows the reason). Square's signed webhook
 * confirms the payment (docs/operations.md).
 */
import { type FormEvent, type RefCallback, useEffect, useRef, useState } from "react"
import { ordersApi, type PaymentSettings } from "../../api/orders.ts"
import { FormError } from "../shared/Field.tsx"
import type { PayWithCard } from "./PayWithCard.ts"

interface SquareCard {
  attach(selector: string): Promise<void>
  tokenize(): Promise<{ status: string; token?: string; errors?: ReadonlyArray<{ message: string }> }>
  destroy(): Promise<void>
}
interface SquarePayments {
  card(): Promise<SquareCard>
}
declare global {
  interface Window {
    Square?: { payments(applicationId: string, locationId: string): SquarePayments }
  }
}

const sdkUrl = (applicationId: string) =>
  applicationId.startsWith("sandbox-")
    ? "https://sandbox.web.squarecdn.com/v1/square.js"
    : "https://web.squarecdn.com/v1/square.js"

const loadSdk = (src: string) =>
  new Promise<void>((resolve, reject) => {
    if (window.Square !== undefined) return resolve()
    const script = document.createElement("script")
    script.src = src
    script.async = true
    script.onload = () => resolve()
    script.onerror = () =>
      reject(new Error("Square's card form could not be loaded. Please try again later."))
    document.head.appendChild(script)
  })

interface Props {
  readonly settings: PaymentSettings
  readonly busy: boolean
  readonly error: string | null
  readonly register: (pay: PayWithCard) => void
  readonly onPay: () => void
  /** Focuses the payment's refusal as it appears (lib/useFocusOnShow.ts); not the SDK's failure to load. */
  readonly focusOnShow?: RefCallback<HTMLElement>
}

export default function SquareCardForm({ settings, busy, error, register, onPay, focusOnShow }: Props) {
  const card = useRef<SquareCard | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const { applicationId, locationId } = settings.square

  useEffect(() => {
    let cancelled = false
    if (applicationId === undefined || locationId === undefined) {
      setLoadError("Card payments by Square are not available: the application is not configured.")
      return
    }
    loadSdk(sdkUrl(applicationId))
      .then(async () => {
        const payments = window.Square?.payments(applicationId, locationId)
        if (payments === undefined) throw new Error("Square's card form could not be loaded.")
        const c = await payments.card()
        if (cancelled) return void c.destroy()
        await c.attach("#square-card")
        card.current = c
      })
      .catch((e: unknown) => setLoadError(e instanceof Error ? e.message : String(e)))
    return () => {
      cancelled = true
      void card.current?.destroy()
    }
  }, [applicationId, locationId])

  useEffect(() => {
    register(async ({ orderId }) => {
      if (card.current === null) throw new Error("The card form is not ready yet: please try again.")
      const result = await card.current.tokenize()
      if (result.status !== "OK" || result.token === undefined) {
        throw new Error(result.errors?.map((e) => e.message).join(" ") || "Please check the card details.")
      }
      const charge = await ordersApi.squareCharge(orderId, result.token)
      return charge.status === "COMPLETED" ? { outcome: "succeeded" } : { outcome: "pending" }
    })
  }, [register])

  const submit = (e: FormEvent) => {
    e.preventDefault()
    onPay()
  }
  return (
    <section className="payment-box" aria-labelledby="square-title">
      <h2 id="square-title">Card details</h2>
      <form className="form" noValidate onSubmit={submit} aria-label="Card">
        <div id="square-card" className="square-card" />
        <FormError message={loadError ?? error} focusOnShow={loadError === null ? focusOnShow : undefined} />
        <button type="submit" className="btn btn--primary" disabled={busy || loadError !== null}>
          {busy ? "Paying…" : "Pay"}
        </button>
      </form>
    </section>
  )
}
