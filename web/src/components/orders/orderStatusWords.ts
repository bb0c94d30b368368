/**
 * An order's status in words, for the order page and the dashboard's unpaid orders (issue 27). The spec's
 * codes stay in the API; people read these. One small function, kept apart so that the app's one mapping
 * of codes to labels (issue 27, "Words, not codes") can take its place.
 */
import type { OrderStatus, OrderType } from "@landunits/core/shared/EnumValues.ts"

const WORDS: Readonly<Record<OrderStatus, string>> = {
  Initiated: "Created",
  InProcess: "In progress",
  Failed: "Payment failed",
  Cancelled: "Cancelled",
  PaymentSent: "Payment sent, being checked",
  PaymentSent_FromUserCrypto: "Crypto payment sent, being checked",
  Approved: "Paid",
  Completed: "Completed",
  PartialComplete: "Partly sold",
  AllUnitSold: "All Units sold",
  FundsWaitingApproval: "Funds received, being approved",
  AUDReadyToSendBetweenAccounts: "Payout being prepared",
  Locked: "Locked for 30 days",
  Expired: "Expired unpaid",
}

export const orderStatusWords = (orderType: OrderType, status: OrderStatus): string => {
  if (orderType === "BUY" && (status === "Initiated" || status === "InProcess"))
    return "Waiting for your payment"
  if (orderType === "SELL" && status === "InProcess") return "In the sales queue"
  return WORDS[status]
}

/** What each order type is called in a sentence ("Buy of 10 Unit ($)"). */
export const ORDER_TYPE_WORDS: Readonly<Record<OrderType, string>> = {
  BUY: "Buy",
  SELL: "Sale",
  TRANSFER: "Transfer",
  CONVERT: "Conversion",
}
