/**
 * The enumerations of spec §3 and §4 as plain values and types, with no schema: what a page needs to list or
 * name them without loading Effect's Schema (the web app's entry chunk). Enums.ts adds a schema to each.
 */

export const UnitTypes = ["LAND_EUR", "LAND_USD", "LAND_AUD", "LAND_POUND"] as const
export type UnitType = (typeof UnitTypes)[number]

/** A unit type or LAND_ALL, used only as a filter. */
export const UnitTypeFilters = [...UnitTypes, "LAND_ALL"] as const
export type UnitTypeFilter = (typeof UnitTypeFilters)[number]

export const CurrencyTypes = ["EUR", "USD", "AUD", "GBP"] as const
export type CurrencyType = (typeof CurrencyTypes)[number]

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
export type UserType = (typeof UserTypes)[number]

export const PaymentMethods = ["None", "card-stripe", "card-square", "crypto", "bank"] as const
export type PaymentMethod = (typeof PaymentMethods)[number]

/** Payment methods that actually move money (every method but None). */
export const PayingMethods = ["card-stripe", "card-square", "crypto", "bank"] as const
export type PayingMethod = (typeof PayingMethods)[number]

export const CryptoCoins = ["BITCOIN", "ETHER"] as const
export type CryptoCoin = (typeof CryptoCoins)[number]

export const OrderTypes = ["BUY", "SELL", "TRANSFER", "CONVERT"] as const
export type OrderType = (typeof OrderTypes)[number]

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
export type OrderStatus = (typeof OrderStatuses)[number]

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
export type KycStatus = (typeof KycStatuses)[number]

export type StatusColourClass = "warning" | "success" | "danger"

/** Colour class of a KYC status: warning for the first three, success for Verified, danger for Not Approved. */
export const KycStatusColour: Readonly<Record<KycStatus, StatusColourClass>> = {
  UnVerified: "warning",
  "Details Saved": "warning",
  "Pending Verification": "warning",
  Verified: "success",
  "Not Approved": "danger",
}

export const ApprovalStatuses = ["Not Started", "Pending", "Approved", "Rejected"] as const
export type ApprovalStatus = (typeof ApprovalStatuses)[number]

export const MovementDirections = ["SENT", "RECEIVED"] as const
export type MovementDirection = (typeof MovementDirections)[number]

export const SortDirections = ["asc", "desc"] as const
export type SortDirection = (typeof SortDirections)[number]
