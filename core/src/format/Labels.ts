/**
 * The words people read for the codes of spec §3 and §4 (issue 27): order statuses, KYC statuses, payment
 * methods, order types and directions. The codes stay what the API, the CLI's JSON and the database say; every
 * page, badge, filter option, email and statement shows these labels instead. Plain values only (no schema), so
 * the web app's entry chunk can load it.
 */
import type {
  KycStatus,
  MovementDirection,
  OrderStatus,
  OrderType,
  PaymentMethod,
} from "../shared/EnumValues.ts"

/** An order status in words, whatever the order's type (filter options, statements). */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  Initiated: "Initiated",
  InProcess: "In process",
  Failed: "Failed",
  Cancelled: "Cancelled",
  PaymentSent: "Payment sent",
  PaymentSent_FromUserCrypto: "Crypto payment sent",
  Approved: "Approved",
  Completed: "Completed",
  PartialComplete: "Partly sold",
  AllUnitSold: "All Units sold",
  FundsWaitingApproval: "Funds received",
  AUDReadyToSendBetweenAccounts: "Ready to pay out (AUD)",
  Locked: "Locked",
  Expired: "Expired",
}

/**
 * Where one order type says more than the general label (decisions.md): a buy that is Initiated waits for its
 * payment and one InProcess has its payment started; a sale InProcess is in the sales queue; converted Units are
 * locked for their 30 days.
 */
const ORDER_STATUS_LABELS_BY_TYPE: Readonly<
  Partial<Record<OrderType, Partial<Record<OrderStatus, string>>>>
> = {
  BUY: { Initiated: "Awaiting payment", InProcess: "Payment in progress" },
  SELL: { InProcess: "In the sales queue" },
  CONVERT: { Locked: "Locked for 30 days" },
}

/** An order status in words; with the order's type when it is known (badges, order pages). */
export const orderStatusLabel = (status: OrderStatus, orderType?: OrderType): string =>
  (orderType === undefined ? undefined : ORDER_STATUS_LABELS_BY_TYPE[orderType]?.[status]) ??
  ORDER_STATUS_LABELS[status]

export const KYC_STATUS_LABELS: Readonly<Record<KycStatus, string>> = {
  UnVerified: "Not verified",
  "Details Saved": "Details saved",
  "Pending Verification": "Waiting for review",
  Verified: "Verified",
  "Not Approved": "Not approved",
}

export const kycStatusLabel = (status: KycStatus): string => KYC_STATUS_LABELS[status]

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  None: "None",
  "card-stripe": "Card (Stripe)",
  "card-square": "Card (Square)",
  crypto: "Crypto",
  bank: "Bank transfer",
}

export const paymentMethodLabel = (method: PaymentMethod): string => PAYMENT_METHOD_LABELS[method]

export const ORDER_TYPE_LABELS: Readonly<Record<OrderType, string>> = {
  BUY: "Buy",
  SELL: "Sell",
  TRANSFER: "Transfer",
  CONVERT: "Convert",
}

export const orderTypeLabel = (orderType: OrderType): string => ORDER_TYPE_LABELS[orderType]

export const DIRECTION_LABELS: Readonly<Record<MovementDirection, string>> = {
  SENT: "Sent",
  RECEIVED: "Received",
}

/** The identity check's page and tab title (spec §2's side menu keeps its own "Kyc Verification"). */
export const KYC_PAGE_TITLE = "Identity verification (KYC)"
