/**
 * The member's order and payment calls (spec §7 /order, /referencecode, /user/getUserNameByEmail, and the
 * payment page's /payments routes of docs/api.md). Every order command carries an Idempotency-Key: a repeat
 * answers the first result, so a retried click never creates a second order or a second payment.
 */

import type { OrderDetails } from "@landunits/adapters/http/api/OrdersApi.ts"
import type { MemberInvoice } from "@landunits/core/invoices/MemberInvoices.ts"
import type { UnitHolding } from "@landunits/core/ledger/LedgerModel.ts"
import type { Statistics } from "@landunits/core/market/MarketModel.ts"
import type { User } from "@landunits/core/members/MemberModel.ts"
import type { CoinOffers } from "@landunits/core/orders/CryptoOffers.ts"
import type { MemberPayout } from "@landunits/core/orders/MemberPayouts.ts"
import type { Order } from "@landunits/core/orders/OrderModel.ts"
import type { CryptoQuote, PaymentInstructions } from "@landunits/core/orders/PaymentInstructions.ts"
import type { SaleQueueStanding } from "@landunits/core/orders/SaleQueuePosition.ts"
import type {
  AdminBankDetails,
  ExchangeRate,
  ExternalFees,
  UnitPrice,
} from "@landunits/core/pricing/PricingModel.ts"
import type {
  CryptoCoin,
  CurrencyType,
  OrderStatus,
  OrderType,
  PaymentMethod,
  UnitType,
} from "@landunits/core/shared/EnumValues.ts"
import { call, readCookie } from "./client.ts"

/** The part of GET /user the order forms use. */
export interface OrderBundle {
  readonly user: User
  readonly prices: ReadonlyArray<UnitPrice>
  readonly userDashBoardDetails: { readonly holdings: ReadonlyArray<UnitHolding> }
  readonly exchangeRate: ReadonlyArray<ExchangeRate>
  readonly externalFees: ExternalFees
  readonly adminBankDetails: ReadonlyArray<{
    readonly currency: CurrencyType
    readonly details: AdminBankDetails
  }>
}

/** POST /order/create_order's body: the order's own fields at the top level, utmData beside them. */
export interface CreateOrderRequest {
  readonly orderType: OrderType
  readonly currencyUnit: {
    readonly unitType: UnitType
    readonly numberOfUnits: number
    readonly isDoubleLand?: boolean
  }
  readonly paymentDetails?: { readonly paymentMethod: PaymentMethod }
  readonly referenceCode?: string
  /** BUY: the buyer's purchase-order reference, printed on the invoice. */
  readonly purchaseOrderReference?: string
  /** BUY: the buyer confirms business purposes (the terms); the server refuses a buy without it. */
  readonly confirmsBusinessPurpose?: boolean
  readonly recipientEmail?: string
  readonly convert?: { readonly unitType: UnitType }
  readonly utmData?: Record<string, string>
}

/** GET /order/get_payment_intent/{id}. */
export interface PaymentIntent {
  readonly orderId: string
  readonly orderStatus: OrderStatus
  readonly paymentMethod: PaymentMethod
  readonly paymentAmount: number
  readonly currency: CurrencyType
  readonly clientSecret?: string
  readonly paymentId?: string
  readonly bankReference?: string
  readonly expiresAt?: number
  /** Payment attempts started: card, one provider payment each; crypto, one quote each. */
  readonly attempt?: number
  /** Card: the last declined attempt, in the member's words, while the order waits for another card. */
  readonly declined?: { readonly attempt: number; readonly at: number; readonly message: string }
  /** Crypto: the quote the order holds, shown again on return. */
  readonly cryptoQuote?: CryptoQuote
  readonly testMode: boolean
}

export type CardMode = "live" | "test" | "unavailable"

/** GET /payments/settings. */
export interface PaymentSettings {
  readonly stripe: { readonly mode: CardMode; readonly publishableKey?: string }
  readonly square: { readonly mode: CardMode; readonly applicationId?: string; readonly locationId?: string }
  readonly crypto: CoinOffers
  readonly testCards: ReadonlyArray<{ readonly number: string; readonly outcome: string }>
}

export interface TestPaymentAnswer {
  readonly testMode: true
  readonly outcome: "succeeded" | "declined" | "pending"
  readonly orderId: string
  readonly orderStatus: OrderStatus
  /** Declined: what the member reads (the reason, and whether the order waits for another card). */
  readonly message?: string
}

export interface DiscountTermsAnswer {
  readonly discount: {
    readonly code?: string
    readonly isPercent: boolean
    readonly amount: number
    readonly minPaymentAmountInCents: number
  }
}

/** A fresh idempotency key for one order the member means to create. */
export const newIdempotencyKey = (): string =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? `web-${crypto.randomUUID()}`
    : `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`

const keyed = (key: string) => ({ headers: { "Idempotency-Key": key } })

/** The attribution cookie (spec §7), attached to order creation and success. */
export const utmData = (): Record<string, string> | undefined => {
  const raw = typeof document === "undefined" ? undefined : readCookie("utm_data")
  if (raw === undefined) return undefined
  try {
    const parsed: unknown = JSON.parse(raw)
    if (typeof parsed !== "object" || parsed === null) return undefined
    const data: Record<string, string> = {}
    for (const key of ["utm_source", "utm_medium", "utm_campaign"]) {
      const value = (parsed as Record<string, unknown>)[key]
      if (typeof value === "string") data[key] = value
    }
    return Object.keys(data).length === 0 ? undefined : data
  } catch {
    return undefined
  }
}

export const ordersApi = {
  bundle: (): Promise<OrderBundle> => call("GET", "/user"),
  holdings: (): Promise<{ holdings: ReadonlyArray<UnitHolding> }> => call("GET", "/user/holdings"),
  statistics: (): Promise<Statistics> => call("GET", "/market/statistics"),
  createOrder: (order: CreateOrderRequest, key: string): Promise<{ orderCreatedData: Order }> =>
    call("POST", "/order/create_order", order, keyed(key)),
  /**
   * Starts (or continues) the payment's attempt `attempt` (docs/web.md): its key names the order, the coin and the
   * attempt, so a reload repeats the same attempt and another card after a decline, or a new quote, is a new one.
   */
  startPayment: (
    orderId: string,
    coin: CryptoCoin | undefined,
    attempt: number,
  ): Promise<{ orderData: Order; paymentInstructions: PaymentInstructions }> =>
    call(
      "POST",
      "/order/start_payment",
      coin === undefined ? { orderId } : { orderId, coin },
      keyed(`start-${orderId}${coin === undefined ? "" : `-${coin}`}-${attempt}`),
    ),
  successOrder: (orderId: string, transactionHash?: string): Promise<{ orderSuccessData: Order }> => {
    const utm = utmData()
    return call(
      "POST",
      "/order/success_order",
      {
        orderId,
        ...(transactionHash === undefined ? {} : { transactionHash }),
        ...(utm === undefined ? {} : { utmData: utm }),
      },
      keyed(`paid-${orderId}`),
    )
  },
  cancelOrder: (orderId: string): Promise<{ orderCancelledData: Order }> =>
    call("POST", "/order/cancel_order", { orderId }, keyed(`cancel-${orderId}`)),
  /** One order with its timeline as the member may read it. */
  orderDetails: (orderId: string): Promise<{ orderData: OrderDetails }> =>
    call("GET", `/order/get_order_details/${encodeURIComponent(orderId)}`),
  /** Every payout of the member's, or one order's (issue 38). */
  payouts: (orderId?: string): Promise<{ payouts: ReadonlyArray<MemberPayout> }> =>
    call(
      "GET",
      orderId === undefined ? "/order/payouts" : `/order/payouts?orderId=${encodeURIComponent(orderId)}`,
    ),
  /** The member's invoices and credit notes (issue 46): all of them, or one order's. */
  invoices: (orderId?: string): Promise<{ invoices: ReadonlyArray<MemberInvoice> }> =>
    call("GET", orderId === undefined ? "/invoices" : `/invoices?orderId=${encodeURIComponent(orderId)}`),
  /** Where a sale of N Units placed now would stand, and when it may be sold (the sell review). */
  saleEstimate: (unitType: UnitType, numberOfUnits: number): Promise<{ saleEstimate: SaleQueueStanding }> =>
    call("GET", `/order/sale_estimate?unitType=${unitType}&numberOfUnits=${numberOfUnits}`),
  paymentIntent: (orderId: string): Promise<{ paymentIntent: PaymentIntent }> =>
    call("GET", `/order/get_payment_intent/${encodeURIComponent(orderId)}`),
  paymentSettings: (): Promise<PaymentSettings> => call("GET", "/payments/settings"),
  testModePay: (orderId: string, cardNumber: string): Promise<TestPaymentAnswer> =>
    call("POST", "/payments/test-mode/pay", { orderId, cardNumber }),
  squareCharge: (
    orderId: string,
    sourceId: string,
    verificationToken?: string,
  ): Promise<{ paymentId: string; status: string }> =>
    call("POST", "/payments/square/charge", {
      orderId,
      sourceId,
      ...(verificationToken === undefined ? {} : { verificationToken }),
    }),
  discount: (code: string): Promise<DiscountTermsAnswer> =>
    call("GET", `/referencecode/get_discount_by_reference_code?code=${encodeURIComponent(code)}`),
  recipientName: (email: string): Promise<{ name: string }> =>
    call("GET", `/user/getUserNameByEmail?email=${encodeURIComponent(email)}`),
}
