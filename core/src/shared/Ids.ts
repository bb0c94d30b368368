import { Schema } from "effect"

export const MemberId = Schema.String.check(Schema.isMinLength(1)).pipe(Schema.brand("MemberId"))
export type MemberId = typeof MemberId.Type

export const OrderId = Schema.String.check(Schema.isMinLength(1)).pipe(Schema.brand("OrderId"))
export type OrderId = typeof OrderId.Type

export const PayoutId = Schema.String.check(Schema.isMinLength(1)).pipe(Schema.brand("PayoutId"))
export type PayoutId = typeof PayoutId.Type

export const TransferId = Schema.String.check(Schema.isMinLength(1)).pipe(Schema.brand("TransferId"))
export type TransferId = typeof TransferId.Type

/** A client-chosen key that makes a command safe to repeat (decisions.md, Idempotency). */
export const IdempotencyKey = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(255)).pipe(
  Schema.brand("IdempotencyKey"),
)
export type IdempotencyKey = typeof IdempotencyKey.Type
