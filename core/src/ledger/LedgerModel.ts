/**
 * The double-entry ledger of Units (decisions.md, Ledger).
 *
 * Every movement of Units is a transfer of a positive whole number of Units of one unit type from one
 * account to another, tied to the order that caused it. Balances are sums of transfers: credits (`to`)
 * minus debits (`from`). Per unit type the balances of all accounts sum to zero, because every transfer
 * debits one account and credits another by the same amount. The platform's issuance account is the one
 * account allowed below zero: its balance is minus the number of Units of that type in existence.
 */
import { Schema } from "effect"
import { CurrencyType, UnitType } from "../shared/Enums.ts"
import { MemberId, OrderId, TransferId } from "../shared/Ids.ts"

/** The balances a member holds per unit type, named as spec §3's Unit holding. */
export const MemberBuckets = [
  "owned",
  "owned_DOUBLE_LAND",
  "pendingBuy",
  "pendingSell",
  "convertLocked",
] as const
export const MemberBucket = Schema.Literals(MemberBuckets)
export type MemberBucket = typeof MemberBucket.Type

/**
 * The platform's accounts per unit type.
 * - issuance: where new Units come from and retired Units go back to (balance ≤ 0).
 * - fees: the sell and convert fees taken in Units.
 * The sales queue needs no platform account: queued Units stay in their seller's pendingSell account
 * until a buyer takes them (see docs/ledger.md).
 */
export const PlatformAccountNames = ["issuance", "fees"] as const
export const PlatformAccountName = Schema.Literals(PlatformAccountNames)
export type PlatformAccountName = typeof PlatformAccountName.Type

export const MemberAccount = Schema.TaggedStruct("MemberAccount", {
  memberId: MemberId,
  bucket: MemberBucket,
})
export type MemberAccount = typeof MemberAccount.Type

export const PlatformAccount = Schema.TaggedStruct("PlatformAccount", {
  name: PlatformAccountName,
})
export type PlatformAccount = typeof PlatformAccount.Type

/** An account of the ledger; the unit type is carried by the transfer, so every account exists per unit type. */
export const Account = Schema.Union([MemberAccount, PlatformAccount])
export type Account = typeof Account.Type

/** A positive whole number of Units. */
export const PositiveUnits = Schema.Int.check(Schema.isGreaterThan(0))

/** A transfer as a service asks for it, before it gets its id and time. */
export const TransferDraft = Schema.Struct({
  unitType: UnitType,
  from: Account,
  to: Account,
  units: PositiveUnits,
})
export type TransferDraft = typeof TransferDraft.Type

/** One line of the append-only ledger. */
export const Transfer = Schema.Struct({
  transferId: TransferId,
  unitType: UnitType,
  from: Account,
  to: Account,
  units: PositiveUnits,
  /** The order that caused the transfer. */
  orderId: OrderId,
  /** Epoch milliseconds (UTC) at which the transfer was appended. */
  at: Schema.Int,
})
export type Transfer = typeof Transfer.Type

/** The balance of one account for one unit type. */
export const Balance = Schema.Struct({
  unitType: UnitType,
  account: Account,
  units: Schema.Int,
})
export type Balance = typeof Balance.Type

/** Shorthands that read like the docs: `member(id, "owned")`, `platform("issuance")`. */
export const member = (memberId: MemberId, bucket: MemberBucket): MemberAccount =>
  MemberAccount.make({ memberId, bucket })

export const platform = (name: PlatformAccountName): PlatformAccount => PlatformAccount.make({ name })

export const ISSUANCE = platform("issuance")
export const FEES = platform("fees")

/**
 * A member's holding of one unit type (spec §3 Unit holding): balances in Units, values in cents.
 * total_value_bought is the average-cost basis of the Units held (see Holdings.ts).
 */
export const UnitHolding = Schema.Struct({
  unitType: UnitType,
  owned: Schema.Int,
  owned_DOUBLE_LAND: Schema.Int,
  pendingBuy: Schema.Int,
  pendingSell: Schema.Int,
  convertLocked: Schema.Int,
  total_value_bought: Schema.Int,
  total_value_today: Schema.Int,
  profit: Schema.Int,
  /** profit / total_value_bought in percent, two decimals (0 when nothing was bought). */
  profit_percentage: Schema.Finite,
  currencyType: CurrencyType,
})
export type UnitHolding = typeof UnitHolding.Type
