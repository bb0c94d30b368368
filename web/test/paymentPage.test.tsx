/**
 * The payment page in the DOM (happy-dom) with the API's transport replaced: what the page opens on takes no
 * focus; a step that changes the page in place moves focus to what it shows (WCAG 2.4.3).
 */
import type { PaymentInstructions } from "@landunits/core/orders/PaymentInstructions.ts"
import type { PaymentMethod } from "@landunits/core/shared/EnumValues.ts"
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { setFetch } from "../src/api/client.ts"
import type { PaymentIntent, PaymentSettings } from "../src/api/orders.ts"
import { PaymentPage } from "../src/components/orders/PaymentPage.tsx"
import { DECLINED_REASON } from "../src/machines/buyMachine.ts"
import { renderInRouter } from "./support/router.tsx"

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })

const intent = (paymentMethod: PaymentMethod): PaymentIntent => ({
  orderId: "ord_1",
  orderStatus: "Initiated",
  paymentMethod,
  paymentAmount: 11_125,
  currency: "USD",
  testMode: paymentMethod.startsWith("card"),
})

const settings: PaymentSettings = {
  stripe: { mode: "test" },
  square: { mode: "test" },
  crypto: { BITCOIN: true, ETHER: false },
  testCards: [{ number: "4000000000000002", outcome: "Declined" }],
} as PaymentSettings

const BANK: PaymentInstructions = {
  _tag: "BankPayment",
  bankDetails: {
    bankAccountName: "Landunits",
    bankAccountNumber: "12345678",
    iban: "GB33BUKB20201555555555",
    swiftBic: "BUKBGB22",
    bankName: "Bank",
    bankAddress: "London",
    bankCountry: "UK",
  },
  reference: "ord_1",
  paymentAmount: 11_125,
  currency: "USD",
}

const serve = (method: PaymentMethod, answers: Record<string, () => Response>) =>
  setFetch(async (input) => {
    const path = String(input).replace(/^\/api/, "")
    if (path === "/order/get_payment_intent/ord_1") return json(200, { paymentIntent: intent(method) })
    if (path === "/payments/settings") return json(200, settings)
    const answer = answers[path]
    return answer === undefined ? json(404, { message: "Not found" }) : answer()
  })

const press = async (name: string) => {
  const button = screen.getByRole("button", { name })
  button.focus()
  await act(async () => fireEvent.click(button))
}

afterEach(cleanup)

describe("payment page: focus after a step in place (WCAG 2.4.3)", () => {
  it("bank: the instructions the page opens on take no focus; a refused 'I have made the transfer' takes it", async () => {
    serve("bank", {
      "/order/start_payment": () => json(200, { orderData: {}, paymentInstructions: BANK }),
      "/order/success_order": () => json(409, { message: "This order can no longer be paid" }),
    })
    await renderInRouter(() => <PaymentPage method="bank" orderId="ord_1" />)
    await waitFor(() =>
      expect(screen.getByRole("heading", { name: "Transfer to our bank account" })).toBeTruthy(),
    )
    expect(document.activeElement).toBe(document.body)

    await press("I have made the transfer")
    await waitFor(() => expect(document.activeElement?.textContent).toBe("This order can no longer be paid"))
    expect(screen.queryByRole("alert")).toBeNull()
  })

  it("crypto: choosing a coin (its button gone) → the coin's instructions' heading", async () => {
    serve("crypto", {
      "/order/start_payment": () =>
        json(200, {
          orderData: {},
          paymentInstructions: {
            _tag: "CryptoPayment",
            address: "bc1qexample",
            coin: "BITCOIN",
            coinAmount: "0.0012",
            paymentAmount: 11_125,
            currency: "USD",
          },
        }),
    })
    await renderInRouter(() => <PaymentPage method="crypto" orderId="ord_1" />)
    await waitFor(() => expect(screen.getByRole("heading", { name: "Choose a coin" })).toBeTruthy())
    expect(document.activeElement).toBe(document.body)

    await press("Pay with Bitcoin (BTC)")
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Send Bitcoin (BTC)" })),
    )
  })

  it("test card: a declined card (the form gone) → the message saying so", async () => {
    serve("card-stripe", {
      "/order/start_payment": () =>
        json(200, {
          orderData: {},
          paymentInstructions: {
            _tag: "CardPayment",
            paymentMethod: "card-stripe",
            paymentId: "pi_1",
            clientSecret: "secret",
            paymentAmount: 11_125,
            currency: "USD",
          },
        }),
      "/payments/test-mode/pay": () =>
        json(200, { testMode: true, outcome: "declined", orderId: "ord_1", orderStatus: "Failed" }),
    })
    await renderInRouter(() => <PaymentPage method="card-stripe" orderId="ord_1" />)
    await waitFor(() => expect(screen.getByLabelText(/^Card number/)).toBeTruthy())
    expect(document.activeElement).toBe(document.body)
    fireEvent.change(screen.getByLabelText(/^Card number/), { target: { value: "4000000000000002" } })

    await press("Pay (test mode)")
    await waitFor(() => expect(document.activeElement?.textContent).toBe(DECLINED_REASON))
    expect(screen.queryByRole("button", { name: "Pay (test mode)" })).toBeNull()
  })
})
