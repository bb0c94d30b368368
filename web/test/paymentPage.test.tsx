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
import { PaymentPage, paymentUri } from "../src/components/orders/PaymentPage.tsx"
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
  crypto: { BITCOIN: { mode: "test", pricedIn: ["USD"] }, ETHER: { mode: "unavailable", pricedIn: [] } },
  testCards: [{ number: "4000000000000002", outcome: "Declined" }],
  taxWords: [],
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

const serve = (
  method: PaymentMethod,
  answers: Record<string, () => Response>,
  paymentIntent: () => PaymentIntent = () => intent(method),
) =>
  setFetch(async (input) => {
    const path = String(input).replace(/^\/api/, "")
    if (path === "/order/get_payment_intent/ord_1") return json(200, { paymentIntent: paymentIntent() })
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

    // Ether has no receiving address here: its button is off, and the page says why.
    expect((screen.getByRole("button", { name: "Pay with Ether" }) as HTMLButtonElement).disabled).toBe(true)
    expect(
      screen.getByText(/Payment in Ether is not available: no receiving address is configured/),
    ).toBeTruthy()
    await press("Pay with Bitcoin")
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("heading", { name: /^Send Bitcoin \(BTC\)/ })),
    )
  })

  it("test card: a declined card → the card form again for the next attempt, the decline in it focused (read), the order the same", async () => {
    const CARD = (paymentId: string, attempt: number) => () =>
      json(200, {
        orderData: {},
        paymentInstructions: {
          _tag: "CardPayment",
          paymentMethod: "card-stripe",
          paymentId,
          clientSecret: "secret",
          paymentAmount: 11_125,
          currency: "USD",
          attempt,
        },
      })
    const message =
      "Your card was declined (test mode). No money was taken and your order is still open: try another card (4 tries left)."
    let declined = false
    let starts = 0
    serve(
      "card-stripe",
      {
        "/order/start_payment": () => CARD(`pi_${++starts}`, starts)(),
        "/payments/test-mode/pay": () => {
          declined = true
          return json(200, {
            testMode: true,
            outcome: "declined",
            orderId: "ord_1",
            orderStatus: "Initiated",
            message,
          })
        },
      },
      () =>
        declined
          ? { ...intent("card-stripe"), attempt: 1, declined: { attempt: 1, at: 1, message } }
          : intent("card-stripe"),
    )
    await renderInRouter(() => <PaymentPage method="card-stripe" orderId="ord_1" />)
    await waitFor(() => expect(screen.getByLabelText(/^Card number/)).toBeTruthy())
    expect(document.activeElement).toBe(document.body)
    fireEvent.change(screen.getByLabelText(/^Card number/), { target: { value: "4000000000000002" } })

    await press("Pay (test mode)")
    await waitFor(() => expect(document.activeElement?.textContent).toBe(message))
    // The form is there for another card, on the same order (a second attempt was started).
    expect(screen.getByRole("button", { name: "Pay (test mode)" })).toBeTruthy()
    expect(starts).toBe(2)
    expect(screen.queryByRole("link", { name: "Start a new order" })).toBeNull()
  })

  it("crypto: back on the page, the quote the order holds is shown with a QR code, copy buttons and its expiry", async () => {
    const quote = {
      _tag: "CryptoPayment" as const,
      address: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx",
      coin: "BITCOIN" as const,
      coinAmount: "0.00171154",
      paymentAmount: 11_125,
      currency: "USD" as const,
      coinPriceCents: 6_500_000,
      quotedAt: Date.UTC(2030, 0, 1, 12),
      quoteExpiresAt: Date.UTC(2030, 0, 1, 12, 30),
      testMode: true,
    }
    let started = 0
    serve(
      "crypto",
      {
        "/order/start_payment": () => json(200, { orderData: {}, paymentInstructions: quote, n: ++started }),
      },
      () => ({
        ...intent("crypto"),
        orderStatus: "InProcess",
        attempt: 1,
        cryptoQuote: quote,
        testMode: true,
      }),
    )
    await renderInRouter(() => <PaymentPage method="crypto" orderId="ord_1" />)
    await waitFor(() => expect(screen.getByRole("heading", { name: /^Send Bitcoin \(BTC\)/ })).toBeTruthy())
    expect(started).toBe(0)
    expect(document.activeElement).toBe(document.body)
    expect(screen.getByRole("img", { name: /^QR code: 0\.00171154 BTC to tb1qw508/ })).toBeTruthy()
    expect(screen.getByRole("button", { name: "Copy the amount in BTC" })).toBeTruthy()
    expect(screen.getByRole("button", { name: "Copy the receiving address" })).toBeTruthy()
    expect(screen.getByText("Quote holds until")).toBeTruthy()
    expect(screen.getByText("Jan 1, 2030, 12:30 PM UTC")).toBeTruthy()
    expect(screen.getAllByText(/Test mode/).length).toBeGreaterThan(0)
  })

  it("crypto: an expired quote is not to be paid: the page asks for a new amount", async () => {
    const quote = {
      _tag: "CryptoPayment" as const,
      address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      coin: "ETHER" as const,
      coinAmount: "0.033712121212121213",
      paymentAmount: 11_125,
      currency: "USD" as const,
      quotedAt: Date.UTC(2020, 0, 1),
      quoteExpiresAt: Date.UTC(2020, 0, 1, 0, 30),
    }
    serve("crypto", {}, () => ({
      ...intent("crypto"),
      orderStatus: "InProcess",
      attempt: 1,
      cryptoQuote: quote,
    }))
    await renderInRouter(() => <PaymentPage method="crypto" orderId="ord_1" />)
    await waitFor(() => expect(screen.getByRole("button", { name: "Get a new amount" })).toBeTruthy())
    expect(screen.getByText("Quote expired")).toBeTruthy()
    expect(screen.queryByRole("button", { name: "I have sent the coins" })).toBeNull()
  })
})

describe("paymentUri (the QR code's content)", () => {
  it("is a BIP-21 link in BTC for Bitcoin and an EIP-681 link in wei for Ether", () => {
    const base = { _tag: "CryptoPayment" as const, paymentAmount: 1, currency: "USD" as const }
    expect(paymentUri({ ...base, coin: "BITCOIN", address: "bc1qx", coinAmount: "0.00171154" })).toBe(
      "bitcoin:bc1qx?amount=0.00171154",
    )
    expect(paymentUri({ ...base, coin: "ETHER", address: "0xab", coinAmount: "0.033712121212121213" })).toBe(
      "ethereum:0xab?value=33712121212121213",
    )
  })
})
