/**
 * The enumerations of spec §3 and §4, each as a schema with its type beside it.
 */
import { Schema } from "effect"

export const UnitTypes = ["LAND_EUR", "LAND_USD", "LAND_AUD", "LAND_POUND"] as const
export const UnitType = Schema.Literals(UnitTypes)
export type UnitType = typeof UnitType.Type

/** A unit type or LAND_ALL, used only as a filter. */
export const UnitTypeFilter = Schema.Literals([...UnitTypes, "LAND_ALL"])
export type UnitTypeFilter = typeof UnitTypeFilter.Type

export const CurrencyTypes = ["EUR", "USD", "AUD", "GBP"] as const
export const CurrencyType = Schema.Literals(CurrencyTypes)
export type CurrencyType = typeof CurrencyType.Type

export const CurrencySymbol: Readonly<Record<CurrencyType, string>> = {
  USD: "$",
  EUR: "€",
  AUD: "A$",
  GBP: "£",
}

export const CurrencyOfUnitType: Readonly<Record<UnitType, CurrencyType>> = {
  LAND_EUR: "EUR",
  LAND_USD: "USD",
  LAND_AUD: "AUD",
  LAND_POUND: "GBP",
}

export const UnitTypeOfCurrency: Readonly<Record<CurrencyType, UnitType>> = {
  EUR: "LAND_EUR",
  USD: "LAND_USD",
  AUD: "LAND_AUD",
  GBP: "LAND_POUND",
}

/** Display names: 'Unit (€)', 'Unit ($)', 'Unit (A$)', 'Unit (£)'. */
export const unitDisplayName = (unitType: UnitType): string =>
  `Unit (${CurrencySymbol[CurrencyOfUnitType[unitType]]})`

export const UserTypes = ["USER", "BUSINESS"] as const
export const UserType = Schema.Literals(UserTypes)
export type UserType = typeof UserType.Type

export const PaymentMethods = ["None", "card-stripe", "card-square", "crypto", "bank"] as const
export const PaymentMethod = Schema.Literals(PaymentMethods)
export type PaymentMethod = typeof PaymentMethod.Type

/** Payment methods that actually move money (every method but None). */
export const PayingMethods = ["card-stripe", "card-square", "crypto", "bank"] as const
export const PayingMethod = Schema.Literals(PayingMethods)
export type PayingMethod = typeof PayingMethod.Type

export const CryptoCoins = ["BITCOIN", "ETHER"] as const
export const CryptoCoin = Schema.Literals(CryptoCoins)
export type CryptoCoin = typeof CryptoCoin.Type

export const OrderTypes = ["BUY", "SELL", "TRANSFER", "CONVERT"] as const
export const OrderType = Schema.Literals(OrderTypes)
export type OrderType = typeof OrderType.Type

export const OrderStatuses = [
  "Initiated",
  "InProcess",
  "Failed",
  "Cancelled",
  "PaymentSent",
  "PaymentSent_FromUserCrypto",
  "Approved",
  "Completed",
  "PartialComplete",
  "AllUnitSold",
  "FundsWaitingApproval",
  "AUDReadyToSendBetweenAccounts",
  "Locked",
  "Expired",
] as const
export const OrderStatus = Schema.Literals(OrderStatuses)
export type OrderStatus = typeof OrderStatus.Type

/** Badge colour of every order status (spec §4). */
export const OrderStatusColour: Readonly<Record<OrderStatus, string>> = {
  Initiated: "#cccccc",
  InProcess: "#ffcc00",
  Failed: "#ff0000",
  Cancelled: "#cccccc",
  PaymentSent: "#c8a2c8",
  Approved: "#00ff00",
  Completed: "#0acf37",
  PartialComplete: "#ffff00",
  AllUnitSold: "#3399ff",
  FundsWaitingApproval: "#ff6600",
  AUDReadyToSendBetweenAccounts: "#d2b48c",
  Locked: "#999900",
  PaymentSent_FromUserCrypto: "#8a2be2",
  Expired: "#808080",
}

export const KycStatuses = [
  "UnVerified",
  "Details Saved",
  "Pending Verification",
  "Verified",
  "Not Approved",
] as const
export const KycStatus = Schema.Literals(KycStatuses)
export type KycStatus = typeof KycStatus.Type

export type StatusColourClass = "warning" | "success" | "danger"

/** Colour class of a KYC status: warning for the first three, success for Verified, danger for Not Approved. */
export const KycStatusColour: Readonly<Record<KycStatus, StatusColourClass>> = {
  UnVerified: "warning",
  "Details Saved": "warning",
  "Pending Verification": "warning",
  Verified: "success",
  "Not Approved": "danger",
}

export const ProcessStatuses = ["Initiated", "InProcess", "Failed", "Completed"] as const
export const ProcessStatus = Schema.Literals(ProcessStatuses)
export type ProcessStatus = typeof ProcessStatus.Type

export const ApprovalStatuses = ["Not Started", "Pending", "Approved", "Rejected"] as const
export const ApprovalStatus = Schema.Literals(ApprovalStatuses)
export type ApprovalStatus = typeof ApprovalStatus.Type

export const MovementDirections = ["SENT", "RECEIVED"] as const
export const MovementDirection = Schema.Literals(MovementDirections)
export type MovementDirection = typeof MovementDirection.Type

export const TransactionTabs = ["buy", "sell", "transfer", "convert"] as const
export const TransactionTab = Schema.Literals(TransactionTabs)
export type TransactionTab = typeof TransactionTab.Type

export const DocumentTab = Schema.Literal("statistics")
export type DocumentTab = typeof DocumentTab.Type

export const SortDirections = ["asc", "desc"] as const
export const SortDirection = Schema.Literals(SortDirections)
export type SortDirection = typeof SortDirection.Type
