/**
 * The order forms in the DOM (React Testing Library, happy-dom) with the API's transport replaced: spec §4's
 * defaults, live figures from core's formulas, spec §5's messages word for word, the recipient's name before a
 * transfer, and the request each form sends (with its Idempotency-Key).
 */
import { checkConvertLimit } from "@landunits/core/availability/Availability.ts"
import { priceBuyOrder, sellQuote, subtotalCents } from "@landunits/core/fees/Fees.ts"
import { formatMoney } from "@landunits/core/format/Format.ts"
import { PRICES_EXCLUDE_TAX } from "@landunits/core/invoices/TaxWords.ts"
import type { UnitHolding } from "@landunits/core/ledger/LedgerModel.ts"
import type { Statistics } from "@landunits/core/market/MarketModel.ts"
import type { User } from "@landunits/core/members/MemberModel.ts"
import {
  BUSINESS_PURPOSE_NOT_CONFIRMED,
  BUY_CONFIRMATION_WORDS,
  explainBuyCharges,
} from "@landunits/core/orders/BuyReview.ts"
import {
  convertedUnits,
  convertQuote,
  convertRemainderCents,
  smallestRemainderNearby,
} from "@landunits/core/orders/Convert.ts"
import { OrderFormMessage } from "@landunits/core/orders/OrderForms.ts"
import { SecondFactorMessages } from "@landunits/core/secondfactor/SecondFactorErrors.ts"
import { DEFAULT_EXTERNAL_FEES } from "@landunits/core/shared/Constants.ts"
import { type UnitType, UnitTypes } from "@landunits/core/shared/Enums.ts"
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { setFetch } from "../src/api/client.ts"
import type { OrderFormsData } from "../src/api/orderLoaders.ts"
import type { PaymentSettings } from "../src/api/orders.ts"
import { BuyForm, CHOOSE_METHOD_MESSAGE } from "../src/components/orders/BuyForm.tsx"
import { ConvertForm } from "../src/components/orders/ConvertForm.tsx"
import { CARD_NOTICES } from "../src/components/orders/OrderResult.tsx"
import { SellForm, TransferForm } from "../src/components/orders/UnitsOrderForms.tsx"
import { renderInRouter } from "./support/router.tsx"

const PRICES: Readonly<Record<UnitType, number>> = {
  LAND_EUR: 10_250,
  LAND_USD: 11_490,
  LAND_AUD: 16_800,
  LAND_POUND: 8_900,
}
const CURRENCY = { LAND_EUR: "EUR", LAND_USD: "USD", LAND_AUD: "AUD", LAND_POUND: "GBP" } as const

const holding = (unitType: UnitType, owned: number): UnitHolding => ({
  unitType,
  owned,
  owned_DOUBLE_LAND: 0,
  pendingBuy: 0,
  pendingSell: 0,
  convertLocked: 0,
  total_value_bought: 0,
  total_value_today: 0,
  profit: 0,
  profit_percentage: 0,
  currencyType: CURRENCY[unitType],
})

const data = (
  options: {
    userType?: "USER" | "BUSINESS"
    availableUsd?: number
    ownedUsd?: number
    holdings?: ReadonlyArray<UnitHolding>
    /** The coins' offers (GET /api/payments/settings); both priced in every currency unless given. */
    crypto?: PaymentSettings["crypto"]
    /** The tax words of each currency (GET /api/payments/settings); none given unless set. */
    taxWords?: PaymentSettings["taxWords"]
  } = {},
): OrderFormsData => {
  const price = PRICES.LAND_USD
  const totals = UnitTypes.map((unitType) => ({
    unitType,
    totalPurchase: 100,
    totalPendingPurchase: 0,
    totalPendingSell: 0,
    // Land value for exactly `availableUsd` more Units (after the 100 bought), in cents.
    totalProjectLandValueInCents:
      unitType === "LAND_USD" ? ((100 + (options.availableUsd ?? 1000)) * price) / 10 : 10_000_000,
    maxDoubleLandUnitsBoughtValueInCents: (3 * price) / 10,
    totalDoubleLandUnitsBoughtValueInCents: 0,
  }))
  return {
    bundle: {
      user: {
        id: "mem_1",
        email: "ada@landunits.example",
        firstName: "Ada",
        lastName: "Lovelace",
        userType: options.userType ?? "USER",
        firstLogin: false,
        kycInfo: {},
        kycStatus: "Verified",
      } as unknown as User,
      prices: UnitTypes.map((unitType) => ({
        unitType,
        currency: CURRENCY[unitType],
        pricePerUnit: PRICES[unitType],
        buyOrderTransactionFeeInCents: unitType === "LAND_AUD" ? 160 : 100,
        sellOrderTransactionFeeInUnits: 10,
        convertOrderTransactionFeeInUnits: 2,
      })),
      userDashBoardDetails: { holdings: options.holdings ?? [holding("LAND_USD", options.ownedUsd ?? 50)] },
      exchangeRate: [{ from: "USD", to: "AUD", rate: 1_513_761, day: "2026-11-23" }],
      externalFees: DEFAULT_EXTERNAL_FEES,
      adminBankDetails: [],
    },
    statistics: { ok: true, value: { projectTotals: totals } as unknown as Statistics },
    payments: {
      ok: true,
      value: {
        stripe: { mode: "test" },
        square: { mode: "test" },
        crypto: options.crypto ?? {
          BITCOIN: { mode: "test", pricedIn: ["EUR", "USD", "AUD", "GBP"] },
          ETHER: { mode: "test", pricedIn: ["EUR", "USD", "AUD", "GBP"] },
        },
        testCards: [],
        taxWords: options.taxWords ?? [],
      },
    },
  }
}

interface Call {
  readonly path: string
  readonly body: unknown
  readonly key: string | undefined
}

const serve = (replies: Record<string, () => unknown>) => {
  const calls: Array<Call> = []
  setFetch(async (input, init) => {
    const path = String(input).replace(/^\/api/, "")
    const headers = (init?.headers ?? {}) as Record<string, string>
    calls.push({
      path,
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
      key: headers["Idempotency-Key"],
    })
    const route = Object.keys(replies).find((p) => path.startsWith(p))
    if (route === undefined) return new Response(JSON.stringify({ message: "Not found" }), { status: 404 })
    const body = replies[route]!() as { __status?: number }
    return new Response(JSON.stringify(body), {
      status: body.__status ?? 200,
      headers: { "Content-Type": "application/json" },
    })
  })
  return calls
}

const units = (value: string) =>
  fireEvent.change(screen.getByLabelText(/^Number of Units/), { target: { value } })
const summary = (name: string) => within(screen.getByRole("region", { name }))
const row = (name: string, term: string) => summary(name).getByText(term).nextElementSibling?.textContent
const buyReview = () => within(screen.getByRole("region", { name: "Review your buy" }))
const buyReviewRow = (term: string) => buyReview().getByText(term).nextElementSibling?.textContent

afterEach(() => cleanup())

describe("buy form", () => {
  it("defaults to Unit ($) and, for an individual, no payment method: sending without one says so", async () => {
    const calls = serve({})
    await renderInRouter(() => <BuyForm data={data()} />)
    expect((screen.getByLabelText("Unit type") as HTMLSelectElement).value).toBe("LAND_USD")
    expect(screen.getAllByRole("radio").filter((r) => (r as HTMLInputElement).checked)).toHaveLength(0)
    units("3")
    const methods = screen.getByRole("group", { name: "Payment method" })
    const region = methods.querySelector('[aria-live="polite"]')
    expect(region?.textContent).toBe("")
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Review your buy" })))
    expect(screen.getByText(CHOOSE_METHOD_MESSAGE)).toBeTruthy()
    // Said in the live region that was there before it (WCAG 4.1.3), and tied to the choice.
    expect(region?.textContent).toBe(CHOOSE_METHOD_MESSAGE)
    expect(methods.getAttribute("aria-describedby")).toBe("buy-method-hint buy-method-error")
    expect(calls.filter((c) => c.path === "/order/create_order")).toHaveLength(0)
  })

  it("defaults to bank transfer for a business member (spec §4)", async () => {
    serve({})
    await renderInRouter(() => <BuyForm data={data({ userType: "BUSINESS" })} />)
    expect((screen.getByRole("radio", { name: /^Bank transfer/ }) as HTMLInputElement).checked).toBe(true)
  })

  it("says core's messages for the number of Units", async () => {
    serve({})
    await renderInRouter(() => <BuyForm data={data({ userType: "BUSINESS" })} />)
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Review your buy" })))
    expect(screen.getByText(OrderFormMessage.unitsRequired)).toBeTruthy()
    units("0")
    expect(screen.getByText(OrderFormMessage.unitsWhole)).toBeTruthy()
  })

  it("computes subtotal, the buy fee and the method's fee (each named) and the payment amount live with core's formula", async () => {
    serve({})
    await renderInRouter(() => <BuyForm data={data()} />)
    units("10")
    // Before a method is chosen the buy fee is known; the method's is not.
    expect(row("Your order", "Buy fee")).toBe("$1.00")
    expect(row("Your order", "Payment method fee")).toBe("choose a payment method")
    for (const [label, method, name] of [
      [/^Card \(Stripe\)/, "card-stripe", "Card (Stripe) fee"],
      [/^Card \(Square\)/, "card-square", "Card (Square) fee"],
      [/^Crypto/, "crypto", "Crypto fee"],
      [/^Bank transfer/, "bank", "Bank transfer fee"],
    ] as const) {
      fireEvent.click(screen.getByRole("radio", { name: label }))
      const input = {
        numberOfUnits: 10,
        pricePerUnit: PRICES.LAND_USD,
        isDoubleLand: false,
        buyFeeCents: 100,
        externalFee: DEFAULT_EXTERNAL_FEES[method],
      }
      const expected = priceBuyOrder(input)
      const lines = explainBuyCharges({ ...input, paymentMethod: method }).lines
      const methodFee = lines.find((l) => l.kind === "methodFee")?.amountCents ?? 0
      expect(row("Your order", "Subtotal")).toBe(formatMoney(expected.subTotal, "USD"))
      expect(row("Your order", "Buy fee")).toBe("$1.00")
      expect(row("Your order", name)).toBe(formatMoney(methodFee, "USD"))
      expect(100 + methodFee).toBe(expected.transactionFee)
      expect(row("Your order", "Payment amount")).toBe(formatMoney(expected.paymentAmount, "USD"))
    }
    // Bank: $114.90 + the $1.00 buy fee (0 + 0%); the method says its own fee, the form says the buy fee's.
    expect(row("Your order", "Payment amount")).toBe("$115.90")
    expect(row("Your order", "Bank transfer fee")).toBe("$0.00")
    expect(screen.getByText("The platform's fee on every buy")).toBeTruthy()
    expect(screen.getByRole("group", { name: "Payment method" }).getAttribute("aria-describedby")).toBe(
      "buy-method-hint",
    )
    expect(screen.getByText(/Every buy has the platform's buy fee of \$1\.00/)).toBeTruthy()
    expect(screen.getByRole("radio", { name: /^Bank transfer/ }).closest("label")?.textContent).toBe(
      "Bank transfer method fee $0.00 + 0%",
    )
  })

  it("offers crypto only with a coin that has an address and a current price in the unit's currency, and says why not", async () => {
    serve({})
    await renderInRouter(() => (
      <BuyForm
        data={data({
          crypto: {
            BITCOIN: { mode: "live", pricedIn: ["EUR"] },
            ETHER: { mode: "unavailable", pricedIn: [] },
          },
        })}
      />
    ))
    // The form opens on Unit ($): no coin is priced in USD.
    expect(screen.queryByRole("radio", { name: /^Crypto/ })).toBeNull()
    expect(
      screen.getByText(
        "Payment by crypto is not available for USD: no coin has a receiving address and a current price. Please choose another payment method.",
      ),
    ).toBeTruthy()
    fireEvent.change(screen.getByLabelText("Unit type"), { target: { value: "LAND_EUR" } })
    expect(screen.getByRole("radio", { name: /^Crypto/ })).toBeTruthy()
    expect(screen.queryByText(/Payment by crypto is not available/)).toBeNull()
  })

  it("shows the availability and LU2X messages of spec §5 and does not send", async () => {
    serve({})
    await renderInRouter(() => <BuyForm data={data({ userType: "BUSINESS", availableUsd: 5 })} />)
    units("6")
    expect(screen.getByText("You can only buy up to 5 Unit ($)")).toBeTruthy()
    expect((screen.getByRole("button", { name: "Review your buy" }) as HTMLButtonElement).disabled).toBe(true)
    units("5")
    expect(screen.queryByText(/You can only buy up to/)).toBeNull()
    fireEvent.click(screen.getByLabelText("Buy in the LU2X offer (half price)"))
    expect(screen.getByText("Maximum remaining Unit ($) in the LU2X offer: 3")).toBeTruthy()
    units("3")
    expect(screen.queryByText(/^Maximum remaining/)).toBeNull()
    expect(row("Your order", "Price per Unit")).toContain("LU2X: half price")
  })

  it("applies a reference code from GET /referencecode/get_discount_by_reference_code to the amount", async () => {
    const calls = serve({
      "/referencecode/get_discount_by_reference_code": () => ({
        discount: { isPercent: true, amount: 10, minPaymentAmountInCents: 5_000 },
      }),
    })
    await renderInRouter(() => <BuyForm data={data({ userType: "BUSINESS" })} />)
    units("10")
    fireEvent.change(screen.getByLabelText("Reference code"), { target: { value: "WELCOME10" } })
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Apply code" })))
    expect(calls.at(-1)?.path).toBe("/referencecode/get_discount_by_reference_code?code=WELCOME10")
    const expected = priceBuyOrder({
      numberOfUnits: 10,
      pricePerUnit: PRICES.LAND_USD,
      isDoubleLand: false,
      buyFeeCents: 100,
      externalFee: DEFAULT_EXTERNAL_FEES.bank,
      discount: { isPercent: true, amount: 10, minPaymentAmountInCents: 5_000 },
    })
    expect(row("Your order", "Discount")).toBe(`−${formatMoney(expected.discountValue, "USD")}`)
    expect(row("Your order", "Payment amount")).toBe(formatMoney(expected.paymentAmount, "USD"))
  })

  it("reviews before paying: Units × price, each charge with why, net, the currency's tax words, the total; nothing is sent until Buy Units", async () => {
    const calls = serve({})
    await renderInRouter(() => (
      <BuyForm
        data={data({
          userType: "BUSINESS",
          taxWords: [{ currency: "USD", words: "Out of scope of US sales tax" }],
        })}
      />
    ))
    units("12")
    fireEvent.click(screen.getByRole("radio", { name: /^Card \(Stripe\)/ }))
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Review your buy" })))
    const charges = explainBuyCharges({
      numberOfUnits: 12,
      pricePerUnit: PRICES.LAND_USD,
      isDoubleLand: false,
      buyFeeCents: 100,
      paymentMethod: "card-stripe",
      externalFee: DEFAULT_EXTERNAL_FEES["card-stripe"],
    })
    const total = formatMoney(charges.totalCents, "USD")
    expect(buyReviewRow("12 Unit ($) × $11.49")).toBe(formatMoney(12 * 1149, "USD"))
    expect(buyReviewRow("Buy fee")).toBe("$1.00")
    expect(buyReview().getByText("The platform's fee on every buy")).toBeTruthy()
    const methodFee = charges.lines.find((l) => l.kind === "methodFee")!
    expect(buyReviewRow("Card (Stripe) fee")).toBe(formatMoney(methodFee.amountCents, "USD"))
    expect(buyReview().getByText(methodFee.why)).toBeTruthy()
    expect(buyReviewRow("Net")).toBe(total)
    expect(buyReviewRow("Tax")).toBe("No tax added")
    expect(buyReview().getByText("Out of scope of US sales tax")).toBeTruthy()
    expect(buyReviewRow("Total to pay")).toBe(total)
    // The total comes before the action, in the reading order as on the screen.
    const totalRow = buyReview().getByText("Total to pay")
    const buy = buyReview().getByRole("button", { name: "Buy Units" })
    expect(totalRow.compareDocumentPosition(buy) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(buyReview().getByLabelText(/^Purchase-order reference/)).toBeTruthy()
    expect((buyReview().getByLabelText(BUY_CONFIRMATION_WORDS) as HTMLInputElement).checked).toBe(false)
    expect(calls.filter((c) => c.path === "/order/create_order")).toHaveLength(0)
  })

  it("says the terms' tax words while no treatment is set for the currency, or the settings cannot be read", async () => {
    serve({})
    const unread = {
      ...data({ userType: "BUSINESS" }),
      payments: { ok: false as const, error: new Error("down") },
    }
    for (const formData of [data({ userType: "BUSINESS" }), unread as unknown as OrderFormsData]) {
      await renderInRouter(() => <BuyForm data={formData} />)
      units("2")
      await act(async () => fireEvent.click(screen.getByRole("button", { name: "Review your buy" })))
      expect(buyReview().getByText(PRICES_EXCLUDE_TAX)).toBeTruthy()
      cleanup()
    }
  })

  it("refuses to buy without the business-purpose confirmation: says so, focus goes to the box, nothing is sent", async () => {
    const calls = serve({})
    await renderInRouter(() => <BuyForm data={data()} />)
    units("3")
    fireEvent.click(screen.getByRole("radio", { name: /^Bank transfer/ }))
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Review your buy" })))
    const box = buyReview().getByLabelText(BUY_CONFIRMATION_WORDS)
    await act(async () => fireEvent.click(buyReview().getByRole("button", { name: "Buy Units" })))
    expect(buyReview().getByText(BUSINESS_PURPOSE_NOT_CONFIRMED)).toBeTruthy()
    expect(document.activeElement).toBe(box)
    expect(box.getAttribute("aria-invalid")).toBe("true")
    expect(box.getAttribute("aria-describedby")).toBe("buy-confirmsBusinessPurpose-error")
    expect(calls.filter((c) => c.path === "/order/create_order")).toHaveLength(0)
  })

  it("Back returns to the form with its values, and the review keeps what was typed in it", async () => {
    serve({})
    await renderInRouter(() => <BuyForm data={data({ userType: "BUSINESS" })} />)
    units("3")
    fireEvent.change(screen.getByLabelText("Reference code"), { target: { value: "WELCOME10" } })
    fireEvent.click(screen.getByLabelText("Buy in the LU2X offer (half price)"))
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Review your buy" })))
    fireEvent.change(buyReview().getByLabelText(/^Purchase-order reference/), { target: { value: "PO-118" } })
    await act(async () => fireEvent.click(buyReview().getByRole("button", { name: "Back" })))
    expect(screen.queryByRole("heading", { name: "Review your buy" })).toBeNull()
    expect((screen.getByLabelText(/^Number of Units/) as HTMLInputElement).value).toBe("3")
    expect((screen.getByLabelText("Reference code") as HTMLInputElement).value).toBe("WELCOME10")
    expect((screen.getByLabelText("Buy in the LU2X offer (half price)") as HTMLInputElement).checked).toBe(
      true,
    )
    expect((screen.getByRole("radio", { name: /^Bank transfer/ }) as HTMLInputElement).checked).toBe(true)
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Review your buy" })))
    expect((buyReview().getByLabelText(/^Purchase-order reference/) as HTMLInputElement).value).toBe("PO-118")
  })

  it("sends the order with an Idempotency-Key, the method, the code, the purchase-order reference and the confirmation", async () => {
    const calls = serve({
      "/order/create_order": () => ({
        orderCreatedData: { orderId: "ord_abcdef12345", orderStatus: "Initiated" },
      }),
    })
    await renderInRouter(() => <BuyForm data={data({ userType: "BUSINESS" })} />)
    units("12")
    fireEvent.change(screen.getByLabelText("Reference code"), { target: { value: "WELCOME10" } })
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Review your buy" })))
    fireEvent.change(buyReview().getByLabelText(/^Purchase-order reference/), {
      target: { value: "  PO-2026/118 " },
    })
    fireEvent.click(buyReview().getByLabelText(BUY_CONFIRMATION_WORDS))
    await act(async () => fireEvent.click(buyReview().getByRole("button", { name: "Buy Units" })))
    const sent = calls.filter((c) => c.path === "/order/create_order")
    expect(sent).toHaveLength(1)
    expect(sent[0]?.body).toMatchObject({
      orderType: "BUY",
      confirmsBusinessPurpose: true,
      currencyUnit: { unitType: "LAND_USD", numberOfUnits: 12, isDoubleLand: false },
      paymentDetails: { paymentMethod: "bank" },
      referenceCode: "WELCOME10",
      purchaseOrderReference: "PO-2026/118",
    })
    expect(sent[0]?.key?.length).toBeGreaterThanOrEqual(8)
  })

  it("leaves a blank purchase-order reference out of the request", async () => {
    const calls = serve({
      "/order/create_order": () => ({
        orderCreatedData: { orderId: "ord_abcdef12345", orderStatus: "Initiated" },
      }),
    })
    await renderInRouter(() => <BuyForm data={data({ userType: "BUSINESS" })} />)
    units("2")
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Review your buy" })))
    fireEvent.click(buyReview().getByLabelText(BUY_CONFIRMATION_WORDS))
    await act(async () => fireEvent.click(buyReview().getByRole("button", { name: "Buy Units" })))
    const body = calls.find((c) => c.path === "/order/create_order")?.body as Record<string, unknown>
    expect(body.confirmsBusinessPurpose).toBe(true)
    expect("purchaseOrderReference" in body).toBe(false)
  })
})

describe("sell, transfer and convert forms", () => {
  it("sell: a sale must be more than its fee; the queue gets N − fee", async () => {
    serve({})
    await renderInRouter(() => <SellForm data={data()} />)
    units("10")
    expect(screen.getByText("A sale must be more than its fee of 10 Units")).toBeTruthy()
    units("25")
    expect(row("Your sale", "Units entering the sales queue")).toBe("15")
    units("60")
    expect(screen.getByText("You own 50 Unit ($) to sell")).toBeTruthy()
  })

  it("sell: the same request sent again after a refusal keeps its Idempotency-Key; a new visit to the form gets a new one", async () => {
    let answers = 0
    const calls = serve({
      "/order/create_order": () =>
        answers++ === 0
          ? { __status: 503, message: "Server busy" }
          : { orderCreatedData: { orderId: "ord_s1", orderStatus: "InProcess" } },
    })
    await renderInRouter(() => <SellForm data={data()} />)
    units("25")
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Review sale" })))
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Confirm sale" })))
    await waitFor(() => expect(screen.getByText("Server busy")).toBeTruthy())
    // The refusal leaves the member on the review: confirming again sends the same request.
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Confirm sale" })))
    const keys = calls.filter((c) => c.path === "/order/create_order").map((c) => c.key)
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    cleanup()
    await renderInRouter(() => <SellForm data={data()} />)
    units("25")
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Review sale" })))
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Confirm sale" })))
    const again = calls.filter((c) => c.path === "/order/create_order").map((c) => c.key)
    expect(again).toHaveLength(3)
    expect(again[2]).not.toBe(again[0])
  })

  it("transfer: the recipient's name is looked up and shown before anything is sent", async () => {
    const calls = serve({
      "/user/getUserNameByEmail": () => ({ name: "Rosa R." }),
      "/order/create_order": () => ({ orderCreatedData: { orderId: "ord_t1", orderStatus: "Completed" } }),
    })
    await renderInRouter(() => <TransferForm data={data()} />)
    units("5")
    fireEvent.change(screen.getByLabelText(/^Recipient's email/), {
      target: { value: "rosa@landunits.example" },
    })
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Find recipient" })))
    await waitFor(() => expect(screen.getByText("Rosa R.", { selector: "strong" })).toBeTruthy())
    expect(calls.map((c) => c.path)).toEqual(["/user/getUserNameByEmail?email=rosa%40landunits.example"])
    // Its value and its fee in money before it is sent (issue 38): free, said in the currency.
    expect(screen.getByText(/^You send 5 Unit \(\$\)/).textContent).toBe(
      "You send 5 Unit ($), worth $57.45 at today's price, for a fee of $0.00: transfers are free.",
    )
    expect(row("Your transfer", "Fee")).toBe("Free ($0.00)")
    expect(row("Your transfer", "Value at today's price")).toBe("$57.45")
    await act(async () =>
      fireEvent.click(screen.getByRole("button", { name: "Transfer 5 Units to Rosa R." })),
    )
    expect(calls.find((c) => c.path === "/order/create_order")?.body).toMatchObject({
      orderType: "TRANSFER",
      recipientEmail: "rosa@landunits.example",
      currencyUnit: { unitType: "LAND_USD", numberOfUnits: 5 },
    })
  })

  it("convert: LAND_USD → LAND_AUD by default, the Units received, the 30-day lock and the convert message", async () => {
    serve({})
    await renderInRouter(() => <ConvertForm data={data({ ownedUsd: 50 })} />)
    expect((screen.getByLabelText("Convert from") as HTMLSelectElement).value).toBe("LAND_USD")
    expect((screen.getByLabelText("Convert to") as HTMLSelectElement).value).toBe("LAND_AUD")
    units("20")
    const received = convertedUnits({
      units: 20,
      fromPricePerUnit: PRICES.LAND_USD,
      toPricePerUnit: PRICES.LAND_AUD,
      exchangeRate: 1_513_761,
    })
    expect(row("Your conversion", "Units you receive (locked 30 days)")).toBe(String(received))
    expect(screen.getByText(/locked for 30 days/)).toBeTruthy()
    units("49")
    const message = checkConvertLimit({
      ownedUnits: 50,
      requestedUnits: 49,
      feeUnits: 2,
      unitType: "LAND_USD",
    })
    expect(message).toBe("You can only convert up to 48 Unit ($)")
    expect(screen.getByText(message!)).toBeTruthy()
  })
})

describe("the order's total is announced as a status message (WCAG 4.1.3)", () => {
  const liveTotal = (name: string) =>
    screen.getByRole("region", { name }).querySelector<HTMLElement>('[aria-live="polite"]')

  it("buy: a polite live region, there and silent from the start, says the payment amount once typing stops", async () => {
    serve({})
    await renderInRouter(() => <BuyForm data={data({ userType: "BUSINESS" })} />)
    const region = liveTotal("Your order")
    expect(region?.getAttribute("aria-atomic")).toBe("true")
    expect(region?.textContent).toBe("")
    units("1")
    units("10")
    // Not one announcement per keystroke: the figure is said once it stays the same.
    expect(region?.textContent).toBe("")
    await waitFor(() => expect(region?.textContent).toBe("Your order: Payment amount $115.90"))
    // The same element all along: a live region must exist before its content changes.
    expect(liveTotal("Your order")).toBe(region)
    fireEvent.click(screen.getByRole("radio", { name: /^Card \(Stripe\)/ }))
    const card = priceBuyOrder({
      numberOfUnits: 10,
      pricePerUnit: PRICES.LAND_USD,
      isDoubleLand: false,
      buyFeeCents: 100,
      externalFee: DEFAULT_EXTERNAL_FEES["card-stripe"],
    })
    await waitFor(() =>
      expect(region?.textContent).toBe(
        `Your order: Payment amount ${formatMoney(card.paymentAmount, "USD")}`,
      ),
    )
  })

  it("sell and convert announce their totals the same way", async () => {
    serve({})
    await renderInRouter(() => <SellForm data={data()} />)
    units("20")
    await waitFor(() =>
      expect(liveTotal("Your sale")?.textContent).toBe("Your sale: You are paid, at today's price $114.90"),
    )
    cleanup()
    await renderInRouter(() => <ConvertForm data={data({ ownedUsd: 50 })} />)
    units("20")
    await waitFor(() =>
      expect(liveTotal("Your conversion")?.textContent).toMatch(
        /^Your conversion: Units you receive \(locked 30 days\) \d+$/,
      ),
    )
  })
})

describe("sell and convert are reviewed before anything is created (issue 27)", () => {
  const review = (name: string) => within(screen.getByRole("region", { name }))
  const reviewRow = (name: string, term: string) =>
    review(name).getByText(term).nextElementSibling?.textContent

  it("sell: the review shows what goes in, the fee and what enters the queue; Back edits, only Confirm creates", async () => {
    const calls = serve({
      "/order/create_order": () => ({ orderCreatedData: { orderId: "ord_s2", orderStatus: "InProcess" } }),
    })
    await renderInRouter(() => <SellForm data={data()} />)
    units("20")
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Review sale" })))
    expect(reviewRow("Review your sale", "You sell")).toBe("20 Unit ($)")
    expect(reviewRow("Review your sale", "Sale fee (to the platform)")).toBe(
      "10 Units ($114.90 today, 50% of the sale's value)",
    )
    expect(reviewRow("Review your sale", "Into the sales queue")).toBe("10 Units")
    expect(calls.filter((c) => c.path === "/order/create_order")).toHaveLength(0)
    // Back: the form again, with what was typed.
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Back" })))
    expect((screen.getByLabelText(/^Number of Units/) as HTMLInputElement).value).toBe("20")
    units("30")
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Review sale" })))
    expect(reviewRow("Review your sale", "Into the sales queue")).toBe("20 Units")
    expect(calls.filter((c) => c.path === "/order/create_order")).toHaveLength(0)
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Confirm sale" })))
    const sent = calls.filter((c) => c.path === "/order/create_order")
    expect(sent).toHaveLength(1)
    expect(sent[0]?.body).toMatchObject({
      orderType: "SELL",
      currencyUnit: { unitType: "LAND_USD", numberOfUnits: 30 },
    })
  })

  it("sell: the review says the fee and the proceeds in money at today's price (core's sellQuote) and when payouts arrive (the queue's estimate, issue 38)", async () => {
    const calls = serve({
      "/order/sale_estimate": () => ({
        saleEstimate: {
          position: 3,
          ordersAhead: 2,
          unitsAhead: 240,
          remaining: 15,
          unitsBoughtLast30Days: 300,
          estimate: { kind: "estimate", days: 26, earliestDays: 18, latestDays: 40 },
        },
      }),
    })
    await renderInRouter(() => <SellForm data={data()} />)
    units("25")
    // The live summary already says it in money.
    expect(row("Your sale", "Sale fee")).toBe("10 Units ($114.90 today, 40% of the sale's value)")
    expect(row("Your sale", "You are paid, at today's price")).toBe("$172.35")
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Review sale" })))
    const quote = sellQuote(25, 10, PRICES.LAND_USD)
    expect(reviewRow("Review your sale", "Value of the Units you sell today")).toBe(
      formatMoney(quote.saleValueCents, "USD"),
    )
    expect(reviewRow("Review your sale", "Sale fee (to the platform)")).toBe(
      `10 Units (${formatMoney(quote.feeCents, "USD")} today, 40% of the sale's value)`,
    )
    expect(reviewRow("Review your sale", "You are paid, at today's price")).toBe(
      formatMoney(quote.proceedsCents, "USD"),
    )
    await waitFor(() =>
      expect(reviewRow("Review your sale", "When you are paid")).toBe(
        "About 26 days (range 18 to 40 days), at the pace of the last 30 days' buys. Each payout is owed as a buyer takes a slice.",
      ),
    )
    expect(reviewRow("Review your sale", "Ahead of yours in the queue")).toBe("240 Unit ($) (2 older sales)")
    expect(calls.map((c) => c.path)).toEqual(["/order/sale_estimate?unitType=LAND_USD&numberOfUnits=25"])
  })

  it("sell: without an estimate the review still says how payouts come, in words", async () => {
    serve({ "/order/sale_estimate": () => ({ __status: 503, message: "Server busy" }) })
    await renderInRouter(() => <SellForm data={data()} />)
    units("25")
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Review sale" })))
    await waitFor(() =>
      expect(reviewRow("Review your sale", "When you are paid")).toBe(
        "No estimate now (Server busy). You are paid as buyers take your Units.",
      ),
    )
  })

  it("convert: the review shows the fee, the Units leaving, the Units received and until when they are locked", async () => {
    const calls = serve({
      "/order/create_order": () => ({ orderCreatedData: { orderId: "ord_c1", orderStatus: "Locked" } }),
    })
    await renderInRouter(() => <ConvertForm data={data({ ownedUsd: 50 })} />)
    units("20")
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Review conversion" })))
    const received = convertedUnits({
      units: 20,
      fromPricePerUnit: PRICES.LAND_USD,
      toPricePerUnit: PRICES.LAND_AUD,
      exchangeRate: 1_513_761,
    })
    expect(reviewRow("Review your conversion", "Convert fee (to the platform)")).toBe(
      `2 Unit ($), worth ${formatMoney(subtotalCents(2, PRICES.LAND_USD, false), "USD")}`,
    )
    expect(reviewRow("Review your conversion", "Leaving your owned Units")).toBe("22 Unit ($)")
    expect(reviewRow("Review your conversion", "You receive, locked")).toBe(`${received} Unit (A$)`)
    expect(reviewRow("Review your conversion", "Locked until")).toMatch(
      /^about \w{3} \d{1,2}, \d{4}, .* UTC$/,
    )
    expect(calls.filter((c) => c.path === "/order/create_order")).toHaveLength(0)
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Back" })))
    expect(calls.filter((c) => c.path === "/order/create_order")).toHaveLength(0)
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Review conversion" })))
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Confirm conversion" })))
    expect(calls.filter((c) => c.path === "/order/create_order")).toHaveLength(1)
  })
})

describe("a convert's review shows the remainder paid back, in money (shared/decisions.md, Converts)", () => {
  const review = () => within(screen.getByRole("region", { name: "Review your conversion" }))
  const reviewRow = (term: string) => review().getByText(term).nextElementSibling?.textContent
  const USD_AUD = {
    fromPricePerUnit: PRICES.LAND_USD,
    toPricePerUnit: PRICES.LAND_AUD,
    exchangeRate: 1_513_761,
  }

  it("shows the value given, the fee and the remainder in money beside the Units, and why the remainder is paid back", async () => {
    serve({})
    await renderInRouter(() => <ConvertForm data={data({ ownedUsd: 50 })} />)
    units("20")
    const quote = convertQuote({ units: 20, feeUnits: 2, ...USD_AUD })
    // 20 × $11.49 × 1.513761 = A$347.86 = 20.7 Units (A$) at A$16.80: 20 whole, and $7.8 of value left.
    expect(quote.units).toBe(20)
    expect(quote.remainderCents).toBeGreaterThan(0)
    expect(row("Your conversion", "Paid back to you")).toBe(formatMoney(quote.remainderCents, "USD"))
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Review conversion" })))
    expect(reviewRow("You convert")).toBe(`20 Unit ($), worth ${formatMoney(quote.valueCents, "USD")}`)
    expect(reviewRow("Value of the Units you receive")).toBe(formatMoney(quote.receivedValueCents, "AUD"))
    expect(reviewRow("Paid back to you (the remainder)")).toBe(formatMoney(quote.remainderCents, "USD"))
    expect(reviewRow("You receive, locked")).toBe("20 Unit (A$)")
    expect(
      review().getByText(
        `Units are whole: ${formatMoney(quote.remainderCents, "USD")} of the value of your Unit ($) buys no whole Unit (A$). It is yours: it is paid back to your bank account as a payout, with the other payouts.`,
      ),
    ).toBeTruthy()
  })

  it("offers the nearest number of Units whose remainder is smallest; its button reviews that number, which Confirm sends", async () => {
    const calls = serve({
      "/order/create_order": () => ({ orderCreatedData: { orderId: "ord_c2", orderStatus: "Locked" } }),
    })
    await renderInRouter(() => <ConvertForm data={data({ ownedUsd: 50 })} />)
    units("20")
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Review conversion" })))
    const suggestion = smallestRemainderNearby({ units: 20, maxUnits: 48, ...USD_AUD })!
    expect(suggestion.remainderCents).toBeLessThan(convertRemainderCents({ units: 20, ...USD_AUD }))
    const take = review().getByRole("button", { name: `Convert ${suggestion.units} Unit ($) instead` })
    await act(async () => fireEvent.click(take))
    expect(reviewRow("You convert")).toMatch(new RegExp(`^${suggestion.units} Unit \\(\\$\\), worth`))
    expect(reviewRow("Paid back to you (the remainder)")).toBe(formatMoney(suggestion.remainderCents, "USD"))
    // Said, and focused, so the change is not missed (WCAG 4.1.3, 2.4.3).
    expect(document.activeElement?.textContent).toBe(
      `You now convert ${suggestion.units} Unit ($): ${formatMoney(suggestion.remainderCents, "USD")} is paid back to you.`,
    )
    expect(calls.filter((c) => c.path === "/order/create_order")).toHaveLength(0)
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Confirm conversion" })))
    const sent = calls.filter((c) => c.path === "/order/create_order")
    expect(sent.map((c) => c.body)).toEqual([
      expect.objectContaining({ currencyUnit: { unitType: "LAND_USD", numberOfUnits: suggestion.units } }),
    ])
  })

  it("offers no other number when whole Units are bought, and Back keeps the number the suggestion set", async () => {
    serve({})
    const exact = data({ ownedUsd: 50 })
    // 1 USD = 1.68 AUD at $10.00 and A$16.80: every Unit ($) buys one Unit (A$), nothing left.
    const bundle = {
      ...exact.bundle,
      prices: exact.bundle.prices.map((p) =>
        p.unitType === "LAND_USD" ? { ...p, pricePerUnit: 10_000 } : p,
      ),
      exchangeRate: [{ from: "USD", to: "AUD", rate: 1_680_000, day: "2026-11-23" }],
    } as typeof exact.bundle
    await renderInRouter(() => <ConvertForm data={{ ...exact, bundle }} />)
    units("20")
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Review conversion" })))
    expect(reviewRow("Paid back to you (the remainder)")).toBe("Nothing is left over")
    expect(review().queryByRole("button", { name: /instead$/ })).toBeNull()
    cleanup()
    await renderInRouter(() => <ConvertForm data={data({ ownedUsd: 50 })} />)
    units("20")
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Review conversion" })))
    const suggestion = smallestRemainderNearby({ units: 20, maxUnits: 48, ...USD_AUD })!
    await act(async () =>
      fireEvent.click(review().getByRole("button", { name: `Convert ${suggestion.units} Unit ($) instead` })),
    )
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Back" })))
    expect((screen.getByLabelText(/^Number of Units/) as HTMLInputElement).value).toBe(
      String(suggestion.units),
    )
  })
})

describe("focus follows the order forms' steps within the page (WCAG 2.4.3)", () => {
  const press = async (name: string) => {
    const button = screen.getByRole("button", { name })
    button.focus()
    await act(async () => fireEvent.click(button))
  }

  it("buy: the review's heading, Back → the review button, a refused order → its message (not an alert as well)", async () => {
    serve({ "/order/create_order": () => ({ __status: 409, message: "You have too many unpaid orders" }) })
    await renderInRouter(() => <BuyForm data={data({ userType: "BUSINESS" })} />)
    units("3")
    await press("Review your buy")
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Review your buy" }))
    await press("Back")
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Review your buy" }))
    await press("Review your buy")
    fireEvent.click(screen.getByLabelText(BUY_CONFIRMATION_WORDS))
    await press("Buy Units")
    await waitFor(() => expect(document.activeElement?.textContent).toBe("You have too many unpaid orders"))
    expect(document.activeElement?.getAttribute("tabindex")).toBe("-1")
    expect(document.activeElement?.getAttribute("role")).toBeNull()
  })

  it("sell: the review's heading, Back → the review button, a refused confirmation → its message", async () => {
    serve({ "/order/create_order": () => ({ __status: 400, message: "Your LU2X Units are still vesting" }) })
    await renderInRouter(() => <SellForm data={data()} />)
    units("20")
    expect(document.activeElement).not.toBe(screen.getByRole("button", { name: "Review sale" }))
    await press("Review sale")
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Review your sale" }))
    await press("Back")
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Review sale" }))
    await press("Review sale")
    await press("Confirm sale")
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Your LU2X Units are still vesting"))
  })

  it("convert: the review's heading, then Back → the review button", async () => {
    serve({})
    await renderInRouter(() => <ConvertForm data={data({ ownedUsd: 50 })} />)
    units("20")
    await press("Review conversion")
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Review your conversion" }))
    await press("Back")
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Review conversion" }))
  })
})

describe("the forms open on what the member holds (issue 27)", () => {
  it("a holder of Unit (£) only opens Buy, Sell, Transfer and Convert on it", async () => {
    serve({})
    const pounds = data({ holdings: [holding("LAND_POUND", 20)] })
    for (const Form of [BuyForm, SellForm, TransferForm]) {
      await renderInRouter(() => <Form data={pounds} />)
      expect((screen.getByLabelText("Unit type") as HTMLSelectElement).value, Form.name).toBe("LAND_POUND")
      cleanup()
    }
    await renderInRouter(() => <ConvertForm data={pounds} />)
    expect((screen.getByLabelText("Convert from") as HTMLSelectElement).value).toBe("LAND_POUND")
    expect((screen.getByLabelText("Convert to") as HTMLSelectElement).value).toBe("LAND_AUD")
  })

  it("a member who holds nothing, or several types with the default among them, gets spec §4's LAND_USD", async () => {
    serve({})
    for (const holdings of [[], [holding("LAND_POUND", 5), holding("LAND_USD", 1)]]) {
      await renderInRouter(() => <SellForm data={data({ holdings })} />)
      expect((screen.getByLabelText("Unit type") as HTMLSelectElement).value).toBe("LAND_USD")
      cleanup()
    }
  })
})

describe("result pages", () => {
  it("carry the card notices of spec §9: the first provider 7 days, the second 3", () => {
    expect(CARD_NOTICES["card-stripe"]).toContain("7 days")
    expect(CARD_NOTICES["card-square"]).toContain("3 days")
  })
})

describe("the step-up before Units move out (issue 37)", () => {
  const stepUpRefusal = {
    __status: 403,
    _tag: "SecondFactorRequired",
    message: SecondFactorMessages.stepUpRequired,
  }

  it("a transfer refused with 403 SecondFactorRequired shows the step-up prompt (its heading focused), then sends the same transfer again under the same Idempotency-Key", async () => {
    let stepped = false
    const calls = serve({
      "/user/getUserNameByEmail": () => ({ name: "Rosa R." }),
      "/user/second-factor/step-up": () => {
        stepped = true
        return { message: "Thank you." }
      },
      "/order/create_order": () =>
        stepped ? { orderCreatedData: { orderId: "ord_t2", orderStatus: "Completed" } } : stepUpRefusal,
    })
    await renderInRouter(() => <TransferForm data={data()} />)
    units("5")
    fireEvent.change(screen.getByLabelText(/^Recipient's email/), {
      target: { value: "rosa@landunits.example" },
    })
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Find recipient" })))
    await waitFor(() => expect(screen.getByText("Rosa R.", { selector: "strong" })).toBeTruthy())
    await act(async () =>
      fireEvent.click(screen.getByRole("button", { name: "Transfer 5 Units to Rosa R." })),
    )
    const heading = await screen.findByRole("heading", { name: "Confirm it is you" })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(screen.getByText(SecondFactorMessages.stepUpRequired)).toBeTruthy()

    fireEvent.change(screen.getByLabelText(/^Code/), { target: { value: "123456" } })
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Confirm" })))
    await waitFor(() => expect(calls.filter((c) => c.path === "/order/create_order")).toHaveLength(2))
    const [refused, sent] = calls.filter((c) => c.path === "/order/create_order")
    expect(calls.find((c) => c.path === "/user/second-factor/step-up")?.body).toEqual({ code: "123456" })
    expect(sent!.body).toEqual(refused!.body)
    expect(sent!.key).toBeDefined()
    expect(sent!.key).toBe(refused!.key)
  })

  it("a sale's confirmation refused with 403 SecondFactorRequired shows the prompt in the review, then confirms again under the same key", async () => {
    let stepped = false
    const calls = serve({
      "/user/second-factor/step-up": () => {
        stepped = true
        return { message: "Thank you." }
      },
      "/order/create_order": () =>
        stepped ? { orderCreatedData: { orderId: "ord_s2", orderStatus: "Pending" } } : stepUpRefusal,
    })
    await renderInRouter(() => <SellForm data={data({ ownedUsd: 100 })} />)
    units("40")
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Review sale" })))
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Confirm sale" })))
    const heading = await screen.findByRole("heading", { name: "Confirm it is you" })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    fireEvent.change(screen.getByLabelText(/^Code/), { target: { value: "654321" } })
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Confirm" })))
    await waitFor(() => expect(calls.filter((c) => c.path === "/order/create_order")).toHaveLength(2))
    const [refused, sent] = calls.filter((c) => c.path === "/order/create_order")
    expect(sent!.key).toBe(refused!.key)
    expect(sent!.body).toEqual(refused!.body)
  })
})
