/**
 * The live card forms with the providers' browser SDKs replaced (no network here): Square's Web Payments SDK
 * card is tokenized and the token charged through POST /api/payments/square/charge for the order; Stripe's
 * card element confirms the PaymentIntent with the order's client secret, and a card error is a decline with
 * Stripe's words.
 */
import type { PaymentInstructions } from "@landunits/core/orders/PaymentInstructions.ts"
import { act, cleanup, render, screen } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { setFetch } from "../src/api/client.ts"
import type { PaymentSettings } from "../src/api/orders.ts"
import type { PayWithCard } from "../src/components/orders/PayWithCard.ts"

const confirmCardPayment = vi.fn()

vi.mock("@stripe/stripe-js", () => ({
  loadStripe: async () => fakeStripe,
}))

const fakeElement = {
  mount: () => undefined,
  unmount: () => undefined,
  destroy: () => undefined,
  on: () => undefined,
  off: () => undefined,
  update: () => undefined,
}
const fakeStripe = {
  elements: () => ({ create: () => fakeElement, getElement: () => fakeElement, update: () => undefined }),
  confirmCardPayment: (...args: unknown[]) => confirmCardPayment(...args),
  createToken: () => undefined,
  createPaymentMethod: () => undefined,
  registerAppInfo: () => undefined,
  _registerWrapper: () => undefined,
}

const settings = (live: Partial<PaymentSettings>): PaymentSettings => ({
  stripe: { mode: "test" },
  square: { mode: "test" },
  crypto: { BITCOIN: { mode: "unavailable", pricedIn: [] }, ETHER: { mode: "unavailable", pricedIn: [] } },
  testCards: [],
  taxWords: [],
  ...live,
})

const card: PaymentInstructions = {
  _tag: "CardPayment",
  paymentMethod: "card-stripe",
  paymentId: "pi_123",
  clientSecret: "pi_123_secret_abc",
  paymentAmount: 11_590,
  currency: "USD",
}

afterEach(() => {
  cleanup()
  delete (window as { Square?: unknown }).Square
  confirmCardPayment.mockReset()
})

describe("Square card form (live)", () => {
  it("tokenizes the card in Square's form and charges the token for the order", async () => {
    const attached: Array<string> = []
    window.Square = {
      payments: () => ({
        card: async () => ({
          attach: async (selector: string) => {
            attached.push(selector)
          },
          tokenize: async () => ({ status: "OK", token: "cnon:card-nonce-ok" }),
          destroy: async () => undefined,
        }),
      }),
    }
    const calls: Array<{ path: string; body: unknown }> = []
    setFetch(async (input, init) => {
      calls.push({ path: String(input), body: JSON.parse(String(init?.body)) })
      return new Response(JSON.stringify({ paymentId: "sq_1", status: "COMPLETED" }), { status: 200 })
    })
    const { default: SquareCardForm } = await import("../src/components/orders/SquareCardForm.tsx")
    let pay: PayWithCard | null = null
    await act(async () => {
      render(
        <SquareCardForm
          settings={settings({
            square: { mode: "live", applicationId: "sandbox-sq0idb-app", locationId: "L1" },
          })}
          busy={false}
          error={null}
          register={(p) => {
            pay = p
          }}
          onPay={() => undefined}
        />,
      )
    })
    await vi.waitFor(() => expect(attached).toEqual(["#square-card"]))
    const outcome = await pay!({ orderId: "ord_1", card: "", instructions: null })
    expect(outcome).toEqual({ outcome: "succeeded" })
    expect(calls).toEqual([
      { path: "/api/payments/square/charge", body: { orderId: "ord_1", sourceId: "cnon:card-nonce-ok" } },
    ])
  })

  it("says so when Square is not configured, and offers no payment", async () => {
    const { default: SquareCardForm } = await import("../src/components/orders/SquareCardForm.tsx")
    await act(async () => {
      render(
        <SquareCardForm
          settings={settings({})}
          busy={false}
          error={null}
          register={() => undefined}
          onPay={() => undefined}
        />,
      )
    })
    expect(screen.getByRole("alert").textContent).toContain("not available")
    expect((screen.getByRole("button", { name: "Pay" }) as HTMLButtonElement).disabled).toBe(true)
  })
})

describe("Stripe card form (live)", () => {
  const mount = async () => {
    const { default: StripeCardForm } = await import("../src/components/orders/StripeCardForm.tsx")
    let pay: PayWithCard | null = null
    await act(async () => {
      render(
        <StripeCardForm
          settings={settings({ stripe: { mode: "live", publishableKey: "pk_test_123" } })}
          instructions={card}
          busy={false}
          error={null}
          register={(p) => {
            pay = p
          }}
          onPay={() => undefined}
        />,
      )
    })
    await vi.waitFor(() => expect(pay).not.toBeNull())
    return pay!
  }

  it("confirms the PaymentIntent with the order's client secret and the card element", async () => {
    confirmCardPayment.mockResolvedValue({ paymentIntent: { status: "succeeded" } })
    const pay = await mount()
    expect(await pay({ orderId: "ord_1", card: "", instructions: card })).toEqual({ outcome: "succeeded" })
    expect(confirmCardPayment).toHaveBeenCalledWith("pi_123_secret_abc", {
      payment_method: { card: fakeElement },
    })
  })

  it("turns a card error into a decline with Stripe's words and the way on (another card), and a 3-D Secure wait into pending", async () => {
    confirmCardPayment.mockResolvedValueOnce({
      error: { type: "card_error", message: "Your card has insufficient funds." },
    })
    confirmCardPayment.mockResolvedValueOnce({ paymentIntent: { status: "processing" } })
    const pay = await mount()
    expect(await pay({ orderId: "ord_1", card: "", instructions: card })).toEqual({
      outcome: "declined",
      reason:
        "Your card has insufficient funds. No money was taken and your order is still open: try another card.",
    })
    expect(await pay({ orderId: "ord_1", card: "", instructions: card })).toEqual({ outcome: "pending" })
  })
})
