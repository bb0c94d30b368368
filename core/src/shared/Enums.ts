/**
 * The enumerations of spec §3 and §4, each as a schema with its type beside it. The plain values (the lists,
 * colours and display names) are in EnumValues.ts, which loads no schema, and are exported from here too.
 */
import { Schema } from "effect"
import {
  ApprovalStatuses,
  CryptoCoins,
  CurrencyTypes,
  KycStatuses,
  MovementDirections,
  OrderStatuses,
  OrderTypes,
  PayingMethods,
  PaymentMethods,
  SortDirections,
  UnitTypeFilters,
  UnitTypes,
  UserTypes,
} from "./EnumValues.ts"

export * from "./EnumValues.ts"

export const UnitType = Schema.Literals(UnitTypes)
export type UnitType = typeof UnitType.Type

/** A unit type or LAND_ALL, used only as a filter. */
export const UnitTypeFilter = Schema.Literals(UnitTypeFilters)
export type UnitTypeFilter = typeof UnitTypeFilter.Type

export const CurrencyType = Schema.Literals(CurrencyTypes)
export type CurrencyType = typeof CurrencyType.Type

export const UserType = Schema.Literals(UserTypes)
export type UserType = typeof UserType.Type

export const PaymentMethod = Schema.Literals(PaymentMethods)
export type PaymentMethod = typeof PaymentMethod.Type

/** Payment methods that actually move money (every method but None). */
export const PayingMethod = Schema.Literals(PayingMethods)
export type PayingMethod = typeof PayingMethod.Type

export const CryptoCoin = Schema.Literals(CryptoCoins)
export type CryptoCoin = typeof CryptoCoin.Type

export const OrderType = Schema.Literals(OrderTypes)
export type OrderType = typeof OrderType.Type

export const OrderStatus = Schema.Literals(OrderStatuses)
export type OrderStatus = typeof OrderStatus.Type

export const KycStatus = Schema.Literals(KycStatuses)
export type KycStatus = typeof KycStatus.Type

export const ApprovalStatus = Schema.Literals(ApprovalStatuses)
export type ApprovalStatus = typeof ApprovalStatus.Type

export const MovementDirection = Schema.Literals(MovementDirections)
export type MovementDirection = typeof MovementDirection.Type

export const SortDirection = Schema.Literals(SortDirections)
export type SortDirection = typeof SortDirection.Type
